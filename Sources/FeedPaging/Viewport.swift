/// Which items are on screen and which one the cursor is on: pure arithmetic.
///
/// Cursor and top are kept apart, like less and vim: the cursor moves inside the window and the
/// window follows only when the cursor would leave it. Every mutator clamps.
public struct Viewport: Sendable, Hashable {
    /// Items loaded.
    public private(set) var count: Int
    /// Items that fit on screen at once (at least 1).
    public private(set) var capacity: Int
    /// The item under the cursor (0 when empty).
    public private(set) var cursor: Int = 0
    /// The first item on screen.
    public private(set) var top: Int = 0

    public init(count: Int = 0, capacity: Int) {
        self.count = max(0, count)
        self.capacity = max(1, capacity)
    }

    /// A viewport at a given place; every value is clamped, and the cursor kept on screen.
    public init(count: Int, capacity: Int, cursor: Int, top: Int) {
        self.init(count: count, capacity: capacity)
        self.top = top
        clampTop()
        moveCursor(to: cursor)
    }

    /// The items on screen.
    public var visible: Range<Int> { top..<min(count, top + capacity) }
    /// The cursor's row on screen.
    public var cursorRow: Int { cursor - top }
    /// Whether the last loaded item is on screen (so the footer is too).
    public var showsEnd: Bool { top + capacity >= count }

    /// Moves the cursor by `delta` items (negative is up).
    public mutating func move(by delta: Int) { moveCursor(to: cursor + delta) }

    /// Puts the cursor on an item, scrolling the least needed to keep it on screen.
    public mutating func moveCursor(to index: Int) {
        cursor = clampCursor(index)
        if cursor < top { top = cursor }
        if cursor >= top + capacity { top = cursor - capacity + 1 }
        clampTop()
    }

    /// Scrolls by whole screens (PgDn/PgUp, space/b): window and cursor move together.
    public mutating func page(by pages: Int) { scroll(by: pages * capacity) }

    /// Scrolls by half screens (Ctrl-D/Ctrl-U).
    public mutating func halfPage(by halves: Int) { scroll(by: halves * max(1, capacity / 2)) }

    /// First item (g, Home).
    public mutating func toTop() { moveCursor(to: 0) }

    /// Last loaded item (G, End).
    public mutating func toBottom() { moveCursor(to: count - 1) }

    /// Takes a new item count (pages arrived or were dropped) without moving the cursor's index.
    public mutating func setCount(_ newCount: Int) {
        count = max(0, newCount)
        cursor = clampCursor(cursor)
        clampTop()
    }

    /// Takes a new screen capacity (resize), keeping the cursor on screen.
    public mutating func setCapacity(_ newCapacity: Int) {
        capacity = max(1, newCapacity)
        moveCursor(to: cursor)
    }

    /// Re-anchors after items were inserted or removed above the cursor: the cursor goes to
    /// `index` (its item's new index) and stays on the same screen row where possible.
    public mutating func anchor(cursorAt index: Int, row: Int) {
        cursor = clampCursor(index)
        top = cursor - min(max(0, row), capacity - 1)
        clampTop()
        if cursor < top || cursor >= top + capacity { moveCursor(to: cursor) }
    }

    // MARK: - Helpers

    private mutating func scroll(by delta: Int) {
        cursor = clampCursor(cursor + delta)
        top += delta
        clampTop()
        moveCursor(to: cursor)
    }

    private func clampCursor(_ index: Int) -> Int { min(max(0, index), max(0, count - 1)) }

    private mutating func clampTop() {
        top = min(max(0, top), max(0, count - capacity))
    }
}
