import FeedUI
import Glibc

/// An in-memory `TerminalBackend`: events are scripted, frames are recorded, and each frame's
/// writes are the cells `Grid.changes(from:)` lists, the same diff the curses backend writes.
///
/// Screens are asserted as lines (`screen`, `lines`), and how much a frame rewrote as `writes`.
/// Scripted events make `inputFileDescriptor` readable (a pipe), so a runtime polling it wakes
/// for them as it wakes for a real terminal's keys.
public final class RecordingTerminal: TerminalBackend {
    public private(set) var size: Size
    /// Every frame drawn, oldest first.
    public private(set) var frames: [Grid] = []
    /// For each frame, the cells it wrote.
    public private(set) var writes: [[CellChange]] = []
    /// How many times `restore` was called.
    public private(set) var restoreCount = 0
    /// Text copied to the clipboard, oldest first.
    public private(set) var copies: [String] = []
    /// How many times a program was handed the terminal.
    public private(set) var handOverCount = 0
    private var pending: [TerminalEvent] = []
    public let inputFileDescriptor: Int32
    private let inputWriteDescriptor: Int32
    public var signalFileDescriptor: Int32 { -1 }

    public init(size: Size) {
        self.size = size
        var fds: [Int32] = [0, 0]
        if pipe(&fds) != 0 { fatalError("RecordingTerminal: no pipe") }
        for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        inputFileDescriptor = fds[0]
        inputWriteDescriptor = fds[1]
    }

    deinit {
        close(inputFileDescriptor)
        close(inputWriteDescriptor)
    }

    public func handOver<T>(_ run: () -> T) -> T {
        handOverCount += 1
        return run()
    }

    public func copy(_ text: String) { copies.append(text) }

    public func draw(_ grid: Grid) {
        writes.append(grid.changes(from: frames.last))
        frames.append(grid)
    }

    public func readEvents() -> [TerminalEvent] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(inputFileDescriptor, &buffer, buffer.count) > 0 {}
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
        var byte: UInt8 = 1
        _ = write(inputWriteDescriptor, &byte, 1)
    }

    /// The last frame as capture-pane would print it (empty before the first frame).
    public var screen: String { frames.last?.screen ?? "" }

    /// The rows the last frame wrote to.
    public var rowsWritten: Set<Int> { Set(writes.last?.map(\.row) ?? []) }
}
