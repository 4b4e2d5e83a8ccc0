/// Why the terminal cannot be used for the full-screen interface.
///
/// `message` is one line, ready for standard error, and says what to do about it.
public struct TerminalError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, as data for callers and tests.
    public enum Reason: Sendable, Hashable {
        /// Standard input (0) or output (1) is not a terminal.
        case notATerminal(fileDescriptor: Int32)
        case terminalTypeUnset
        /// `TERM=dumb`: it starts, but cannot address the cursor.
        case dumbTerminal
        /// terminfo has no entry for this `TERM`.
        case unknownTerminalType(String)
        /// The entry exists but has no `cup` (cursor addressing).
        case noCursorAddressing(String)
        /// Neither the environment's locale nor `C.UTF-8` gives a UTF-8 codeset.
        case noUTF8Locale(codeset: String)
        /// `newterm` refused the terminal.
        case initialisationFailed(String)
    }

    public let reason: Reason
    public let message: String

    public init(_ reason: Reason) {
        self.reason = reason
        message = Self.message(for: reason)
    }

    public var description: String { message }

    private static func message(for reason: Reason) -> String {
        let hint = "try TERM=xterm-256color"
        switch reason {
        case .notATerminal(let fd) where fd == 1:
            return "feedscroll: standard output is not a terminal; use --plain or --json to stream items"
        case .notATerminal:
            return "feedscroll: standard input is not a terminal; run feedscroll from a terminal, or use --plain or --json"
        case .terminalTypeUnset:
            return "feedscroll: TERM is not set; \(hint)"
        case .dumbTerminal:
            return "feedscroll: TERM 'dumb' cannot draw a full screen; \(hint), or use --plain"
        case .unknownTerminalType(let term):
            return "feedscroll: TERM '\(term)' is not a terminal type this system knows; \(hint)"
        case .noCursorAddressing(let term):
            return "feedscroll: TERM '\(term)' cannot move the cursor; \(hint), or use --plain"
        case .noUTF8Locale(let codeset):
            return "feedscroll: no UTF-8 locale (got '\(codeset)' and C.UTF-8 is missing); set LANG to a UTF-8 locale"
        case .initialisationFailed(let detail):
            return "feedscroll: could not start the terminal interface: \(detail)"
        }
    }
}
