import FeedDiff
import FeedModel
import FeedPaging

/// What the list sub-state hears of its own: its pager's results, and after every action its
/// settling. Keys reach it through the app (`AppState+Reduce.swift`), which knows which view
/// has them.
enum ListAction {
    /// A result of the list's pager (network or cache): loaded, retrying, or partial.
    case fetched(FetchResult)
    /// After every action: pages kept within the cap, unconfirmed loads cancelled, highlights
    /// expired, a live update when due, then the prefetch rule (or a revalidation of a cached
    /// first screen when it asks for nothing).
    case settle
}

/// What the list needs of the app around it, passed in rather than reached for: the clock,
/// the prefetch and live settings, and the cache as it stands (which rows hide while read
/// items are hidden, whether a cached first screen waits for its revalidation).
struct ListContext {
    var now: Double
    var prefetch: PrefetchPolicy
    var livePeriod: Double?
    var cache: CacheState
}

/// What the list hands back: effects, the prefetch lead, and what the other views follow.
struct ListReply {
    var effects: [AppEffect] = []
    /// The prefetch lead in rows (what the pictures follow); set by `.settle`.
    var lead = 0
    /// Each change of the rows, in order: the search's matches follow them.
    var changes: [Changeset<FeedItem>] = []
    /// The revalidation of the cached first screen started: the cache no longer awaits it.
    var revalidated = false
    /// A jump's page came from the network: every row is the jump's now, and says nothing of
    /// the cache any more.
    var jumpedFresh = false
}

extension ListState {
    /// The list's one transition function for its pager and its settling: no I/O.
    mutating func reduce(_ action: ListAction, _ context: ListContext) -> ListReply {
        switch action {
        case let .fetched(result): receive(result, context)
        case .settle: settle(context)
        }
    }

    /// The cursor's item and screen row, to put back after the rows change.
    func cursorAnchor() -> (id: String, row: Int)? {
        guard viewport.hasCursorItem, viewport.cursor < paging.items.count else { return nil }
        return (paging.items[viewport.cursor].id, viewport.cursorRow)
    }

    /// The loaded rows that are hidden now (read items while `H` hides them), ascending.
    /// - Complexity: O(n) in the loaded rows while hiding; O(1) otherwise.
    func hiddenRows(_ cache: CacheState) -> [Int] {
        guard cache.hidesRead, !cache.readIDs.isEmpty else { return [] }
        let items = paging.items
        return items.indices.filter { cache.hides(items[$0]) }
    }

    /// Tells the viewport the loaded row count and which rows are hidden.
    mutating func syncRows(_ cache: CacheState) {
        viewport.setRows(count: paging.items.count, hidden: hiddenRows(cache))
    }

    /// Follows a change of the rows: the cursor's item keeps its screen row at its new row (the
    /// cursor stays put, clamped, when its item is gone). The search follows the same
    /// changeset, in the app (`AppState.follow(_:)`).
    /// - Parameter changes: the change from the rows the viewport counted to `paging.items`.
    /// - Returns: the cursor item's new row; nil when it was deleted or there was none.
    @discardableResult
    mutating func follow(_ changes: Changeset<FeedItem>, _ cache: CacheState) -> Int? {
        let hadCursorItem = viewport.hasCursorItem
        let screenRow = viewport.cursorRow
        let cursorRow = hadCursorItem ? changes.newRow(ofOldRow: viewport.cursor) : nil
        syncRows(cache)
        if let cursorRow { viewport.anchor(cursorAt: cursorRow, row: screenRow) }
        return cursorRow
    }

    /// Marks the rows a live update changed or brought (a diffable data source's reconfigure),
    /// until `AppState.changeHighlightSeconds` after `now`.
    mutating func highlight(_ changes: Changeset<FeedItem>, now: Double) {
        let until = now + AppState.changeHighlightSeconds
        for change in changes.updates + changes.inserts { changedRows[change.item.id] = until }
    }

    /// Where the cursor goes when a jump's page arrives: the target row, else the top.
    mutating func landJump() {
        defer {
            jumpRow = nil
            jumpsToEnd = false
        }
        landing = nil
        if jumpsToEnd && paging.isAtEnd { return viewport.toBottom() }
        guard let jumpRow else { return viewport.toTop() }
        land(at: jumpRow)
    }

    /// Puts the cursor on absolute row `row` as far as the loaded rows go, and keeps the row
    /// (`landing`) while the rows above are an estimate or the row is past the loaded ones on
    /// a feed that goes on: on a feed that leaves items out, a page holds fewer rows than its
    /// place in the API's list says.
    mutating func land(at row: Int) {
        let local = row - paging.rowsAbove
        viewport.moveCursor(to: max(0, min(local, paging.items.count - 1)))
        let isPastRows = local >= paging.items.count && !paging.isAtEnd
        let item = viewport.hasCursorItem && viewport.cursor < paging.items.count ? paging.items[viewport.cursor].id : nil
        landing = item.flatMap { paging.rowsAboveAreExact && !isPastRows ? nil : Landing(row: row, itemID: $0) }
    }

    /// After rows arrive above a jump's page: the cursor goes back to the jump's row, now that
    /// more of the rows above are counted, unless the reader moved it since.
    private mutating func keepLanding() {
        guard let landing else { return }
        guard viewport.hasCursorItem, viewport.cursor < paging.items.count,
              paging.items[viewport.cursor].id == landing.itemID
        else { return self.landing = nil }
        land(at: landing.row)
    }

    // MARK: - Helpers

    /// A list result: the pager says what it did, and the rows follow.
    private mutating func receive(_ result: FetchResult, _ context: ListContext) -> ListReply {
        var reply = ListReply()
        let request = result.request
        switch result.outcome {
        case let .loaded(loaded, latency):
            firstItems = []
            refreshRows = [:]
            let receipt = paging.receive(request, loaded)
            let outcome = receipt.outcome
            if outcome == .dropped { return reply }
            // A failure that ends a live batch closes the batch's other requests on the wire.
            reply.effects = receipt.effects.map(AppEffect.init)
            retrying = nil
            if case .success = loaded, result.cachedAt == nil {
                lastLatency = latency
                estimator.observeLatency(latency)
            }
            switch outcome {
            case let .applied(changes):
                follow(changes, context.cache)
                keepLanding()
                reply.changes.append(changes)
            case let .updated(changes):
                // New items the update brought above the cursor's item count as new above it.
                if let row = follow(changes, context.cache) { newAbove += changes.insertCount(above: row) }
                reply.changes.append(changes)
                highlight(changes, now: context.now)
            case let .jumped(changes):
                follow(changes, context.cache)
                reply.changes.append(changes)
                landJump()
                reply.jumpedFresh = result.cachedAt == nil
            case let .refreshed(changes):
                // The cursor's item stays on its screen row when it is still there, with the count
                // of new items above it; otherwise go to the top.
                if let row = follow(changes, context.cache) {
                    newAbove = changes.insertCount(above: row)
                } else {
                    viewport.toTop()
                }
                reply.changes.append(changes)
            case .dropped, .pending, .failed, .liveFailed:
                break  // the rows did not change
            }
        case let .retrying(attempt, delay, error):
            guard paging.inFlight[request.id] != nil else { return reply }
            estimator.observeRetry(after: delay)
            let place: AppState.RetryPlace =
                if paging.isRefreshing { .refresh }
                else if paging.jumpTarget != nil { .jump }
                else if let first = paging.applier.pageRange?.lowerBound, request.index < first { .above }
                else { .below }
            retrying = AppState.RetryNote(attempt: attempt, delay: delay, reason: error.message, since: context.now, place: place)
        case let .partial(items):
            guard paging.inFlight[request.id] != nil else { return reply }
            if paging.items.count > 0 {
                // A refresh that reports its rows as it learns them (refresh-all: each feed's
                // row as its feed ends) has them drawn over the rows with the same ids.
                guard paging.isRefreshing else { return reply }
                refreshRows = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                return reply
            }
            // List pages are applied whole, in key order; before the first one, its first items
            // are drawn as they come (under a rate limit the page's last item is seconds away),
            // and drawn again when as many come with news in them (the subscription list
            // refreshing as it first opens); fewer are a late report, left.
            guard items.count >= firstItems.count else { return reply }
            firstItems = items
        }
        return reply
    }

    /// The list's part of every action: pages kept within the cap, unconfirmed loads cancelled,
    /// highlights expired, a live update when due, then the prefetch rule (or a revalidation
    /// when it asks for nothing).
    private mutating func settle(_ context: ListContext) -> ListReply {
        var reply = ListReply()
        reply.effects = keepPagesInBounds(&reply, context.cache)
        reply.effects += paging.cancelUnconfirmed().map(AppEffect.init)
        if !changedRows.isEmpty { changedRows = changedRows.filter { $0.value > context.now } }
        reply.effects += liveUpdateIfDue(context)
        if newAbove > 0 && viewport.top == 0 { newAbove = 0 }
        let distance = context.prefetch.distance(
            pageSize: paging.pageSize, screen: viewport.capacity, estimator: estimator, at: context.now)
        // The lead counts rows the reader sees: hidden (read) items do not bring the end nearer.
        let hiddenAbove = viewport.hiddenBefore(viewport.cursor)
        // What is on screen is wanted now; what only the lead reaches is prefetch (PAGING.md).
        let visible = viewport.visible
        let fetches = paging.prefetch(
            cursor: viewport.cursor, distance: distance,
            hiddenAbove: hiddenAbove, hiddenBelow: viewport.hidden.count - hiddenAbove,
            shownBelow: max(1, visible.upperBound - viewport.cursor), shownAbove: max(0, viewport.cursor - visible.lowerBound)
        ).map(AppEffect.init)
        reply.effects += fetches
        if fetches.isEmpty { reply.effects += revalidateIfDue(&reply, context.cache) }
        reply.lead = distance
        return reply
    }

    /// Drops pages past the cap, keeping the cursor's item on its screen row, and cancels the
    /// list requests the drop left with no rows to extend (a page still loading beyond a
    /// dropped end).
    private mutating func keepPagesInBounds(_ reply: inout ListReply, _ cache: CacheState) -> [AppEffect] {
        guard let maxPages = paging.maxPages, paging.pagesLoaded > maxPages else { return [] }
        // The pager's own account of the rows it dropped carries the cursor, the search and the
        // highlights across the drop.
        let changes = paging.trim(visible: viewport.visible, cursor: viewport.cursor)
        guard !changes.deletes.isEmpty else { return [] }
        follow(changes, cache)
        reply.changes.append(changes)
        return paging.cancelStranded().map(AppEffect.init)
    }

    /// Asks for the visible pages again when a live update is due (`--live`).
    private mutating func liveUpdateIfDue(_ context: ListContext) -> [AppEffect] {
        guard let livePeriod = context.livePeriod, context.now - (lastLiveAt ?? context.now) >= livePeriod else { return [] }
        lastLiveAt = context.now
        guard viewport.count > 0,
              let first = paging.applier.page(ofRow: viewport.top),
              let last = paging.applier.page(ofRow: max(viewport.top, viewport.visible.upperBound - 1))
        else { return [] }
        let fetches = paging.refreshLive(pages: first...last).map(AppEffect.init)
        return fetches.isEmpty ? [] : [.startOver] + fetches
    }

    /// Starts the revalidation of a cached first screen once no more cached pages are asked for:
    /// a refresh that keeps the cached rows on screen until fresh ones reach the cursor's item.
    private mutating func revalidateIfDue(_ reply: inout ListReply, _ cache: CacheState) -> [AppEffect] {
        // Not while a jump travels: the refresh would cancel it, and the page it brings is fresh.
        // Nor while a cached page is still being read: it belongs to the first screen.
        guard cache.awaitsRevalidation, !paging.isRefreshing, paging.jumpTarget == nil, paging.inFlight.isEmpty else { return [] }
        reply.revalidated = true
        return [.startOver] + paging.refresh(anchor: cursorAnchor()?.id).map(AppEffect.init)
    }
}
