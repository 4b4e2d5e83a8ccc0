#ifndef FEEDSCROLL_CNCURSESW_SHIM_H
#define FEEDSCROLL_CNCURSESW_SHIM_H

/*
 * The ncursesw API as Swift can use it.
 *
 * SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600, so the wide API has to be asked for here.
 * Macros that take arguments, and C mutable globals (which Swift 6 rejects), are wrapped in
 * static inline functions prefixed `fs_`.
 */
#define NCURSES_WIDECHAR 1

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>

#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* Glibc's Swift module hides these (they need _XOPEN_SOURCE). */
extern int wcwidth(wchar_t c);
extern int wcswidth(const wchar_t *s, size_t n);

// MARK: - Globals as functions

static inline WINDOW *fs_stdscr(void) { return stdscr; }
static inline WINDOW *fs_curscr(void) { return curscr; }
static inline FILE *fs_stdin(void) { return stdin; }
static inline FILE *fs_stdout(void) { return stdout; }
static inline int fs_colors(void) { return COLORS; }
static inline int fs_color_pairs(void) { return COLOR_PAIRS; }
static inline int fs_getmaxy(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int fs_getmaxx(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline int fs_key_f(int n) { return KEY_F(n); }

// MARK: - Attributes

static inline attr_t fs_a_normal(void) { return A_NORMAL; }
static inline attr_t fs_a_bold(void) { return A_BOLD; }
static inline attr_t fs_a_dim(void) { return A_DIM; }
static inline attr_t fs_a_reverse(void) { return A_REVERSE; }
static inline attr_t fs_a_underline(void) { return A_UNDERLINE; }
static inline attr_t fs_a_italic(void) { return A_ITALIC; }
static inline attr_t fs_a_attributes(void) { return A_ATTRIBUTES; }
static inline attr_t fs_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }

// MARK: - Mouse

static inline mmask_t fs_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t fs_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t fs_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t fs_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t fs_button5_pressed(void) { return BUTTON5_PRESSED; }

// MARK: - Terminal size and locale

/* ioctl is variadic, which Swift cannot call. Returns 0 and fills rows/cols, or -1. */
static inline int fs_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_row == 0 || ws.ws_col == 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

static inline const char *fs_codeset(void) { return nl_langinfo(CODESET); }

/*
 * Whether terminfo knows `name` and it can address the cursor.
 * Returns 1 (usable), 0 (known but no `cup`), -1 (unknown type / no terminfo database).
 * Leaves whatever terminal ncurses had current untouched.
 */
static inline int fs_probe_terminal(const char *name) {
    TERMINAL *previous = cur_term;
    int err = 0;
    int status = setupterm(name, -1, &err);
    TERMINAL *probe = cur_term;
    int result;
    if (status != OK || err != 1) {
        result = -1;
    } else {
        char *cup = tigetstr("cup");
        result = (cup != NULL && cup != (char *)-1) ? 1 : 0;
    }
    if (probe != previous) {
        set_curterm(previous);
        if (probe != NULL) del_curterm(probe);
    }
    return result;
}

// MARK: - Signals

/*
 * The signal handlers live in C because only C can promise async-signal-safety: a Swift
 * function may retain, release or check exclusivity. Each handler uses only write(2),
 * sigaction(2), sigprocmask(2), raise(3) and endwin(3X) (which NCURSES.md checked is safe to
 * call from a handler on this platform).
 *
 * The state below is `static`, so every object file that uses these functions gets its own
 * copy: call the fs_signals_* functions from ONE Swift file only (TerminalSignals.swift).
 */

/* Bytes written to the self-pipe. */
#define FS_SIGNAL_RESIZE 'W'
#define FS_SIGNAL_RESUME 'C'

/* One initialised object: Swift's importer does not emit tentative (uninitialised) definitions. */
static struct fs_signal_state {
    int pipe[2];
    volatile sig_atomic_t curses_active;
    volatile sig_atomic_t installed[NSIG];
    struct sigaction previous[NSIG];
    /* SIGINT and SIGQUIT's actions while a program has the terminal (fs_signals_hand_over). */
    struct sigaction handed_over[2];
} fs_signal_state = {.pipe = {-1, -1}, .curses_active = 0};

static inline void fs_signal_post(char byte) {
    int saved = errno;
    if (fs_signal_state.pipe[1] >= 0) (void)write(fs_signal_state.pipe[1], &byte, 1);
    errno = saved;
}

static void fs_on_resize(int sig) {
    (void)sig;
    fs_signal_post(FS_SIGNAL_RESIZE);
}

static void fs_on_continue(int sig) {
    (void)sig;
    fs_signal_post(FS_SIGNAL_RESUME);
}

/* Every signal whose default action ends the process (TERM, HUP, USR1, crashes, …): give the
   terminal back, then die of the same signal. */
static void fs_on_fatal(int sig) {
    struct sigaction dfl;
    if (fs_signal_state.curses_active) {
        fs_signal_state.curses_active = 0;
        endwin();
    }
    dfl.sa_handler = SIG_DFL;
    dfl.sa_flags = 0;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    /* Blocked while this handler runs: delivered, with the default action, when it returns.
       A fault (SIGSEGV, a Swift trap) also just happens again on return. */
    raise(sig);
}

static void fs_on_stop(int sig) {
    int saved = errno;
    struct sigaction dfl, ours;
    sigset_t unblock;
    if (fs_signal_state.curses_active) endwin();
    dfl.sa_handler = SIG_DFL;
    dfl.sa_flags = 0;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, &ours);
    sigemptyset(&unblock);
    sigaddset(&unblock, sig);
    sigprocmask(SIG_UNBLOCK, &unblock, NULL);
    raise(sig); /* stops here until SIGCONT */
    /* Resumed, or never stopped (an orphaned process group ignores SIGTSTP): either way the
       screen must be redrawn. SIGCONT's handler may post too; the backend coalesces. */
    sigaction(sig, &ours, NULL);
    fs_signal_post(FS_SIGNAL_RESUME);
    errno = saved;
}

/* Creates the self-pipe once per process. Returns its read end, or -1 with errno set. */
static inline int fs_signals_pipe(void) {
    if (fs_signal_state.pipe[0] >= 0) return fs_signal_state.pipe[0];
    int fds[2];
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
        fcntl(fds[i], F_SETFL, fcntl(fds[i], F_GETFL) | O_NONBLOCK);
    }
    fs_signal_state.pipe[0] = fds[0];
    fs_signal_state.pipe[1] = fds[1];
    return fds[0];
}

static inline void fs_signals_set_curses_active(int active) { fs_signal_state.curses_active = active; }

static inline void fs_signals_notify(char byte) { fs_signal_post(byte); }

/* kind: 0 fatal (endwin + re-raise), 1 resize, 2 continue, 3 stop, 4 ignore. */
static inline int fs_signals_install(int sig, int kind) {
    struct sigaction action, previous;
    memset(&action, 0, sizeof action);
    sigemptyset(&action.sa_mask);
    switch (kind) {
    case 0: action.sa_handler = fs_on_fatal; break;
    case 1: action.sa_handler = fs_on_resize; action.sa_flags = SA_RESTART; break;
    case 2: action.sa_handler = fs_on_continue; action.sa_flags = SA_RESTART; break;
    case 3: action.sa_handler = fs_on_stop; action.sa_flags = SA_RESTART; break;
    default: action.sa_handler = SIG_IGN; break;
    }
    if (sigaction(sig, NULL, &previous) != 0) return -1;
    /* A signal the parent chose to ignore (nohup, a job-control-less shell) stays ignored:
       ignored, it ends nothing, so the terminal needs no rescue. Not so the faults: the kernel
       kills a process that faults with the signal ignored, so those always get the handler. */
    int is_fault = sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGFPE || sig == SIGTRAP
        || sig == SIGABRT || sig == SIGSYS;
    if ((kind == 0 || kind == 3) && !is_fault && previous.sa_handler == SIG_IGN) return 0;
    if (!fs_signal_state.installed[sig]) fs_signal_state.previous[sig] = previous;
    if (sigaction(sig, &action, NULL) != 0) return -1;
    fs_signal_state.installed[sig] = 1;
    return 0;
}

/* While a program started here has the terminal (a terminal browser), Ctrl-C and Ctrl-\\ are
   its keys: they reach the whole foreground process group, so this process ignores them, as
   system(3) does, and takes its own actions back when the program has exited. */
static inline void fs_signals_hand_over(int on) {
    int signals[2] = {SIGINT, SIGQUIT};
    for (int i = 0; i < 2; i++) {
        if (on) {
            struct sigaction ignore;
            memset(&ignore, 0, sizeof ignore);
            ignore.sa_handler = SIG_IGN;
            sigemptyset(&ignore.sa_mask);
            sigaction(signals[i], &ignore, &fs_signal_state.handed_over[i]);
        } else {
            sigaction(signals[i], &fs_signal_state.handed_over[i], NULL);
        }
    }
}

static inline void fs_signals_uninstall(int sig) {
    if (!fs_signal_state.installed[sig]) return;
    sigaction(sig, &fs_signal_state.previous[sig], NULL);
    fs_signal_state.installed[sig] = 0;
}

#endif
