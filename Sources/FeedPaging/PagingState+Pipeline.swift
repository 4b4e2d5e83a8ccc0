import FeedDiff
import FeedModel

/// The bounded pipeline: up to `pipelineDepth` list pages in flight ahead of the rows, each
/// asked for once, applied in key order.
///
/// On feeds whose pages are addressed by position the key of the page after the next one is
/// predictable, so it is fetched while the next one travels, as long as the reader still has
/// rows to read (a page ahead never competes with the one the reader waits for). Its result is *held* until the
/// page before it arrives and confirms the key (`Page.next`): then it is applied in the same
/// step, in order; a failure held this way stops loading at its own page, after the pages
/// before it. A result whose key the page before did not confirm (the feed shifted, or ended)
/// is dropped and the page asked for again with the confirmed key. Cursor and keyset feeds
/// stay serial: their next key is only known once the page before has arrived.
extension PagingState {
    /// A result fetched ahead, waiting for the page before it.
    public struct HeldResult: Sendable, Equatable {
        public var request: PageRequest
        public var result: Result<Page, FeedError>
    }

    /// Cancels list requests the rows no longer need, and forgets held results they left behind:
    /// after a page-cap drop, a page below the rows is wanted only as the next one or behind a
    /// chain of pages on their way (the pipeline), a page above only as the previous one; while
    /// a jump waits, only its page is wanted.
    /// - Returns: a cancel for each such request in flight.
    public mutating func cancelStranded() -> [PagingEffect] {
        guard let range = applier.pageRange else { return [] }
        var wanted: Set<Int>
        switch mode {
        case .browsing, .live, .failed:
            wanted = [range.lowerBound - 1]
            var index = range.upperBound + 1
            // A failed page waiting for `r` keeps its place in the chain: what is held behind it stays.
            var failedPage: Int?
            if case let .failed(_, page) = mode { failedPage = page }
            while index <= range.upperBound + pipelineDepth,
                  held[index] != nil || isLoading(page: index) || failedPage == index {
                wanted.insert(index)
                index += 1
            }
        case let .jumping(target): wanted = [target]
        case .refreshing: return []
        }
        for index in held.keys where !wanted.contains(index) {
            held[index] = nil
            resultsDropped += 1
        }
        let stranded = inFlight.values.filter { !wanted.contains($0.index) && !isLive($0.id) }.map(\.id).sorted()
        for id in stranded { inFlight[id] = nil }
        return stranded.map(PagingEffect.cancel)
    }

    /// Cancels pages fetched ahead that the page before has since contradicted: it handed out
    /// another key for them (the feed shifted) or ended the feed before them. Their answers
    /// would only be dropped, and while they travel the page cannot be asked for again with
    /// its right key; cancelled now, the next prefetch asks for it at once.
    /// - Returns: a cancel for each such request in flight.
    public mutating func cancelUnconfirmed() -> [PagingEffect] {
        switch mode {
        case .browsing, .live, .failed: break
        case .jumping, .refreshing: return []
        }
        let contradicted = inFlight.values.filter { !isLive($0.id) && !isConfirmed($0) }.map(\.id).sorted()
        for id in contradicted { inFlight[id] = nil }
        return contradicted.map(PagingEffect.cancel)
    }

    // MARK: - Helpers

    /// Puts a confirmed page past the next one into the applier's buffer, keeping the
    /// dropped-row counts true (with no rows yet, the next page's `apply` counts them afresh).
    private mutating func bufferAhead(_ items: [FeedItem], index: Int) {
        _ = applier.receive(page: index, items: items)
        _ = droppedRows.removeValue(forPage: index)
    }

    /// Whether what the pages before a request's page say agrees with it: the feed does not end
    /// before it, and the key they handed out for it is the one it was fetched with.
    func isConfirmed(_ request: PageRequest) -> Bool {
        if let end = endPage, request.index >= end { return false }
        if let known = keys[request.index], known != request.key { return false }
        return true
    }

    /// Whether a list request for a page is in flight (live re-fetches aside).
    func isLoading(page index: Int) -> Bool {
        inFlight.values.contains { $0.index == index && !isLive($0.id) }
    }

    /// Whether a result is for a page fetched ahead of the next one, to hold until that arrives.
    func isAhead(_ index: Int) -> Bool {
        switch mode {
        case .browsing, .live, .failed: index > nextPage && index < nextPage + pipelineDepth
        case .jumping, .refreshing: false
        }
    }

    /// Asks for the pages after the next one that the lead reaches, when their keys are
    /// predictable: one page each time the lead covers another page beyond what is loaded
    /// and in flight.
    /// - Parameters:
    ///   - rowsAhead: rows from the cursor's to the last loaded one (1 at the last row).
    ///   - lead: the prefetch distance.
    mutating func requestAhead(rowsAhead: Int, lead: Int) -> [PagingEffect] {
        // Never beside the page the reader is waiting for (no row left below the cursor's, the
        // first screen included): on Hacker News a page is thirty item requests
        // sharing the source's connections and rate budget, and a page ahead would halve what
        // the awaited one gets (HN's first screen under a 5/s limit: 7.8 s alone, 14.7 s beside it).
        guard pipelineDepth > 1, isAddressable, rowsAhead > 1 else { return [] }
        var effects: [PagingEffect] = []
        for ahead in 1..<pipelineDepth where rowsAhead + ahead * pageSize <= lead {
            let index = nextPage + ahead
            guard endPage.map({ index < $0 }) ?? true, let key = key(of: index) else { break }
            // Only behind a page that is itself on its way: never a gap with nothing to fill it.
            let before = index - 1
            guard held[before] != nil || isLoading(page: before) else { break }
            // Beyond the next page: never what the reader waits for.
            effects += issueOnce(index: index, key: key, isPrefetch: true)
        }
        return effects
    }

    /// Applies the next page, and after it every held page whose key it (or the held page
    /// before) confirms, in one changeset. A held failure stops loading at its page; a held
    /// result the pages before did not confirm is dropped, to be asked for again.
    /// - Returns: the changes, and cancels for a live batch's requests when a held failure
    ///   ends it.
    mutating func applyReleasingHeld(_ page: Page, index: Int) -> (Changeset<FeedItem>, [PagingEffect]) {
        record(page, index: index)
        var run: [(index: Int, page: Page)] = [(index, page)]
        var next = index + 1
        var failure: (FeedError, Int)?
        while let waiting = held.removeValue(forKey: next) {
            let confirmed = (endPage.map { next < $0 } ?? true) && keys[next] == waiting.request.key
            guard confirmed else {
                resultsDropped += 1
                break
            }
            switch waiting.result {
            case let .success(later):
                record(later, index: next)
                run.append((next, later))
                next += 1
                continue
            case let .failure(error):
                failure = (error, next)
            }
            break
        }
        // Later pages go into the applier's buffer first; the next page then releases them all
        // in key order, so the changeset runs from the rows before to the rows after.
        for held in run.dropFirst() { bufferAhead(held.page.items, index: held.index) }
        let changes = apply(page.items, index: index)
        checkRowsAdded(pages: run.map { ($0.index, $0.page) })
        var cancels: [PagingEffect] = []
        if let (error, failed) = failure {
            cancels = abandonLive()
            mode = .failed(error, page: failed)
        }
        return (changes, cancels)
    }
}
