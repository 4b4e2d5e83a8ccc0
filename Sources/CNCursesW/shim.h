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

/* The signal handlers and their self-pipe are in the CTerminalSignals target (fs_signals.c):
   C state in a header is `static`, one copy per object file, and release builds split a
   module's code across object files however they like. */

#endif
