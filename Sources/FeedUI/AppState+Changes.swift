import FeedDiff
import FeedModel
import FeedPaging

/// Following the pager's changesets: the one account of what changed in the rows drives the
/// cursor, the `↑N new` count, the search's matches and the live-update highlights.
extension AppState {
    /// How long a row a live update changed stays highlighted, in seconds.
    public static let changeHighlightSeconds = 2.0

    /// Whether a live update changed this item recently (its row is highlighted until `.tick`
    /// passes the time in `changedRows`).
    public func isRecentlyChanged(_ id: String) -> Bool { changedRows[id] != nil }

    /// Follows a change of the rows: the cursor's item keeps its screen row at its new row (the
    /// cursor stays put, clamped, when its item is gone), and the search's matches move with
    /// their rows, checking only inserted and updated ones.
    /// - Parameter changes: the change from the rows the viewport counted to `paging.items`.
    /// - Returns: the cursor item's new row; nil when it was deleted or there was none.
    @discardableResult
    mutating func follow(_ changes: Changeset<FeedItem>) -> Int? {
        let hadCursorItem = viewport.hasCursorItem
        let screenRow = viewport.cursorRow
        let cursorRow = hadCursorItem ? changes.newRow(ofOldRow: viewport.cursor) : nil
        syncRows()
        if let cursorRow { viewport.anchor(cursorAt: cursorRow, row: screenRow) }
        filter.reduce(.rowsChanged(changes, rows: paging.items))
        // "Not found" is a fact about the rows, unlike a wrap: rows that change must not leave
        // it saying so beside a match that has just arrived (or with the old row count).
        if filter.isNothingFoundNote {
            if filter.shownMatchCount(skipping: viewport.hidden) == 0 {
                filter.reduce(.nothingFound(searchNotFound))
            } else {
                filter.reduce(.note(nil))
            }
        }
        return cursorRow
    }

    /// Marks the rows a live update changed or brought (a diffable data source's reconfigure),
    /// until `changeHighlightSeconds` from now.
    mutating func highlight(_ changes: Changeset<FeedItem>) {
        let until = now + Self.changeHighlightSeconds
        for change in changes.updates + changes.inserts { changedRows[change.item.id] = until }
    }

    /// Drops the highlights whose time has passed.
    mutating func expireHighlights() {
        guard !changedRows.isEmpty else { return }
        changedRows = changedRows.filter { $0.value > now }
    }
}
