import CNCursesW
import Glibc

extension CursesTerminal {
    /// Checks, without touching the screen, that the full-screen interface can run here.
    ///
    /// Standard input and output must be terminals, `TERM` must name a terminfo entry that can
    /// address the cursor (not `dumb`), and the locale must be UTF-8 (`setlocale(LC_ALL, "")`,
    /// falling back to `C.UTF-8`; this sets the process locale).
    /// - Throws: `TerminalError` naming the first problem found.
    public static func preflight() throws(TerminalError) {
        try preflight(isTerminal: { isatty($0) == 1 })
    }

    /// `preflight()` with the tty test injected, so tests can check `TERM` handling.
    static func preflight(isTerminal: (Int32) -> Bool) throws(TerminalError) {
        for fd in [STDIN_FILENO, STDOUT_FILENO] where !isTerminal(fd) {
            throw TerminalError(.notATerminal(fileDescriptor: fd))
        }
        try checkTerminalType(getenv("TERM").map { String(cString: $0) })
        try ensureUTF8Locale()
    }

    /// Refuses an unset, dumb, unknown or cursor-less terminal type. Never calls `initscr`.
    static func checkTerminalType(_ term: String?) throws(TerminalError) {
        guard let term, !term.isEmpty else { throw TerminalError(.terminalTypeUnset) }
        if term == "dumb" { throw TerminalError(.dumbTerminal) }
        switch fs_probe_terminal(term) {
        case 1: return
        case 0: throw TerminalError(.noCursorAddressing(term))
        default: throw TerminalError(.unknownTerminalType(term))
        }
    }

    /// Makes the process locale UTF-8: the environment's if it is, else `C.UTF-8`.
    static func ensureUTF8Locale() throws(TerminalError) {
        _ = setlocale(LC_ALL, "")
        if isUTF8(currentCodeset()) { return }
        let found = currentCodeset()
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        if isUTF8(currentCodeset()) { return }
        throw TerminalError(.noUTF8Locale(codeset: found))
    }

    private static func currentCodeset() -> String {
        fs_codeset().map { String(cString: $0) } ?? ""
    }

    private static func isUTF8(_ codeset: String) -> Bool {
        let name = codeset.lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
