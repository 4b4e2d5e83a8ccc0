import FeedDiff
import FeedModel

/// Which pages exist, which are loaded, which are on their way: the pager's whole state.
///
/// Pure: every transition is a method that returns effects as values; the runtime carries them
/// out. The invariants it keeps:
/// - a page is requested once: never while a request for it is in flight, whatever calls it;
/// - a result counts only if its request is still in flight and of the current generation
///   (stale and duplicate results are dropped);
/// - rows are the pages applied in key order, de-duplicated by item id (`SnapshotApplier`).
public struct PagingState: Sendable, Equatable {
    public let firstKey: PageKey
    public let pageSize: Int
    /// Bumped by `refresh`; results of older generations are dropped.
    public private(set) var generation = 0
    /// The rows, built from pages.
    public private(set) var applier = SnapshotApplier<FeedItem>()
    /// The key of every page whose start is known, by page index. Kept after a page is dropped.
    public private(set) var keys: [Int: PageKey]
    /// One past the last page, once a page has said the feed ends there.
    public private(set) var endPage: Int?
    public private(set) var inFlight: [RequestID: PageRequest] = [:]
    /// The failure that stopped forward loading, until `retry`.
    public private(set) var failure: FeedError?
    /// The total the API reports, when it does.
    public private(set) var total: Int?
    /// Requests issued in this run (every generation).
    public private(set) var requestsIssued = 0
    /// Results dropped because they were stale or duplicates.
    public private(set) var resultsDropped = 0
    /// Whether a refresh is waiting for its first page (the old rows stay until then).
    public private(set) var isRefreshing = false
    private var nextRequestID: UInt64 = 1

    public init(firstKey: PageKey, pageSize: Int) {
        self.firstKey = firstKey
        self.pageSize = max(1, pageSize)
        keys = [0: firstKey]
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
        return inFlight.values.contains { $0.index == nextPage } ? .loading : .idle
    }

    /// Whether every page up to the end is applied.
    public var isAtEnd: Bool { endPage != nil && nextPage == endPage }

    /// The page index that would extend the rows downwards.
    public var nextPage: Int { (applier.pageRange?.upperBound ?? -1) + 1 }

    /// Pages currently applied.
    public var pagesLoaded: Int { applier.pageRange?.count ?? 0 }

    /// Asks for the next page when the cursor is close enough to the end of what is loaded.
    ///
    /// The rule: `loaded − cursor ≤ distance`, no failure waiting for a retry, the next page's
    /// key known, not past the end, and no request for that page in flight.
    /// - Parameters:
    ///   - cursor: the index of the item under the cursor (the next item to write, in pipes).
    ///   - distance: the prefetch lead in items.
    public mutating func prefetch(cursor: Int, distance: Int) -> [PagingEffect] {
        guard failure == nil, items.count - cursor <= distance else { return [] }
        return requestNextPage()
    }

    /// Records a page's result.
    /// - Returns: whether the result was applied (false for stale or duplicate results).
    @discardableResult
    public mutating func receive(_ request: PageRequest, _ result: Result<Page, FeedError>) -> Bool {
        guard request.generation == generation, inFlight.removeValue(forKey: request.id) != nil else {
            resultsDropped += 1
            return false
        }
        switch result {
        case let .success(page):
            if isRefreshing && request.index == 0 {
                applier.reset()
                keys = [0: firstKey]
                endPage = nil
                isRefreshing = false
            }
            if let next = page.next {
                keys[request.index + 1] = next
            } else {
                endPage = request.index + 1
            }
            if let reported = page.total { total = reported }
            _ = applier.receive(page: request.index, items: page.items)
        case let .failure(error):
            failure = error
        }
        return true
    }

    /// Clears a failure and asks for the failed page again.
    public mutating func retry() -> [PagingEffect] {
        guard failure != nil else { return [] }
        failure = nil
        return requestNextPage()
    }

    /// Starts a new generation from the first page; in-flight loads are cancelled and their
    /// results will be dropped. The current rows stay until the new first page arrives.
    public mutating func refresh() -> [PagingEffect] {
        generation += 1
        var effects = inFlight.keys.sorted().map(PagingEffect.cancel)
        inFlight = [:]
        failure = nil
        isRefreshing = true
        effects += issue(index: 0, key: firstKey)
        return effects
    }

    // MARK: - Helpers

    private mutating func requestNextPage() -> [PagingEffect] {
        let index = isRefreshing ? 0 : nextPage
        guard endPage.map({ index < $0 }) ?? true,
              let key = keys[index],
              !inFlight.values.contains(where: { $0.index == index })
        else { return [] }
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
}
