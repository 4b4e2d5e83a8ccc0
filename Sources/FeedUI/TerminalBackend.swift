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
}

/// What a backend reports.
public enum TerminalEvent: Sendable, Hashable {
    case key(Key)
    case resized(Size)
}
