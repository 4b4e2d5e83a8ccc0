/// What the runtime needs of a terminal: the curses backend implements it for real, and an
/// in-memory backend records frames in tests.
public protocol TerminalBackend: AnyObject {
    /// The current size in cells.
    var size: Size { get }
    /// Shows a frame. The backend decides what actually reaches the terminal.
    func draw(_ grid: Grid)
    /// Every input event available now, without waiting. A resize is reported as
    /// `.resized` by the backend's owner through `size`, see `TerminalEvent`.
    func readEvents() -> [TerminalEvent]
    /// Gives the terminal back in the state it was found in. Safe to call twice.
    func restore()
    /// Becomes readable when `readEvents` has something: the runtime `poll`s it.
    var inputFileDescriptor: Int32 { get }
    /// Becomes readable when a signal the backend handles arrived (a resize, a resume); -1
    /// when it handles none.
    var signalFileDescriptor: Int32 { get }
    /// Lends the terminal to a program that runs on it (a terminal browser) while `run` runs.
    func handOver<T>(_ run: () -> T) -> T
    /// While the terminal is handed over: says `message` under what the program left on the
    /// screen and waits for Enter, so its last words can be read before the screen comes back
    /// (mutt's "Press any key to continue", newsboat's after a failed browser).
    func holdForEnter(_ message: String)
    /// Puts text on the clipboard through the terminal (OSC 52); called right after a frame.
    func copy(_ text: String)
}

extension TerminalBackend {
    /// Backends with no one to read the screen (tests) go on at once.
    public func holdForEnter(_ message: String) {}
}

/// What a backend reports.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    case resized(Size)
}
