import FeedDiff
import FeedModel

/// Live updates: the pages on screen fetched again and applied in place.
extension PagingState {
    /// Applied pages being fetched again for live updates.
    public struct LiveBatch: Sendable, Equatable {
        public var pages: ClosedRange<Int>
        public var received: [Int: [FeedItem]] = [:]
        public var requests: Set<RequestID>
    }

    /// The live batch under way, if any.
    public var liveBatch: LiveBatch? {
        if case let .live(batch) = mode { return batch }
        return nil
    }

    /// Fetches applied pages again for live updates; their new content replaces theirs in place
    /// once all have arrived. One batch at a time; only while browsing (not while refreshing,
    /// jumping or failing).
    public mutating func refreshLive(pages: ClosedRange<Int>) -> [PagingEffect] {
        guard mode == .browsing, let range = applier.pageRange else { return [] }
        let pages = max(pages.lowerBound, range.lowerBound)...min(pages.upperBound, range.upperBound)
        guard !pages.isEmpty, pages.allSatisfy({ keys[$0] != nil }) else { return [] }
        var effects: [PagingEffect] = []
        var requests: Set<RequestID> = []
        for index in pages {
            for case let .fetch(request) in issue(index: index, key: keys[index]!) {
                requests.insert(request.id)
                effects.append(.fetch(request))
            }
        }
        mode = .live(LiveBatch(pages: pages, requests: requests))
        return effects
    }

    // MARK: - Helpers

    mutating func receiveLive(
        _ request: PageRequest, _ result: Result<Page, FeedError>, batch: LiveBatch
    ) -> PagingReceipt {
        var batch = batch
        let page: Page
        switch result {
        case let .success(loaded):
            page = loaded
        case let .failure(error):
            // A live update that fails changes nothing: the rows on screen are still right. The
            // batch ends, and its other requests are closed on the wire.
            return PagingReceipt(.liveFailed(error), effects: abandonLive())
        }
        batch.received[request.index] = page.items
        guard batch.received.count == batch.pages.count else {
            mode = .live(batch)
            return PagingReceipt(.pending)
        }
        mode = .browsing
        guard let range = applier.pageRange, range.contains(batch.pages.lowerBound), range.contains(batch.pages.upperBound)
        else { return PagingReceipt(.pending) }
        return PagingReceipt(.updated(applier.refreshSpan(from: batch.pages.lowerBound, pages: batch.pages.map { batch.received[$0]! })))
    }

    /// Ends a live batch, if one is under way: its requests still in flight stop counting, so
    /// their results are dropped when they come.
    /// - Returns: cancels for those requests.
    mutating func abandonLive() -> [PagingEffect] {
        guard case let .live(batch) = mode else { return [] }
        mode = .browsing
        let open = batch.requests.filter { inFlight[$0] != nil }.sorted()
        for id in open { inFlight[id] = nil }
        return open.map(PagingEffect.cancel)
    }
}
