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
    /// Puts text on the clipboard through the terminal (OSC 52); called right after a frame.
    func copy(_ text: String)
}

/// What a backend reports.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    case resized(Size)
}
