import FeedDiff
import FeedModel

/// The page cap: dropping pages far from the cursor, and jumping to a page whose key is known.
extension PagingState {
    /// Drops pages far from the cursor until at most `maxPages` are applied. Pages that hold
    /// a visible row are never dropped.
    /// - Parameters:
    ///   - visible: the rows on screen.
    ///   - cursor: the row under the cursor.
    /// - Returns: the dropped rows, as deletes of the rows before the call
    ///   (`apply(changes, to: before) == after`); `deleteCount(above: cursor)` is how far the
    ///   cursor's index moves up.
    public mutating func trim(visible: Range<Int>, cursor: Int) -> Changeset<FeedItem> {
        guard let maxPages, !isRefreshing, jumpTarget == nil else { return Changeset() }
        var deletes: [Int] = []  // rows of the snapshot before the call
        var removedAbove = 0
        var firstVisible = visible.lowerBound
        var lastVisible = max(visible.lowerBound, visible.upperBound - 1)
        var cursor = cursor
        while pagesLoaded > maxPages, let range = applier.pageRange {
            let cursorPage = applier.page(ofRow: cursor) ?? range.lowerBound
            let topPage = range.lowerBound
            let bottomPage = range.upperBound
            let topRows = applier.rows(ofPage: topPage)!
            let bottomRows = applier.rows(ofPage: bottomPage)!
            let canDropTop = topRows.upperBound <= firstVisible && topPage != cursorPage
            let canDropBottom = bottomRows.lowerBound > lastVisible && bottomPage != cursorPage
            // Drop from the side with more rows beyond the cursor: after a page arrives below,
            // that is the top; after one arrives above, the bottom.
            let preferTop = cursor > items.count - 1 - cursor
            if canDropTop && (preferTop || !canDropBottom) {
                droppedRows[topPage] = Int32(topRows.count)
                rowsAbove += topRows.count
                // The applier's rows are those left by earlier drops: shift back to the rows before.
                deletes += applier.dropPages(below: topPage + 1).deletes.map { $0 + removedAbove }
                removedAbove += topRows.count
                firstVisible -= topRows.count
                lastVisible -= topRows.count
                cursor -= topRows.count
            } else if canDropBottom {
                droppedRows[bottomPage] = Int32(bottomRows.count)
                deletes += applier.dropPages(above: bottomPage - 1).deletes.map { $0 + removedAbove }
            } else {
                break
            }
        }
        return Changeset(deletes: deletes.sorted())
    }

    /// Goes to a page whose key is known: the rows stay until it arrives, then it replaces them
    /// (its neighbours are fetched again as the cursor nears them). Used by `g` after drops.
    /// Clears a failure, ends a live batch and cancels the other list pages in flight. A refresh
    /// under way (`R`, or the revalidation of a cached first screen) is given up: the reader
    /// went elsewhere, and the page the jump brings is fresh anyway.
    public mutating func jump(toPage index: Int) -> [PagingEffect] {
        guard let key = key(of: index) else { return [] }
        if applier.pageRange?.contains(index) == true { return [] }
        let effects = abandonRefresh() + abandonLive()
        mode = .jumping(toPage: index)
        if held.removeValue(forKey: index) != nil {
            // Held for rows the jump replaces: its place in the pipeline is gone, ask again.
            resultsDropped += 1
        }
        let fetch = issueOnce(index: index, key: key)
        // The rows the other pages were for are replaced: close their requests.
        return effects + cancelStranded() + fetch
    }

    // MARK: - Helpers

    /// The lead, held below half of what the cap keeps (less one page), so fetching at one end
    /// and trimming the other cannot chase each other.
    func cappedDistance(_ distance: Int) -> Int {
        guard let maxPages else { return distance }
        let rowsPerPage = pagesLoaded > 0 ? max(1, items.count / pagesLoaded) : pageSize
        return min(distance, max(0, (maxPages - 1) * rowsPerPage / 2 - 1))
    }

    /// Moves every applied page to the dropped ones (a jump replaces them all).
    /// - Returns: the deleted rows.
    mutating func dropAll() -> Changeset<FeedItem> {
        guard let range = applier.pageRange else { return Changeset() }
        for page in range { droppedRows[page] = Int32(applier.rows(ofPage: page)!.count) }
        rowsAbove = 0
        held = [:]
        return applier.reset(openingAt: nil)
    }
}
