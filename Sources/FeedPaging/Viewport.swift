/// Which items are on screen and which one the cursor is on: pure arithmetic.
///
/// Cursor and top are kept apart, like less and vim: the cursor moves inside the window and the
/// window follows only when the cursor would leave it. Every mutator clamps.
///
/// Some items may be hidden (read items under `H`): they keep their indices, so every caller
/// goes on naming items by their index in the loaded rows, but they take no row on screen, the
/// cursor never rests on one, and every movement counts shown items only. The arithmetic runs on
/// *ranks* (an item's place among the shown ones) and converts at the edges; with nothing hidden
/// a rank is the index.
public struct Viewport: Sendable, Hashable {
    /// Items loaded, hidden ones included.
    public private(set) var count: Int
    /// Items that fit on screen at once (at least 1).
    public private(set) var capacity: Int
    /// The item under the cursor: 0 when empty, and `count` when every item is hidden (so
    /// `cursor < count` says whether there is a cursor item).
    public private(set) var cursor: Int = 0
    /// The first item on screen (`count` when every item is hidden).
    public private(set) var top: Int = 0
    /// The hidden items' indices, ascending, each below `count`.
    public private(set) var hidden: [Int] = []

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

    /// Items that take a row: the loaded ones less the hidden ones.
    public var shownCount: Int { count - hidden.count }
    /// Whether the cursor is on an item (something is loaded and not everything is hidden).
    public var hasCursorItem: Bool { cursor < count }

    /// The items on screen: from the top item to the last one shown, hidden ones between
    /// included (see `shown` for the ones drawn).
    public var visible: Range<Int> {
        guard shownCount > 0 else { return top..<top }
        let last = index(ofRank: min(shownCount, topRank + capacity) - 1)
        return top..<(last + 1)
    }
    /// The items drawn, top to bottom: `visible` without the hidden ones.
    public var shown: [Int] {
        hidden.isEmpty ? Array(visible) : visible.filter { !isHidden($0) }
    }
    /// The cursor's row on screen.
    public var cursorRow: Int { cursorRank - topRank }
    /// Whether the last shown item is on screen (so the footer is too).
    public var showsEnd: Bool { topRank + capacity >= shownCount }

    /// Whether an item is hidden.
    /// - Complexity: O(log h), h the hidden items.
    public func isHidden(_ index: Int) -> Bool {
        let slot = hiddenBefore(index)
        return slot < hidden.count && hidden[slot] == index
    }

    /// Hidden items before `index` (and after it: `hidden.count` less that, less one if it is
    /// hidden itself).
    /// - Complexity: O(log h).
    public func hiddenBefore(_ index: Int) -> Int {
        var low = 0, high = hidden.count
        while low < high {
            let mid = (low + high) / 2
            if hidden[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The item on a screen row (of items, not lines), if one is drawn there.
    public func item(atRow row: Int) -> Int? {
        guard row >= 0, row < capacity, shownCount > 0 else { return nil }
        let rank = topRank + row
        return rank < shownCount ? index(ofRank: rank) : nil
    }

    /// Moves the cursor by `delta` shown items (negative is up).
    public mutating func move(by delta: Int) { moveCursor(toRank: cursorRank + delta) }

    /// Puts the cursor on an item (the next shown one when it is hidden, the last when there
    /// is none after it), scrolling the least needed to keep it on screen.
    public mutating func moveCursor(to index: Int) { moveCursor(toRank: snappedRank(index)) }

    /// Scrolls by whole screens (PgDn/PgUp, space/b): window and cursor move together.
    public mutating func page(by pages: Int) { scroll(by: pages * capacity) }

    /// Scrolls by half screens (Ctrl-D/Ctrl-U).
    public mutating func halfPage(by halves: Int) { scroll(by: halves * max(1, capacity / 2)) }

    /// First shown item (g, Home).
    public mutating func toTop() { moveCursor(toRank: 0) }

    /// Last shown item (G, End).
    public mutating func toBottom() { moveCursor(toRank: shownCount - 1) }

    /// Takes a new item count (pages arrived or were dropped) without moving the cursor's index;
    /// hidden items past the new count are forgotten.
    public mutating func setCount(_ newCount: Int) {
        let count = max(0, newCount)
        let kept = (hidden.last ?? -1) < count ? hidden : hidden.filter { $0 < count }
        setRows(count: count, hidden: kept)
    }

    /// Takes a new item count and hidden set together, keeping the cursor on its index (on the
    /// next shown item when its own is now hidden) and the top where it was.
    /// - Parameter hidden: indices below `count`, ascending.
    public mutating func setRows(count newCount: Int, hidden newHidden: [Int]) {
        let rawCursor = cursor, rawTop = top
        count = max(0, newCount)
        hidden = newHidden
        place(cursor: clampRank(snappedRank(rawCursor)), top: clampTopRank(snappedRank(rawTop)))
        moveCursor(toRank: cursorRank)
    }

    /// Takes a new screen capacity (resize), keeping the cursor on screen.
    public mutating func setCapacity(_ newCapacity: Int) {
        capacity = max(1, newCapacity)
        moveCursor(toRank: cursorRank)
    }

    /// Re-anchors after items were inserted or removed above the cursor: the cursor goes to
    /// `index` (its item's new index) and stays on the same screen row where possible.
    public mutating func anchor(cursorAt index: Int, row: Int) {
        let rank = clampRank(snappedRank(index))
        place(cursor: rank, top: clampTopRank(rank - min(max(0, row), capacity - 1)))
        moveCursor(toRank: cursorRank)
    }

    // MARK: - Helpers

    private var cursorRank: Int { rank(of: cursor) }
    private var topRank: Int { rank(of: top) }

    /// Shown items before `index`.
    private func rank(of index: Int) -> Int { index - hiddenBefore(index) }

    /// The rank of `index`, or of the next shown item when it is hidden.
    private func snappedRank(_ index: Int) -> Int { rank(of: min(max(0, index), count)) }

    /// The index of the shown item of a rank (0..<shownCount): the rank plus the hidden items
    /// before it, found by bisection since `hidden[j] - j` (shown items before the j-th hidden
    /// one) never decreases.
    private func index(ofRank rank: Int) -> Int {
        var low = 0, high = hidden.count
        while low < high {
            let mid = (low + high) / 2
            if hidden[mid] - mid <= rank { low = mid + 1 } else { high = mid }
        }
        return rank + low
    }

    private mutating func moveCursor(toRank target: Int) {
        let rank = clampRank(target)
        var newTop = topRank
        if rank < newTop { newTop = rank }
        if rank >= newTop + capacity { newTop = rank - capacity + 1 }
        place(cursor: rank, top: clampTopRank(newTop))
    }

    private mutating func scroll(by delta: Int) {
        let rank = clampRank(cursorRank + delta)
        place(cursor: rank, top: clampTopRank(topRank + delta))
        moveCursor(toRank: rank)
    }

    /// Sets cursor and top from ranks; with nothing shown both are `count`.
    private mutating func place(cursor cursorRank: Int, top topRank: Int) {
        guard shownCount > 0 else {
            cursor = count
            top = count
            return
        }
        cursor = index(ofRank: cursorRank)
        top = index(ofRank: topRank)
    }

    private func clampRank(_ rank: Int) -> Int { min(max(0, rank), max(0, shownCount - 1)) }

    private func clampTopRank(_ rank: Int) -> Int { min(max(0, rank), max(0, shownCount - capacity)) }

    private mutating func clampTop() {
        top = min(max(0, top), max(0, count - capacity))
    }
}
