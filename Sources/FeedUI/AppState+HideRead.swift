import FeedModel
import FeedPaging

/// `H` and `--hide-read`: read items take no row while the pager goes on loading beneath.
///
/// Hidden items stay in the pager's rows (pages, positions, the page cap and refreshes are
/// untouched); the viewport is told which rows to skip, so the cursor never rests on one, every
/// movement counts shown items, and the prefetch lead counts shown rows (a screen of read items
/// does not stall the pager). Items read while hiding stay shown, dimmed, until `H` is pressed
/// again, so opening an item does not pull its row from under the cursor.
extension AppState {
    /// Hides or shows read items, keeping the cursor's item on its row (the next shown item
    /// when its own is hidden).
    mutating func toggleHideRead() {
        guard cache.isEnabled else {
            notice = "hiding read items needs the page cache (not with --no-cache)"
            return
        }
        let screenRow = list.viewport.cursorRow
        cache.hidesRead.toggle()
        cache.readWhileHiding = []
        syncRows()
        list.viewport.anchor(cursorAt: list.viewport.cursor, row: screenRow)
        notice = cache.hidesRead ? "read items hidden" : "read items shown"
    }

    /// The loaded rows that are hidden now, ascending (`ListState.hiddenRows`).
    func hiddenRows() -> [Int] { list.hiddenRows(cache) }

    /// Tells the list's viewport the loaded row count and which rows are hidden.
    mutating func syncRows() { list.syncRows(cache) }
}
