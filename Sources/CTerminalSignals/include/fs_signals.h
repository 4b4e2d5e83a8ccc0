#ifndef FEEDSCROLL_FS_SIGNALS_H
#define FEEDSCROLL_FS_SIGNALS_H

/*
 * The process's signal handlers while curses owns the terminal, in C because only C can
 * promise async-signal-safety. They talk to the runtime through a non-blocking self-pipe.
 * Called from TerminalSignals.swift (CursesTerminal).
 */

/* Creates the self-pipe once per process. Returns its read end, or -1 with errno set. */
int fs_signals_pipe(void);
/* Whether endwin() is needed before the process dies or stops. */
void fs_signals_set_curses_active(int active);
/* Writes a notice byte to the self-pipe ('W' resize, 'C' resume), as a handler would. */
void fs_signals_notify(char byte);
/* kind: 0 fatal (endwin + re-raise), 1 resize, 2 continue, 3 stop, 4 ignore. 0 or -1. */
int fs_signals_install(int sig, int kind);
/* 1: ignore SIGINT and SIGQUIT while a program has the terminal; 0: take them back. */
void fs_signals_hand_over(int on);
/* Puts back the action that was there before fs_signals_install. */
void fs_signals_uninstall(int sig);

#endif
