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
///
/// The pager is in one `Mode` at a time: browsing, stopped at a failure, jumping, refreshing
/// or applying a live batch. The concerns live in their own files: `PagingState+Refresh`,
/// `+Live` and `+Cap` (trim and jump).
public struct PagingState: Sendable, Equatable {
    public let firstKey: PageKey
    public let pageSize: Int
    /// The most pages held at once; `nil` holds every page.
    public let maxPages: Int?
    /// How many list pages may be in flight ahead of the rows at once (1 is serial). Pages past
    /// the next one are asked for only when the lead reaches them and their key is predictable
    /// (offset, page number, id slice); their results wait in `held` until the page before them
    /// confirms the key (`PagingState+Pipeline`).
    public let pipelineDepth: Int
    /// Bumped by `refresh`; results of older generations are dropped.
    public internal(set) var generation = 0
    /// The rows, built from pages.
    public internal(set) var applier = SnapshotApplier<FeedItem>()
    /// The key of every page whose start is known, by page index. Kept after a page is dropped.
    public internal(set) var keys: PageKeyTable
    /// One past the last page, once a page has said the feed ends there.
    public internal(set) var endPage: Int?
    public internal(set) var inFlight: [RequestID: PageRequest] = [:]
    /// What the pager is doing besides loading as the cursor asks.
    public internal(set) var mode: Mode = .browsing
    /// The total the API reports, when it does.
    public internal(set) var total: Int?
    /// Where the API stops handing out items, when that is before `total` (`Page.cap`).
    public internal(set) var cap: Int?
    /// Why the feed ends, in the source's words (`Page.endNote` of the last page read).
    public internal(set) var endNote: String?
    /// Items the API listed but the source left out (`Page.omittedCount`), by page index.
    public internal(set) var omittedByPage = PageTable<Int32>()
    /// Requests issued in this run (every generation).
    public internal(set) var requestsIssued = 0
    /// Results dropped because they were stale, duplicates, or no longer next to the rows.
    public internal(set) var resultsDropped = 0
    /// The rows each dropped page owned, by page index, until it is applied again.
    public internal(set) var droppedRows = PageTable<Int32>()
    /// Rows of dropped pages before the applied pages (and of pages never loaded before them, on
    /// a feed that can jump: `rowsBefore(page:)`).
    public internal(set) var rowsAbove = 0
    /// Results of pages fetched ahead, by page index, waiting for the page before them.
    public internal(set) var held: [Int: HeldResult] = [:]
    /// The keys read going down and the run of pages that added no row (`PagingState+Progress`).
    public internal(set) var progress: ProgressWatch
    /// Why the feed was ended before its links said so, while it ends there (`stop`).
    var stopReason: FeedError?
    private var nextRequestID: UInt64 = 1

    /// The page cap the command line uses unless told otherwise: a few thousand items, enough
    /// for long sessions on endless feeds, small in memory.
    public static let defaultMaxPages = 100

    /// The pipeline depth the terminal uses for list pages: the page the reader nears and one
    /// beyond it.
    public static let listPipelineDepth = 2

    /// - Parameters:
    ///   - firstKey: the key of page 0.
    ///   - pageSize: items a page asks for.
    ///   - maxPages: the page cap; `nil` holds every page.
    ///   - pipeline: list pages in flight ahead of the rows at most (1…4; 1 is serial).
    public init(firstKey: PageKey, pageSize: Int, maxPages: Int? = nil, pipeline: Int = 1) {
        self.firstKey = firstKey
        self.pageSize = max(1, pageSize)
        self.maxPages = maxPages.map { max(2, $0) }
        pipelineDepth = min(4, max(1, pipeline))
        keys = [0: firstKey]
        progress = ProgressWatch(firstKey: firstKey)
    }

    /// What the pager is doing besides loading pages as the cursor asks. One at a time: a
    /// refresh or a jump ends a live batch, a failure ends it too (its late results are
    /// dropped), and nothing else starts while a refresh gathers its pages.
    public enum Mode: Sendable, Equatable {
        /// Loading pages as the cursor nears either end of the rows.
        case browsing
        /// Loading stopped at a failed page until `retry`.
        case failed(FeedError, page: Int)
        /// Waiting for a page that will replace every row (`jump(toPage:)`).
        case jumping(toPage: Int)
        /// A new generation gathering pages while the old rows stay (`refresh(anchor:)`).
        case refreshing(PendingRefresh)
        /// Applied pages fetched again, applied in place when all have arrived (`refreshLive`).
        case live(LiveBatch)
    }
}

/// What the pager asks the runtime to do.
public enum PagingEffect: Sendable, Hashable {
    case fetch(PageRequest)
    case cancel(RequestID)
    /// A request asked for as prefetch is wanted now (the reader reached its page): it moves
    /// to the wanted lane, keeping its place in line, instead of being asked for again.
    case promote(RequestID)
}

extension PagingState {
    /// The rows loaded so far.
    public var items: Snapshot<FeedItem> { applier.snapshot }

    /// The failure that stopped loading, until `retry`.
    public var failure: FeedError? {
        switch mode {
        case let .failed(error, _): error
        case let .refreshing(pending): pending.failure
        case .browsing, .jumping, .live: nil
        }
    }

    /// The page a jump is waiting for; the rows stay until it arrives.
    public var jumpTarget: Int? {
        if case let .jumping(page) = mode { return page }
        return nil
    }

    /// The footer's state.
    public var loadState: LoadState {
        if let failure { return .error(failure) }
        if isAtEnd { return stop.map(LoadState.error) ?? .end }
        return inFlight.values.contains { $0.index == nextPage && !isLive($0.id) } ? .loading : .idle
    }

    /// Whether every page up to the end is applied.
    public var isAtEnd: Bool { endPage != nil && nextPage == endPage }

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
    ///   - hiddenAbove: items above the cursor that take no row (read items under `H`): the
    ///     lead counts rows the reader sees, so a screen of hidden items does not stall.
    ///   - hiddenBelow: the same below the cursor.
    ///   - shownBelow: rows on screen from the cursor's down, its own included. A page whose
    ///     rows are due on screen (the end of the rows is among them) is wanted now; one asked
    ///     for only because the lead reaches it is prefetch (`PageRequest.isPrefetch`), and
    ///     yields to wanted requests for the host's turns. 1 (pipes): only the last row.
    ///   - shownAbove: rows on screen above the cursor's; the previous page is wanted when the
    ///     first row is among them.
    public mutating func prefetch(
        cursor: Int, distance: Int, hiddenAbove: Int = 0, hiddenBelow: Int = 0, shownBelow: Int = 1, shownAbove: Int = 0
    ) -> [PagingEffect] {
        switch mode {
        case .failed, .jumping:
            return []
        case let .refreshing(pending):
            // A refresh loads its pages one after another until it can replace the rows.
            guard pending.failure == nil, let key = pending.keys[pending.nextPage] else { return [] }
            return issueOnce(index: pending.nextPage, key: key)
        case .browsing, .live:
            break
        }
        let lead = cappedDistance(distance)
        var effects: [PagingEffect] = []
        let rowsAhead = items.count - cursor - hiddenBelow
        if rowsAhead <= lead {
            effects += requestNextPage(isPrefetch: rowsAhead > max(1, shownBelow))
            effects += requestAhead(rowsAhead: rowsAhead, lead: lead)
        }
        if cursor - hiddenAbove <= lead, let previous = previousPage, let key = key(of: previous) {
            effects += issueOnce(index: previous, key: key, isPrefetch: cursor - hiddenAbove > max(0, shownAbove))
        }
        return effects
    }

    /// Records a page's result.
    /// - Returns: what the result did (dropped as stale, a duplicate, or a page no longer next
    ///   to the rows; applied with its changes; a jump, refresh or live batch completed; a
    ///   failure) and what the runtime must do about it: a failure that ends a live batch
    ///   cancels the batch's other requests, so they are closed on the wire.
    public mutating func receive(_ request: PageRequest, _ result: Result<Page, FeedError>) -> PagingReceipt {
        guard request.generation == generation, inFlight.removeValue(forKey: request.id) != nil else {
            resultsDropped += 1
            return PagingReceipt(.dropped)
        }
        switch mode {
        case let .live(batch) where batch.requests.contains(request.id):
            return receiveLive(request, result, batch: batch)
        case let .refreshing(pending):
            return PagingReceipt(receiveRefresh(request, result, pending: pending))
        default:
            break
        }
        if isAhead(request.index) {
            // Fetched ahead: it waits for the page before it, in key order, failures included.
            held[request.index] = HeldResult(request: request, result: result)
            return PagingReceipt(.pending)
        }
        return receiveInOrder(request, result)
    }

    /// A list page's result that is due now (not fetched ahead, not a live re-fetch, not a
    /// refresh's).
    private mutating func receiveInOrder(_ request: PageRequest, _ result: Result<Page, FeedError>) -> PagingReceipt {
        switch result {
        case let .success(page):
            if jumpTarget == request.index {
                mode = .browsing
                let dropped = dropAll()
                record(page, index: request.index)
                let applied = apply(page.items, index: request.index)
                checkRowsAdded(pages: [(request.index, page)])
                return PagingReceipt(.jumped(Changeset(deletes: dropped.deletes, inserts: applied.inserts)))
            }
            if let range = applier.pageRange, !(range.lowerBound - 1...range.upperBound + 1).contains(request.index) {
                // The rows moved on (a jump, drops) while this page travelled: not needed now.
                resultsDropped += 1
                return PagingReceipt(.dropped)
            }
            if !isConfirmed(request) {
                // Fetched ahead and overtaken: the page before it ended the feed there, or
                // said the page starts elsewhere (it is asked for again with that key).
                resultsDropped += 1
                return PagingReceipt(.dropped)
            }
            if request.index == nextPage {
                let (changes, effects) = applyReleasingHeld(page, index: request.index)
                return PagingReceipt(.applied(changes), effects: effects)
            }
            record(page, index: request.index)
            return PagingReceipt(.applied(apply(page.items, index: request.index)))
        case let .failure(error):
            if let target = jumpTarget, target != request.index {
                // The jump replaces the rows this page was for: its failure does not matter.
                resultsDropped += 1
                return PagingReceipt(.dropped)
            }
            // Loading stops here: a live batch under way stops too, and its requests close.
            let cancels = abandonLive()
            mode = .failed(error, page: request.index)
            return PagingReceipt(.failed(error), effects: cancels)
        }
    }

    /// Clears a failure and asks for the failed page again (a failed jump goes on as a jump, a
    /// failed refresh goes on gathering).
    public mutating func retry() -> [PagingEffect] {
        switch mode {
        case let .failed(_, page):
            mode = .browsing
            guard let key = key(of: page) else { return [] }
            if let range = applier.pageRange, !(range.lowerBound - 1...range.upperBound + 1).contains(page) {
                mode = .jumping(toPage: page)
            }
            return issueOnce(index: page, key: key)
        case var .refreshing(pending) where pending.failure != nil:
            pending.failure = nil
            mode = .refreshing(pending)
            guard let key = pending.keys[pending.nextPage] else { return [] }
            return issueOnce(index: pending.nextPage, key: key)
        default:
            return []
        }
    }

    // MARK: - Helpers

    func isLive(_ id: RequestID) -> Bool {
        if case let .live(batch) = mode { return batch.requests.contains(id) }
        return false
    }

    private mutating func requestNextPage(isPrefetch: Bool = false) -> [PagingEffect] {
        let index = nextPage
        guard endPage.map({ index < $0 }) ?? true, let key = key(of: index) else { return [] }
        return issueOnce(index: index, key: key, isPrefetch: isPrefetch)
    }

    /// Issues a request for a page unless one for it is in flight (live re-fetches aside) or
    /// its result is held. A page wanted now whose request in flight was asked for as prefetch
    /// is promoted (`PagingEffect.promote`), once.
    mutating func issueOnce(index: Int, key: PageKey, isPrefetch: Bool = false) -> [PagingEffect] {
        guard held[index] == nil else { return [] }
        if let request = inFlight.values.first(where: { $0.index == index && !isLive($0.id) }) {
            guard !isPrefetch, request.isPrefetch else { return [] }
            inFlight[request.id]?.isPrefetch = false
            return [.promote(request.id)]
        }
        return issue(index: index, key: key, isPrefetch: isPrefetch)
    }

    /// - Parameter isPrefetch: asked for ahead of the reader, not for rows on screen
    ///   (`PageRequest.isPrefetch`).
    mutating func issue(index: Int, key: PageKey, isPrefetch: Bool = false) -> [PagingEffect] {
        let request = PageRequest(
            id: RequestID(nextRequestID), index: index, key: key, pageSize: pageSize, generation: generation,
            isPrefetch: isPrefetch)
        nextRequestID += 1
        requestsIssued += 1
        inFlight[request.id] = request
        return [.fetch(request)]
    }

    /// Keeps what a page says about the next one and the total. Going down (the page extends
    /// the rows, or replaces them in a jump), a next key already read for another page ends
    /// the feed after this page instead (`checkNextKey`).
    mutating func record(_ page: Page, index: Int) {
        if index >= nextPage, !checkNextKey(of: page, index: index) {
            // A link back: the feed ends here, whatever the page says about the next one.
        } else if let next = page.next {
            keys[index + 1] = next
            if let end = endPage, end <= index + 1 {
                endPage = nil
                stopReason = nil
            }
        } else {
            endPage = index + 1
            stopReason = nil
        }
        if let reported = page.total { total = reported }
        if let reported = page.cap { cap = reported }
        if page.next == nil, let note = page.endNote { endNote = note }
        omittedByPage[index] = page.omittedCount > 0 ? Int32(page.omittedCount) : nil
    }

    /// Applies a page's items, keeping the dropped-row counts true.
    mutating func apply(_ pageItems: [FeedItem], index: Int) -> Changeset<FeedItem> {
        let before = applier.pageRange
        let changes = applier.receive(page: index, items: pageItems)
        let wasDropped = droppedRows.removeValue(forPage: index).map(Int.init)
        if let before {
            if index < before.lowerBound {
                // A page above that was never loaded (after a direct jump) stood for a full page.
                rowsAbove = max(0, rowsAbove - (wasDropped ?? rowsOfUnloadedPage))
            }
        } else if wasDropped != nil || index > 0 {
            rowsAbove = rowsBefore(page: index)
        }
        return changes
    }
}
