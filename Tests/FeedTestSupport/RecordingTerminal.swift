import FeedUI

/// An in-memory `TerminalBackend`: events are scripted, frames are recorded, and each frame's
/// writes are the cells `Grid.changes(from:)` lists, the same diff the curses backend writes.
///
/// Screens are asserted as lines (`screen`, `lines`), and how much a frame rewrote as `writes`.
public final class RecordingTerminal: TerminalBackend {
    public private(set) var size: Size
    /// Every frame drawn, oldest first.
    public private(set) var frames: [Grid] = []
    /// For each frame, the cells it wrote.
    public private(set) var writes: [[CellChange]] = []
    /// How many times `restore` was called.
    public private(set) var restoreCount = 0
    private var pending: [TerminalEvent] = []

    public init(size: Size) { self.size = size }

    public func draw(_ grid: Grid) {
        writes.append(grid.changes(from: frames.last))
        frames.append(grid)
    }

    public func readEvents() -> [TerminalEvent] {
        defer { pending.removeAll() }
        return pending
    }

    public func restore() { restoreCount += 1 }

    /// Queues events for the next `readEvents`; a `.resized` event also changes `size`.
    public func send(_ events: TerminalEvent...) {
        for event in events {
            if case let .resized(newSize) = event { size = newSize }
            pending.append(event)
        }
    }

    /// The last frame as capture-pane would print it (empty before the first frame).
    public var screen: String { frames.last?.screen ?? "" }

    /// The rows the last frame wrote to.
    public var rowsWritten: Set<Int> { Set(writes.last?.map(\.row) ?? []) }
}
