import FeedDiff
import FeedModel

/// Which pages exist, which are loaded, which are on their way: the pager's whole state.
///
/// Pure: every transition is a method that returns effects as values; the runtime carries them
/// out. The invariants it keeps:
/// - a page is requested once: never while a request for it is in flight, whatever calls it;
/// - a result counts only if its request is still in flight and of the current generation
///   (stale and duplicate results are dropped);
/// - rows are the pages applied in key order, de-duplicated by item id (`SnapshotApplier`);
/// - with a page cap, at most `maxPages` pages are held: pages far from the cursor are dropped
///   at either end (`trim`), their keys and row counts kept, and fetched again when the reader
///   comes back (`prefetch` looks both ways), so positions stay absolute and truthful.
public struct PagingState: Sendable, Equatable {
    public let firstKey: PageKey
    public let pageSize: Int
    /// The most pages held at once; `nil` holds every page.
    public let maxPages: Int?
    /// Bumped by `refresh`; results of older generations are dropped.
    public private(set) var generation = 0
    /// The rows, built from pages.
    public private(set) var applier = SnapshotApplier<FeedItem>()
    /// The key of every page whose start is known, by page index. Kept after a page is dropped.
    public private(set) var keys: PageTable<PageKey>
    /// One past the last page, once a page has said the feed ends there.
    public private(set) var endPage: Int?
    public private(set) var inFlight: [RequestID: PageRequest] = [:]
    /// The failure that stopped loading, until `retry`.
    public private(set) var failure: FeedError?
    /// The total the API reports, when it does.
    public private(set) var total: Int?
    /// Requests issued in this run (every generation).
    public private(set) var requestsIssued = 0
    /// Results dropped because they were stale, duplicates, or no longer next to the rows.
    public private(set) var resultsDropped = 0
    /// The rows each dropped page owned, by page index, until it is applied again.
    public private(set) var droppedRows = PageTable<Int32>()
    /// Rows of dropped pages before the applied pages, and after them.
    public private(set) var rowsAbove = 0
    public private(set) var rowsBelow = 0
    /// A refresh waiting for enough of the new generation to replace the rows.
    public private(set) var pendingRefresh: PendingRefresh?
    /// New rows above the anchor that the last refresh brought, when it found the anchor.
    public private(set) var newAbove = 0
    /// The page a jump is waiting for; the rows stay until it arrives.
    public private(set) var jumpTarget: Int?
    /// A live re-fetch of applied pages, applied in place when all of them have arrived.
    public private(set) var liveBatch: LiveBatch?
    /// The page whose failure stopped loading.
    private var failedPage: Int?
    private var nextRequestID: UInt64 = 1

    /// The page cap the command line uses unless told otherwise: a few thousand items, enough
    /// for long sessions on endless feeds, small in memory.
    public static let defaultMaxPages = 100

    public init(firstKey: PageKey, pageSize: Int, maxPages: Int? = nil) {
        self.firstKey = firstKey
        self.pageSize = max(1, pageSize)
        self.maxPages = maxPages.map { max(2, $0) }
        keys = [0: firstKey]
    }

    /// A refresh under way: the new generation's pages gather here while the old rows stay on
    /// screen, until they reach the anchor item, the end, or the page limit.
    public struct PendingRefresh: Sendable, Equatable {
        /// The item to keep under the cursor, if any.
        public var anchorID: String?
        /// How many pages to load looking for the anchor before giving up on it.
        public var pageLimit: Int
        public var applier = SnapshotApplier<FeedItem>()
        public var keys: PageTable<PageKey>
        public var endPage: Int?
        public var total: Int?
    }

    /// Applied pages being fetched again for live updates.
    public struct LiveBatch: Sendable, Equatable {
        public var pages: ClosedRange<Int>
        public var received: [Int: [FeedItem]] = [:]
        public var requests: Set<RequestID>
    }
}

/// What the pager asks the runtime to do.
public enum PagingEffect: Sendable, Hashable {
    case fetch(PageRequest)
    case cancel(RequestID)
}

extension PagingState {
    /// The rows loaded so far.
    public var items: Snapshot<FeedItem> { applier.snapshot }

    /// The footer's state.
    public var loadState: LoadState {
        if let failure { return .error(failure) }
        if isAtEnd { return .end }
        return inFlight.values.contains { $0.index == nextPage && !isLive($0.id) } ? .loading : .idle
    }

    /// Whether every page up to the end is applied.
    public var isAtEnd: Bool { endPage != nil && nextPage == endPage }

    /// Whether a refresh is waiting for its pages (the old rows stay until then).
    public var isRefreshing: Bool { pendingRefresh != nil }

    /// The page index that would extend the rows downwards.
    public var nextPage: Int { (applier.pageRange?.upperBound ?? -1) + 1 }

    /// The page index that would extend the rows upwards, if there is one.
    public var previousPage: Int? {
        guard let first = applier.pageRange?.lowerBound, first > 0 else { return nil }
        return first - 1
    }

    /// Pages currently applied.
    public var pagesLoaded: Int { applier.pageRange?.count ?? 0 }

    /// The absolute position of a row: rows of dropped pages above it count.
    public func absoluteRow(_ row: Int) -> Int { rowsAbove + row }

    /// Rows known: applied, plus those of dropped pages on either side.
    public var knownRowCount: Int { rowsAbove + items.count + rowsBelow }

    /// Asks for the next page when the cursor is close enough to the end of what is loaded,
    /// and for the previous page when it is close enough to the start (after drops).
    ///
    /// The rule: `loaded − cursor ≤ distance` (downwards) or `cursor ≤ distance` (upwards), no
    /// failure waiting for a retry, the page's key known, not past the end, and no request for
    /// that page in flight. With a page cap the distance is held below half the capped rows,
    /// so a fetch at one end never makes `trim` drop what the other end would fetch again.
    /// - Parameters:
    ///   - cursor: the index of the item under the cursor (the next item to write, in pipes).
    ///   - distance: the prefetch lead in items.
    public mutating func prefetch(cursor: Int, distance: Int) -> [PagingEffect] {
        guard failure == nil, jumpTarget == nil else { return [] }
        if let pendingRefresh {
            // A refresh loads its pages one after another until it can replace the rows.
            let next = (pendingRefresh.applier.pageRange?.upperBound ?? -1) + 1
            guard let key = pendingRefresh.keys[next] else { return [] }
            return issueOnce(index: next, key: key)
        }
        let lead = cappedDistance(distance)
        var effects: [PagingEffect] = []
        if items.count - cursor <= lead {
            effects += requestNextPage()
        }
        if cursor <= lead, let previous = previousPage, let key = keys[previous] {
            effects += issueOnce(index: previous, key: key)
        }
        return effects
    }

    /// Drops pages far from the cursor until at most `maxPages` are applied. Pages that hold
    /// a visible row are never dropped.
    /// - Parameters:
    ///   - visible: the rows on screen.
    ///   - cursor: the row under the cursor.
    /// - Returns: how many rows were dropped above the cursor (the cursor's index moves up by it).
    @discardableResult
    public mutating func trim(visible: Range<Int>, cursor: Int) -> Int {
        guard let maxPages, pendingRefresh == nil, jumpTarget == nil else { return 0 }
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
                _ = applier.dropPages(below: topPage + 1)
                removedAbove += topRows.count
                firstVisible -= topRows.count
                lastVisible -= topRows.count
                cursor -= topRows.count
            } else if canDropBottom {
                droppedRows[bottomPage] = Int32(bottomRows.count)
                rowsBelow += bottomRows.count
                _ = applier.dropPages(above: bottomPage - 1)
            } else {
                break
            }
        }
        return removedAbove
    }

    /// Records a page's result.
    /// - Returns: whether the result was applied (false for stale or duplicate results, and for
    ///   a page no longer next to the rows).
    @discardableResult
    public mutating func receive(_ request: PageRequest, _ result: Result<Page, FeedError>) -> Bool {
        guard request.generation == generation, inFlight.removeValue(forKey: request.id) != nil else {
            resultsDropped += 1
            return false
        }
        if liveBatch?.requests.contains(request.id) == true {
            return receiveLive(request, result)
        }
        if pendingRefresh != nil {
            return receiveRefresh(request, result)
        }
        switch result {
        case let .success(page):
            if jumpTarget == request.index {
                jumpTarget = nil
                dropAll()
            } else if let range = applier.pageRange, !(range.lowerBound - 1...range.upperBound + 1).contains(request.index) {
                // The rows moved on (a jump, drops) while this page travelled: not needed now.
                resultsDropped += 1
                return false
            }
            record(page, index: request.index)
            apply(page.items, index: request.index)
        case let .failure(error):
            failure = error
            failedPage = request.index
            if jumpTarget == request.index { jumpTarget = nil }
        }
        return true
    }

    /// Clears a failure and asks for the failed page again.
    public mutating func retry() -> [PagingEffect] {
        guard failure != nil else { return [] }
        failure = nil
        let page = failedPage ?? nextPage
        failedPage = nil
        if let pendingRefresh {
            let index = pendingRefresh.applier.pageRange.map { $0.upperBound + 1 } ?? 0
            guard let key = pendingRefresh.keys[index] else { return [] }
            return issueOnce(index: index, key: key)
        }
        guard let key = keys[page] else { return [] }
        return issueOnce(index: page, key: key)
    }

    /// Goes to a page whose key is known: the rows stay until it arrives, then it replaces them
    /// (its neighbours are fetched again as the cursor nears them). Used by `g` after drops.
    public mutating func jump(toPage index: Int) -> [PagingEffect] {
        guard pendingRefresh == nil, let key = keys[index] else { return [] }
        if applier.pageRange?.contains(index) == true { return [] }
        jumpTarget = index
        failure = nil
        return issueOnce(index: index, key: key)
    }

    /// Starts a new generation from the first page; in-flight loads are cancelled and their
    /// results will be dropped. The current rows stay until the new pages reach the anchor item
    /// (or the end, or as many pages as the rows held up to it), then replace them.
    /// - Parameter anchorID: the item under the cursor, to find again.
    public mutating func refresh(anchor anchorID: String? = nil) -> [PagingEffect] {
        generation += 1
        var effects = inFlight.keys.sorted().map(PagingEffect.cancel)
        inFlight = [:]
        liveBatch = nil
        jumpTarget = nil
        failure = nil
        failedPage = nil
        let anchorPage = anchorID.flatMap { items.index(of: $0) }.flatMap { applier.page(ofRow: $0) } ?? 0
        var limit = anchorPage + 2
        if let maxPages { limit = min(limit, maxPages) }
        pendingRefresh = PendingRefresh(anchorID: anchorID, pageLimit: max(1, limit), keys: [0: firstKey])
        effects += issue(index: 0, key: firstKey)
        return effects
    }

    /// Fetches applied pages again for live updates; their new content replaces theirs in place
    /// once all have arrived. One batch at a time; nothing while refreshing or failing.
    public mutating func refreshLive(pages: ClosedRange<Int>) -> [PagingEffect] {
        guard liveBatch == nil, pendingRefresh == nil, jumpTarget == nil, failure == nil,
              let range = applier.pageRange
        else { return [] }
        let pages = max(pages.lowerBound, range.lowerBound)...min(pages.upperBound, range.upperBound)
        guard !pages.isEmpty else { return [] }
        var effects: [PagingEffect] = []
        var requests: Set<RequestID> = []
        for index in pages {
            guard let key = keys[index] else { return [] }
            for case let .fetch(request) in issue(index: index, key: key) {
                requests.insert(request.id)
                effects.append(.fetch(request))
            }
        }
        liveBatch = LiveBatch(pages: pages, requests: requests)
        return effects
    }

    /// Forgets the "new above" count (the reader has seen them).
    public mutating func clearNewAbove() { newAbove = 0 }

    // MARK: - Helpers

    private func isLive(_ id: RequestID) -> Bool { liveBatch?.requests.contains(id) == true }

    /// The lead, held below half of what the cap keeps (less one page), so fetching at one end
    /// and trimming the other cannot chase each other.
    private func cappedDistance(_ distance: Int) -> Int {
        guard let maxPages else { return distance }
        let rowsPerPage = pagesLoaded > 0 ? max(1, items.count / pagesLoaded) : pageSize
        return min(distance, max(0, (maxPages - 1) * rowsPerPage / 2 - 1))
    }

    private mutating func requestNextPage() -> [PagingEffect] {
        let index = nextPage
        guard endPage.map({ index < $0 }) ?? true, let key = keys[index] else { return [] }
        return issueOnce(index: index, key: key)
    }

    /// Issues a request for a page unless one for it is in flight.
    private mutating func issueOnce(index: Int, key: PageKey) -> [PagingEffect] {
        guard !inFlight.values.contains(where: { $0.index == index && !isLive($0.id) }) else { return [] }
        return issue(index: index, key: key)
    }

    private mutating func issue(index: Int, key: PageKey) -> [PagingEffect] {
        let request = PageRequest(
            id: RequestID(nextRequestID), index: index, key: key, pageSize: pageSize, generation: generation)
        nextRequestID += 1
        requestsIssued += 1
        inFlight[request.id] = request
        return [.fetch(request)]
    }

    /// Keeps what a page says about the next one and the total.
    private mutating func record(_ page: Page, index: Int) {
        if let next = page.next {
            keys[index + 1] = next
            if let end = endPage, end <= index + 1 { endPage = nil }
        } else {
            endPage = index + 1
        }
        if let reported = page.total { total = reported }
    }

    /// Applies a page's items, keeping the dropped-row counts true.
    private mutating func apply(_ pageItems: [FeedItem], index: Int) {
        let before = applier.pageRange
        _ = applier.receive(page: index, items: pageItems)
        guard let dropped = droppedRows.removeValue(forPage: index).map(Int.init) else { return }
        if let before {
            if index < before.lowerBound { rowsAbove -= dropped } else { rowsBelow -= dropped }
        } else {
            let entries = droppedRows.entries
            rowsAbove = entries.lazy.filter { $0.page < index }.reduce(0) { $0 + Int($1.value) }
            rowsBelow = entries.lazy.filter { $0.page > index }.reduce(0) { $0 + Int($1.value) }
        }
    }

    /// Moves every applied page to the dropped ones (a jump replaces them all).
    private mutating func dropAll() {
        guard let range = applier.pageRange else { return }
        for page in range { droppedRows[page] = Int32(applier.rows(ofPage: page)!.count) }
        applier.reset(openingAt: nil)
        rowsAbove = 0
        rowsBelow = 0
    }

    private mutating func receiveRefresh(_ request: PageRequest, _ result: Result<Page, FeedError>) -> Bool {
        guard var pending = pendingRefresh else { return false }
        switch result {
        case let .failure(error):
            failure = error
            failedPage = request.index
            return true
        case let .success(page):
            if let next = page.next { pending.keys[request.index + 1] = next } else { pending.endPage = request.index + 1 }
            if let reported = page.total { pending.total = reported }
            _ = pending.applier.receive(page: request.index, items: page.items)
            let loaded = pending.applier.pageRange?.count ?? 0
            let found = pending.anchorID.map { pending.applier.snapshot.contains(id: $0) } ?? true
            let next = (pending.applier.pageRange?.upperBound ?? -1) + 1
            let atEnd = pending.endPage.map { next >= $0 } ?? false
            if found || atEnd || loaded >= pending.pageLimit || pending.keys[next] == nil {
                commit(pending)
                return true
            }
            pendingRefresh = pending  // `prefetch` asks for the next page
            return true
        }
    }

    /// Replaces the rows with the refreshed ones and counts the new rows above the anchor.
    private mutating func commit(_ pending: PendingRefresh) {
        let old = applier.snapshot
        newAbove = 0
        if let anchorID = pending.anchorID, let anchorRow = pending.applier.snapshot.index(of: anchorID) {
            for row in 0..<anchorRow where !old.contains(id: pending.applier.snapshot[row].id) {
                newAbove += 1
            }
        }
        applier = pending.applier
        keys = pending.keys
        endPage = pending.endPage
        total = pending.total ?? total
        droppedRows = PageTable()
        rowsAbove = 0
        rowsBelow = 0
        pendingRefresh = nil
    }

    private mutating func receiveLive(_ request: PageRequest, _ result: Result<Page, FeedError>) -> Bool {
        guard var batch = liveBatch else { return false }
        guard case let .success(page) = result else {
            // A live update that fails changes nothing: the rows on screen are still right.
            for id in batch.requests where inFlight[id] != nil { inFlight[id] = nil }
            liveBatch = nil
            return true
        }
        batch.received[request.index] = page.items
        guard batch.received.count == batch.pages.count else {
            liveBatch = batch
            return true
        }
        liveBatch = nil
        guard let range = applier.pageRange, range.contains(batch.pages.lowerBound), range.contains(batch.pages.upperBound)
        else { return true }
        _ = applier.refreshSpan(from: batch.pages.lowerBound, pages: batch.pages.map { batch.received[$0]! })
        return true
    }
}
