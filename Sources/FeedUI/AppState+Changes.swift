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
    public func isRecentlyChanged(_ id: String) -> Bool { list.changedRows[id] != nil }

    /// Follows a change of the rows: the list's cursor (`ListState.follow`), then the search's
    /// matches, which move with their rows, checking only inserted and updated ones.
    /// - Parameter changes: the change from the rows the viewport counted to `paging.items`.
    /// - Returns: the cursor item's new row; nil when it was deleted or there was none.
    @discardableResult
    mutating func follow(_ changes: Changeset<FeedItem>) -> Int? {
        let cursorRow = list.follow(changes, cache)
        followSearch(changes)
        return cursorRow
    }

    /// The search's matches follow a change of the list's rows.
    mutating func followSearch(_ changes: Changeset<FeedItem>) {
        filter.reduce(.rowsChanged(changes, rows: list.paging.items))
        // "Not found" is a fact about the rows, unlike a wrap: rows that change must not leave
        // it saying so beside a match that has just arrived (or with the old row count).
        if filter.isNothingFoundNote {
            if filter.shownMatchCount(skipping: list.viewport.hidden) == 0 {
                filter.reduce(.nothingFound(searchNotFound))
            } else {
                filter.reduce(.note(nil))
            }
        }
    }
}
