/// Turns pages of items, arriving in any order, into one snapshot in page order.
///
/// Pages are numbered (0 is the first page of the feed). The applier keeps a contiguous
/// window of applied pages `firstPage...lastPage` and knows which rows each page owns: a
/// row belongs to the page that first brought its id, and a page's rows are contiguous.
///
/// - A page next to the window (`lastPage + 1` or `firstPage - 1`) is applied at once, and
///   so are buffered pages that this makes contiguous.
/// - A page further away waits in a buffer until the gap fills, so the snapshot ends up in
///   page order whatever the arrival order. Receiving a buffered page again replaces the
///   buffered copy.
/// - A page already in the window replaces that page's rows (a refresh).
/// - An item whose id is already in the snapshot never becomes a second row: it updates
///   the existing row's content in place.
///
/// Every mutation returns the `Changeset` from the snapshot before the call to the one
/// after it, so a view can animate it: `apply(changeset, to: before) == after`.
///
/// Which page opens an empty window: `openingPage` if set (by default page 0, so a page 1
/// that overtakes page 0 waits for it), otherwise whichever page arrives first. After a
/// drop empties the window, `openingPage` is `nil`.
///
/// Cost: extending the window costs O(page), whatever the size of the snapshot, as long as
/// nothing else holds a copy of `snapshot` at that moment (a copy makes the next mutation
/// copy the whole snapshot first: value semantics). Keep the previous snapshot only if you
/// need it, e.g. to diff against it.
///
/// Limitation: a duplicate that was folded into another page's row is not remembered, so if
/// that other page later drops or refreshes the row away, the duplicate does not come back
/// until its own page is received again.
public struct SnapshotApplier<Item: Identifiable & Equatable> {
    /// The rows of the applied pages, in page order.
    public private(set) var snapshot: Snapshot<Item>
    /// The page that opens the window when it is empty; `nil` means the first page received.
    public var openingPage: Int?
    /// The first page of the window, or `nil` when no page is applied.
    private var firstPage: Int?
    /// The number of rows each page of the window owns, from `firstPage` on.
    private var rowCounts: [Int]
    /// Pages that arrived before the gap between them and the window was filled.
    private var buffer: [Int: [Item]]

    /// Creates an empty applier.
    ///
    /// - Parameter openingPage: The page that opens the window; `nil` lets the first page
    ///   received open it.
    public init(openingAt openingPage: Int? = 0) {
        snapshot = Snapshot()
        self.openingPage = openingPage
        firstPage = nil
        rowCounts = []
        buffer = [:]
    }

    /// The applied pages, or `nil` if none is.
    public var pageRange: ClosedRange<Int>? {
        guard let firstPage else { return nil }
        return firstPage...(firstPage + rowCounts.count - 1)
    }

    /// The pages received but waiting for a gap to fill, ascending.
    public var bufferedPages: [Int] { buffer.keys.sorted() }

    /// The rows a page owns, or `nil` if the page is not applied. An applied page can own no
    /// rows (an empty range) when all its items were already in the snapshot.
    ///
    /// - Complexity: O(p), where p is the number of pages in the window.
    public func rows(ofPage page: Int) -> Range<Int>? {
        guard let firstPage, page >= firstPage, page - firstPage < rowCounts.count else { return nil }
        let start = rowCounts[..<(page - firstPage)].reduce(0, +)
        return start..<(start + rowCounts[page - firstPage])
    }

    /// How many rows a page owns, or `nil` if the page is not applied: the items it added that
    /// no page before it had (0 when every one was a duplicate, or it was empty).
    ///
    /// - Complexity: O(1).
    public func rowCount(ofPage page: Int) -> Int? {
        guard let firstPage, page >= firstPage, page - firstPage < rowCounts.count else { return nil }
        return rowCounts[page - firstPage]
    }

    /// The page that owns a row, or `nil` if the row is out of range.
    ///
    /// - Complexity: O(p), where p is the number of pages in the window.
    public func page(ofRow row: Int) -> Int? {
        guard let firstPage, row >= 0 else { return nil }
        var end = 0
        for (offset, count) in rowCounts.enumerated() {
            end += count
            if row < end { return firstPage + offset }
        }
        return nil
    }

    /// Applies a received page, or buffers it until it can be applied.
    ///
    /// - Parameters:
    ///   - index: The page number.
    ///   - items: The page's items in feed order.
    /// - Returns: The changes to `snapshot` (empty if the page was buffered).
    /// - Complexity: O(k + p) amortized when the page extends the window, where k is the
    ///   number of items applied (this page and the buffered pages it releases) and p the
    ///   number of pages in the window, whatever the size of the snapshot. A refresh of a page
    ///   in the window is O(k + p) when its row count stays the same, else it also moves the
    ///   rows between the page and the nearer end of the snapshot.
    public mutating func receive(page index: Int, items: [Item]) -> Changeset<Item> {
        guard let pageRange else {
            if let openingPage, openingPage != index {
                buffer[index] = items
                return Changeset()
            }
            var edit = Edit(rowCountBefore: 0)
            firstPage = index
            extend(page: index, items: items, edit: &edit)
            releaseBuffered(edit: &edit)
            return edit.changeset(of: snapshot)
        }
        if pageRange.contains(index) {
            buffer[index] = nil
            return refresh(page: index, items: items)
        }
        guard index == pageRange.upperBound + 1 || index == pageRange.lowerBound - 1 else {
            buffer[index] = items
            return Changeset()
        }
        var edit = Edit(rowCountBefore: snapshot.count)
        extend(page: index, items: items, edit: &edit)
        releaseBuffered(edit: &edit)
        return edit.changeset(of: snapshot)
    }

    /// Removes the pages before `index` from the window, and forgets buffered pages before it.
    ///
    /// - Parameter index: The first page to keep.
    /// - Returns: The deleted rows.
    /// - Complexity: O(r + p) amortized, where r is the number of rows removed.
    public mutating func dropPages(below index: Int) -> Changeset<Item> {
        buffer = buffer.filter { $0.key >= index }
        guard let pageRange, index > pageRange.lowerBound else { return Changeset() }
        let pageCount = min(index, pageRange.upperBound + 1) - pageRange.lowerBound
        let rowCount = rowCounts[..<pageCount].reduce(0, +)
        snapshot.removeFirst(rowCount)
        rowCounts.removeFirst(pageCount)
        firstPage = pageRange.lowerBound + pageCount
        closeIfEmpty()
        return Changeset(deletes: Array(0..<rowCount))
    }

    /// Removes the pages after `index` from the window, and forgets buffered pages after it.
    ///
    /// - Parameter index: The last page to keep.
    /// - Returns: The deleted rows.
    /// - Complexity: O(r + p) amortized, where r is the number of rows removed.
    public mutating func dropPages(above index: Int) -> Changeset<Item> {
        buffer = buffer.filter { $0.key <= index }
        guard let pageRange, index < pageRange.upperBound else { return Changeset() }
        let pageCount = pageRange.upperBound - max(index, pageRange.lowerBound - 1)
        let rowCount = rowCounts.suffix(pageCount).reduce(0, +)
        let rowCountBefore = snapshot.count
        snapshot.removeLast(rowCount)
        rowCounts.removeLast(pageCount)
        closeIfEmpty()
        return Changeset(deletes: Array((rowCountBefore - rowCount)..<rowCountBefore))
    }

    /// Forgets every page, applied or buffered.
    ///
    /// - Parameter openingPage: The page that opens the window next; `nil` lets the first
    ///   page received open it.
    /// - Returns: The deleted rows.
    @discardableResult
    public mutating func reset(openingAt openingPage: Int? = 0) -> Changeset<Item> {
        let changeset = Changeset<Item>(deletes: Array(0..<snapshot.count))
        self = SnapshotApplier(openingAt: openingPage)
        return changeset
    }
}

extension SnapshotApplier: Equatable {}
extension SnapshotApplier: Sendable where Item: Sendable, Item.ID: Sendable {}

// MARK: - Extending the window

extension SnapshotApplier {
    /// What one `receive` did at the ends of the snapshot, to report it as a changeset
    /// without diffing the whole snapshot.
    private struct Edit {
        let rowCountBefore: Int
        var prependedRowCount = 0
        /// Ids of rows whose content changed in place; some may be rows added in this call.
        var updatedIDs: Set<Item.ID> = []

        init(rowCountBefore: Int) {
            self.rowCountBefore = rowCountBefore
        }

        /// New rows are at both ends; rows that were there before sit in between, shifted by
        /// the prepended rows, and changed only if updated.
        func changeset(of snapshot: Snapshot<Item>) -> Changeset<Item> {
            var changeset = Changeset<Item>()
            let keptRows = prependedRowCount..<(prependedRowCount + rowCountBefore)
            changeset.inserts.reserveCapacity(snapshot.count - rowCountBefore)
            for row in Array(0..<keptRows.lowerBound) + Array(keptRows.upperBound..<snapshot.count) {
                changeset.inserts.append(.init(index: row, item: snapshot[row]))
            }
            changeset.updates = updatedIDs
                .compactMap { snapshot.index(of: $0) }
                .filter { keptRows.contains($0) }
                .sorted()
                .map { .init(index: $0, item: snapshot[$0]) }
            return changeset
        }
    }

    /// Adds a page at whichever end of the window it is next to (the window must be open:
    /// `firstPage` set).
    private mutating func extend(page index: Int, items: [Item], edit: inout Edit) {
        buffer[index] = nil
        let isAtEnd = rowCounts.isEmpty || index == firstPage! + rowCounts.count
        var ownRows: [Item] = []
        ownRows.reserveCapacity(items.count)
        var ownRow: [Item.ID: Int] = [:]
        for item in items {
            if let row = snapshot.index(of: item.id) {
                if snapshot[row] != item {
                    snapshot.update(item)
                    edit.updatedIDs.insert(item.id)
                }
            } else if let row = ownRow[item.id] {
                ownRows[row] = item
            } else {
                ownRow[item.id] = ownRows.count
                ownRows.append(item)
            }
        }
        if isAtEnd {
            snapshot.append(contentsOf: ownRows)
            rowCounts.append(ownRows.count)
        } else {
            snapshot.prepend(contentsOf: ownRows)
            rowCounts.insert(ownRows.count, at: 0)
            firstPage! -= 1
            edit.prependedRowCount += ownRows.count
        }
    }

    /// Applies buffered pages for as long as one is next to the window.
    private mutating func releaseBuffered(edit: inout Edit) {
        while let pageRange {
            if let items = buffer.removeValue(forKey: pageRange.upperBound + 1) {
                extend(page: pageRange.upperBound + 1, items: items, edit: &edit)
            } else if let items = buffer.removeValue(forKey: pageRange.lowerBound - 1) {
                extend(page: pageRange.lowerBound - 1, items: items, edit: &edit)
            } else {
                return
            }
        }
    }

    private mutating func closeIfEmpty() {
        if rowCounts.isEmpty {
            firstPage = nil
            openingPage = nil
        }
    }
}

// MARK: - Refreshing a page in the window

extension SnapshotApplier {
    /// Replaces the rows of an applied page with its new content: the diff of the page's
    /// slice keeps unchanged rows, updates changed ones, deletes and inserts the rest.
    private mutating func refresh(page index: Int, items: [Item]) -> Changeset<Item> {
        let rows = self.rows(ofPage: index)!
        var ownRows: [Item] = []
        var ownRow: [Item.ID: Int] = [:]
        var otherPagesUpdates: [Item] = []
        for item in items {
            if let row = snapshot.index(of: item.id), !rows.contains(row) {
                otherPagesUpdates.append(item)
            } else if let row = ownRow[item.id] {
                ownRows[row] = item
            } else {
                ownRow[item.id] = ownRows.count
                ownRows.append(item)
            }
        }
        let pageChanges = diff(Snapshot(snapshot[rows]), Snapshot(ownRows))
        snapshot.replaceRows(rows, with: ownRows)
        rowCounts[index - firstPage!] = ownRows.count

        return finishReplacement(pageChanges, at: rows.lowerBound, updatingElsewhere: otherPagesUpdates)
    }

    /// The changeset of rows replaced from `start` on (`changes` is relative to them), after
    /// updating in place the rows outside them whose items the new content also carried.
    private mutating func finishReplacement(
        _ changes: Changeset<Item>, at start: Int, updatingElsewhere items: [Item]
    ) -> Changeset<Item> {
        var changeset = Changeset<Item>(
            deletes: changes.deletes.map { $0 + start },
            inserts: changes.inserts.map { .init(index: $0.index + start, item: $0.item) },
            moves: changes.moves.map { .init(from: $0.from + start, to: $0.to + start) },
            updates: changes.updates.map { .init(index: $0.index + start, item: $0.item) }
        )
        var updatedRows: [Int: Item] = [:]
        for item in items where snapshot[id: item.id] != item {
            if let row = snapshot.update(item) { updatedRows[row] = item }
        }
        if !updatedRows.isEmpty {
            changeset.updates += updatedRows.map { .init(index: $0.key, item: $0.value) }
            changeset.updates.sort { $0.index < $1.index }
        }
        return changeset
    }
}

// MARK: - Refreshing a span of pages in place (live updates)

extension SnapshotApplier {
    /// Replaces the rows of the applied pages `first..<first + pages.count` with their new
    /// content, as a live update does: changed rows update, new rows appear, rows the new content
    /// no longer has disappear, and unchanged rows stay where they are.
    ///
    /// A feed that shifted while it was fetched again pushes rows past the end of the span (new
    /// items above them) or pulls rows of the next page into it. So a row is taken as removed
    /// only if it sat before the last old row that the new content still has; rows after that
    /// may simply have moved past the span, and stay (at the end of the span's last page). Rows
    /// the new content shares with pages outside the span update there and are not repeated.
    ///
    /// - Returns: The changes to `snapshot` (empty if the span is not applied).
    /// - Complexity: O(s + p) plus moving the rows after the span when its row count changes,
    ///   where s is the number of rows in the span and p the number of pages in the window.
    public mutating func refreshSpan(from first: Int, pages newPages: [[Item]]) -> Changeset<Item> {
        guard !newPages.isEmpty, let firstPage,
              let start = rows(ofPage: first)?.lowerBound,
              let end = rows(ofPage: first + newPages.count - 1)?.upperBound
        else { return Changeset() }
        let span = start..<end
        let oldRows = Array(snapshot[span])
        var pageRows: [[Item]] = Array(repeating: [], count: newPages.count)
        var position: [Item.ID: (page: Int, row: Int)] = [:]
        var outside: [Item] = []
        for (page, items) in newPages.enumerated() {
            for item in items {
                if let row = snapshot.index(of: item.id), !span.contains(row) {
                    outside.append(item)
                } else if let at = position[item.id] {
                    pageRows[at.page][at.row] = item
                } else {
                    position[item.id] = (page, pageRows[page].count)
                    pageRows[page].append(item)
                }
            }
        }
        let horizon = oldRows.lastIndex { position[$0.id] != nil } ?? -1
        pageRows[pageRows.count - 1] += oldRows[(horizon + 1)...]
        let newRows = pageRows.flatMap { $0 }

        let spanChanges = diff(Snapshot(oldRows), Snapshot(newRows))
        snapshot.replaceRows(span, with: newRows)
        for (offset, rows) in pageRows.enumerated() { rowCounts[first - firstPage + offset] = rows.count }
        return finishReplacement(spanChanges, at: start, updatingElsewhere: outside)
    }
}
