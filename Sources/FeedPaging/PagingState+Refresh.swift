import FeedDiff
import FeedModel

/// Refresh from the top that keeps the reader's place.
extension PagingState {
    /// A refresh under way: the new generation's pages gather here while the old rows stay on
    /// screen, until they reach the anchor item, the end, or the page limit.
    public struct PendingRefresh: Sendable, Equatable {
        /// The item to keep under the cursor, if any.
        public var anchorID: String?
        /// How many pages to load looking for the anchor before giving up on it.
        public var pageLimit: Int
        public var applier = SnapshotApplier<FeedItem>()
        public var keys: PageKeyTable
        public var endPage: Int?
        public var total: Int?
        /// The last page's `endNote`, when the refresh reached it.
        public var endNote: String?
        /// The failure that stopped the refresh, until `retry`.
        public var failure: FeedError?

        /// The page the refresh asks for next.
        public var nextPage: Int { (applier.pageRange?.upperBound ?? -1) + 1 }
    }

    /// The refresh under way, if any.
    public var pendingRefresh: PendingRefresh? {
        if case let .refreshing(pending) = mode { return pending }
        return nil
    }

    /// Whether a refresh is waiting for its pages (the old rows stay until then).
    public var isRefreshing: Bool { pendingRefresh != nil }

    /// Starts a new generation from the first page; in-flight loads are cancelled and their
    /// results will be dropped. The current rows stay until the new pages reach the anchor item
    /// (or the end, or as many pages as the rows held up to it), then replace them.
    /// - Parameter anchorID: the item under the cursor, to find again.
    public mutating func refresh(anchor anchorID: String? = nil) -> [PagingEffect] {
        generation += 1
        var effects = inFlight.keys.sorted().map(PagingEffect.cancel)
        inFlight = [:]
        held = [:]
        let anchorPage = anchorID.flatMap { items.index(of: $0) }.flatMap { applier.page(ofRow: $0) } ?? 0
        var limit = anchorPage + 2
        if let maxPages { limit = min(limit, maxPages) }
        mode = .refreshing(PendingRefresh(anchorID: anchorID, pageLimit: max(1, limit), keys: [0: firstKey]))
        effects += issue(index: 0, key: firstKey)
        return effects
    }

    // MARK: - Helpers

    /// Gives up the refresh under way: its requests are cancelled (their answers would be
    /// dropped) and the rows stay as they were.
    /// - Returns: a cancel for each of its requests in flight.
    mutating func abandonRefresh() -> [PagingEffect] {
        guard isRefreshing else { return [] }
        let cancels = inFlight.keys.sorted().map(PagingEffect.cancel)
        inFlight = [:]
        mode = .browsing
        return cancels
    }

    mutating func receiveRefresh(
        _ request: PageRequest, _ result: Result<Page, FeedError>, pending: PendingRefresh
    ) -> PagingOutcome {
        var pending = pending
        switch result {
        case let .failure(error):
            pending.failure = error
            mode = .refreshing(pending)
            return .failed(error)
        case let .success(page):
            if let next = page.next {
                pending.keys[request.index + 1] = next
            } else {
                pending.endPage = request.index + 1
                pending.endNote = page.endNote
            }
            if let reported = page.total { pending.total = reported }
            _ = pending.applier.receive(page: request.index, items: page.items)
            let loaded = pending.applier.pageRange?.count ?? 0
            let found = pending.anchorID.map { pending.applier.snapshot.contains(id: $0) } ?? true
            let next = pending.nextPage
            let atEnd = pending.endPage.map { next >= $0 } ?? false
            if found || atEnd || loaded >= pending.pageLimit || pending.keys[next] == nil {
                return commit(pending)
            }
            mode = .refreshing(pending)  // `prefetch` asks for the next page
            return .pending
        }
    }

    /// Replaces the rows with the refreshed ones. The changeset is the diff of the two
    /// generations' rows: what a view needs to keep the cursor's item, count the new rows above
    /// it, and carry its marks across.
    private mutating func commit(_ pending: PendingRefresh) -> PagingOutcome {
        let changes = diff(applier.snapshot, pending.applier.snapshot)
        applier = pending.applier
        keys = pending.keys
        endPage = pending.endPage
        total = pending.total ?? total
        if pending.endPage != nil { endNote = pending.endNote }
        droppedRows = PageTable()
        rowsAbove = 0
        mode = .browsing
        resetProgress()
        return .refreshed(changes)
    }
}
