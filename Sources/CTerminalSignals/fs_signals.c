#include "fs_signals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/* ncursesw's, linked into every program that uses this target (through CNCursesW). */
extern int endwin(void);

/*
 * The signal handlers live in C because only C can promise async-signal-safety: a Swift
 * function may retain, release or check exclusivity. Each handler uses only write(2),
 * sigaction(2), sigprocmask(2), raise(3) and endwin(3X) (which NCURSES.md checked is safe to
 * call from a handler on this platform).
 *
 * The state is one global of this file. It was `static` in CNCursesW's shim header, one copy
 * per object file that used it: the release build (whole-module optimisation, code generated
 * in several object files) gave the CursesTerminal module two, so the backend polled one
 * self-pipe while the handlers wrote to another, and no resize ever reached the screen.
 */

/* Bytes written to the self-pipe. */
#define FS_SIGNAL_RESIZE 'W'
#define FS_SIGNAL_RESUME 'C'

/* The process's one copy. */
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
int fs_signals_pipe(void) {
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

void fs_signals_set_curses_active(int active) { fs_signal_state.curses_active = active; }

void fs_signals_notify(char byte) { fs_signal_post(byte); }

/* kind: 0 fatal (endwin + re-raise), 1 resize, 2 continue, 3 stop, 4 ignore. */
int fs_signals_install(int sig, int kind) {
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
void fs_signals_hand_over(int on) {
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

void fs_signals_uninstall(int sig) {
    if (!fs_signal_state.installed[sig]) return;
    sigaction(sig, &fs_signal_state.previous[sig], NULL);
    fs_signal_state.installed[sig] = 0;
}

