import FeedDiff
import FeedModel
import FeedPaging
import FeedTestSupport
import PropertyBased
import Testing

/// The bounded pipeline: two list pages in flight ahead when the lead reaches both, each asked
/// for once, applied in key order whatever order they arrive in.
@Suite struct PagingStatePipelineTests {
    private func fetches(_ effects: [PagingEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    private func cancels(_ effects: [PagingEffect]) -> [RequestID] {
        effects.compactMap { if case let .cancel(id) = $0 { id } else { nil } }
    }

    private func key(_ index: Int, _ first: PageKey) -> PageKey {
        if case .idSlice = first { return .idSlice(start: index * 20, count: 20) }
        return .page(index)
    }

    private func page(_ index: Int, _ first: PageKey = .page(0), next: PageKey?? = .none) -> Page {
        Page(key: key(index, first), items: makeItems((index * 20)..<((index + 1) * 20)), next: next ?? key(index + 1, first))
    }

    /// A pager with page 0 applied (20 rows, asked for alone: nothing to read yet) and the
    /// cursor at row 10, then asked with `distance`: pages 1 and 2 when the lead reaches both.
    private func ready(_ firstKey: PageKey = .page(0), distance: Int = 40, first: Page? = nil) -> (PagingState, [PageRequest]) {
        var paging = PagingState(firstKey: firstKey, pageSize: 20, pipeline: 2)
        let start = fetches(paging.prefetch(cursor: 0, distance: 1_000))
        let page = first ?? Page(key: firstKey, items: makeItems(0..<20), next: key(1, firstKey))
        #expect(paging.receive(start[0], .success(page)).effects.isEmpty)
        let ahead = fetches(paging.prefetch(cursor: 10, distance: distance))
        return (paging, ahead)
    }

    @Test func asksForTheSecondPageOnlyWhenTheLeadReachesIt() {
        #expect(ready(distance: 29).1.map(\.index) == [1])
        var (paging, both) = ready(distance: 30)
        #expect(both.map(\.index) == [1, 2])
        #expect(both.map(\.key) == [.page(1), .page(2)])
        // Never a third, and never one again while they travel.
        #expect(paging.prefetch(cursor: 10, distance: 1_000).isEmpty)
        #expect(paging.requestsIssued == 3)
    }

    @Test func neverBesideThePageTheReaderWaitsFor() {
        // No rows yet (the first screen), or the cursor on the last row: that page alone.
        var empty = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        #expect(fetches(empty.prefetch(cursor: 0, distance: 1_000)).map(\.index) == [0])
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        let start = fetches(paging.prefetch(cursor: 0, distance: 1_000))
        #expect(paging.receive(start[0], .success(page(0))).effects.isEmpty)
        #expect(fetches(paging.prefetch(cursor: 19, distance: 1_000)).map(\.index) == [1])
    }

    @Test func serialPagerAndCursorFeedsAskForOneAtATime() {
        var serial = PagingState(firstKey: .page(0), pageSize: 20)
        let first = fetches(serial.prefetch(cursor: 0, distance: 1_000))
        #expect(serial.receive(first[0], .success(page(0))).effects.isEmpty)
        #expect(fetches(serial.prefetch(cursor: 10, distance: 1_000)).map(\.index) == [1])
        // A cursor's next key comes with the page before it: nothing to fetch ahead.
        let cursor = ready(.cursor(nil), distance: 1_000, first: Page(key: .cursor(nil), items: makeItems(0..<20), next: .cursor("a")))
        #expect(cursor.1.map(\.index) == [1])
        let keyset = ready(.keyset(nil), distance: 1_000, first: Page(key: .keyset(nil), items: makeItems(0..<20), next: .keyset("19")))
        #expect(keyset.1.map(\.index) == [1])
    }

    @Test func pageAheadWaitsForThePageBeforeAndBothApplyInOneChangeset() throws {
        let slice = PageKey.idSlice(start: 0, count: 20)
        var (paging, requests) = ready(slice)
        try #require(requests.count == 2)
        #expect(paging.receive(requests[1], .success(page(2, slice))).outcome == .pending)
        #expect(paging.items.count == 20)
        #expect(paging.held.keys.sorted() == [2])
        #expect(paging.loadState == .loading)
        // Still one request per page while it is held.
        #expect(paging.prefetch(cursor: 10, distance: 40).isEmpty)
        let before = paging.items
        let outcome = paging.receive(requests[0], .success(page(1, slice))).outcome
        let changes = try #require(outcome.changeset)
        #expect(changes.inserts.count == 40)
        #expect(apply(changes, to: before) == paging.items)
        #expect(paging.items.ids == (0..<60).map { "t:\($0)" })
        #expect(paging.pagesLoaded == 3)
        #expect(paging.held.isEmpty)
        #expect(paging.keys[3] == .idSlice(start: 60, count: 20))
    }

    @Test func aKeyThePageBeforeDoesNotConfirmIsAskedForAgain() throws {
        let slice = PageKey.idSlice(start: 0, count: 20)
        var (paging, requests) = ready(slice)
        #expect(paging.receive(requests[1], .success(page(2, slice))).effects.isEmpty)
        // Page 1 says page 2 starts at 38 (the list shifted): the held page was the wrong slice.
        let shifted = Page(key: requests[0].key, items: makeItems(20..<38), next: .idSlice(start: 38, count: 20))
        #expect(paging.receive(requests[0], .success(shifted)).changeset?.inserts.count == 18)
        #expect(paging.items.count == 38)
        #expect(paging.held.isEmpty)
        #expect(paging.resultsDropped == 1)
        let again = fetches(paging.prefetch(cursor: 30, distance: 40))
        #expect(again.first?.index == 2 && again.first?.key == .idSlice(start: 38, count: 20))
    }

    @Test func aPageAheadThePageBeforeContradictsIsCancelledAtOnceAndAskedForWithItsKey() throws {
        let slice = PageKey.idSlice(start: 0, count: 20)
        var (paging, requests) = ready(slice)
        #expect(paging.cancelUnconfirmed().isEmpty, "nothing contradicted yet")
        // Page 1 arrives first and says page 2 starts at 38: the page 2 on its way is the wrong slice.
        let shifted = Page(key: requests[0].key, items: makeItems(20..<38), next: .idSlice(start: 38, count: 20))
        #expect(paging.receive(requests[0], .success(shifted)).effects.isEmpty)
        let cancelled = paging.cancelUnconfirmed()
        #expect(cancels(cancelled) == [requests[1].id])
        #expect(paging.inFlight.isEmpty)
        // Asked for again at once with the key page 1 gave, not after the wrong one lands.
        let again = fetches(paging.prefetch(cursor: 30, distance: 40))
        #expect(again.first?.index == 2 && again.first?.key == .idSlice(start: 38, count: 20))
        // The cancelled answer, if it still comes, is dropped.
        #expect(paging.receive(requests[1], .success(page(2, slice))).outcome == .dropped)
        #expect(paging.requestsIssued == 3 + again.count)
    }

    @Test func aPageAheadPastAnEndThePageBeforeReportedIsCancelled() throws {
        var (paging, requests) = ready()
        #expect(paging.receive(requests[0], .success(page(1, next: .some(nil)))).effects.isEmpty)
        #expect(cancels(paging.cancelUnconfirmed()) == [requests[1].id])
        #expect(paging.isAtEnd)
        #expect(paging.prefetch(cursor: 39, distance: 100).isEmpty)
    }

    @Test func aPageAheadThePageBeforeConfirmsIsKept() throws {
        var (paging, requests) = ready()
        #expect(paging.receive(requests[0], .success(page(1))).effects.isEmpty)
        #expect(paging.cancelUnconfirmed().isEmpty)
        #expect(paging.inFlight.keys.sorted() == [requests[1].id])
    }

    @Test func aPageAheadPastTheEndIsDropped() throws {
        var (paging, requests) = ready()
        #expect(paging.receive(requests[1], .success(page(2))).effects.isEmpty)
        #expect(paging.receive(requests[0], .success(page(1, next: .some(nil)))).effects.isEmpty)
        #expect(paging.items.count == 40)
        #expect(paging.isAtEnd)
        #expect(paging.held.isEmpty)
        #expect(paging.prefetch(cursor: 39, distance: 100).isEmpty)
    }

    @Test func positionsStayAbsoluteWhenTheHeldPageLandsOnAFeedThatCanJump() throws {
        var first = page(0)
        first.total = 1_000
        var (paging, requests) = ready(first: first)
        var second = page(2)
        second.total = 1_000
        #expect(paging.receive(requests[1], .success(second)).effects.isEmpty)
        #expect(paging.receive(requests[0], .success(page(1))).effects.isEmpty)
        #expect(paging.canJump)
        #expect(paging.rowsAbove == 0 && paging.rowsBelow == 0)
        #expect(paging.knownRowCount == 60)
        #expect(paging.items.ids == (0..<60).map { "t:\($0)" })
    }

    @Test func aPageAheadThatArrivesAfterThePageBeforeEndedTheFeedIsDropped() throws {
        var (paging, requests) = ready()
        #expect(paging.receive(requests[0], .success(page(1, next: .some(nil)))).effects.isEmpty)
        #expect(paging.receive(requests[1], .success(page(2))).outcome == .dropped)
        #expect(paging.items.count == 40)
        #expect(paging.isAtEnd)
    }

    @Test func aFailureAheadStopsLoadingAtItsOwnPageAfterThePageBefore() throws {
        var (paging, requests) = ready()
        let error = FeedError(.http(status: 503), "HTTP 503")
        #expect(paging.receive(requests[1], .failure(error)).outcome == .pending)
        #expect(paging.failure == nil, "a failure ahead is not shown before the page before it")
        #expect(paging.receive(requests[0], .success(page(1))).effects.isEmpty)
        #expect(paging.items.count == 40)
        #expect(paging.mode == .failed(error, page: 2))
        let retried = fetches(paging.retry())
        #expect(retried.map(\.index) == [2])
        #expect(paging.receive(retried[0], .success(page(2))).effects.isEmpty)
        #expect(paging.items.ids == (0..<60).map { "t:\($0)" })
    }

    @Test func aFailureOfTheNextPageKeepsThePageHeldBehindIt() throws {
        var (paging, requests) = ready()
        let error = FeedError(.timeout, "timed out")
        #expect(paging.receive(requests[0], .failure(error)).effects.isEmpty)
        #expect(paging.receive(requests[1], .success(page(2))).outcome == .pending)
        #expect(paging.mode == .failed(error, page: 1))
        let retried = fetches(paging.retry())
        #expect(retried.map(\.index) == [1], "page 2 is held, not asked for again")
        #expect(paging.receive(retried[0], .success(page(1))).effects.isEmpty)
        #expect(paging.items.ids == (0..<60).map { "t:\($0)" })
        #expect(paging.requestsIssued == 4)
    }

    @Test func stormOfTenThousandKeysIsOneRequestPerPageWithTwoInFlight() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        var asked: [Int] = []
        var mostInFlight = 0
        for step in 0..<10_000 {
            // The reader runs five rows short of the end (at the last row a page ahead waits).
            let cursor = min(step, max(0, paging.items.count - 5))
            asked += fetches(paging.prefetch(cursor: cursor, distance: 40)).map(\.index)
            mostInFlight = max(mostInFlight, paging.inFlight.count)
            // Every 500 keys the newest request lands, then the older one: always out of order.
            if step % 500 == 499 {
                for request in paging.inFlight.values.sorted(by: { $0.index > $1.index }) {
                    #expect(paging.receive(request, .success(makePage(request.index))).effects.isEmpty)
                }
            }
        }
        #expect(asked == Array(0..<asked.count))
        #expect(mostInFlight == 2)
        #expect(asked.count == paging.pagesLoaded + paging.inFlight.count)
        #expect(paging.items.ids == (0..<paging.items.count).map { "t:\($0)" })
        #expect(paging.requestsIssued == asked.count)
        #expect(paging.resultsDropped == 0)
    }

    @Test(.offThePool) func anyArrivalOrderAppliesPagesInKeyOrderWithNoDuplicatesOrGaps() async {
        // Each round: the cursor moves, the pager asks; then one request in flight, picked by the
        // draw, lands, failing or not; a failure is retried on the next round.
        let rounds = Gen.int(in: 0...1_000).array(of: 10...80)
        await propertyCheck(count: 200, input: rounds) { draws in
            var paging = PagingState(firstKey: .offset(0, limit: 10), pageSize: 10, pipeline: 2)
            var cursor = 0
            var asked: [Int: Int] = [:]
            var failed: [Int: Int] = [:]
            for draw in draws {
                cursor = max(0, min(paging.items.count - 1, cursor + draw % 7))
                var effects = paging.prefetch(cursor: cursor, distance: 25)
                if paging.failure != nil { effects += paging.retry() }
                for request in fetches(effects) { asked[request.index, default: 0] += 1 }
                let ahead = paging.inFlight.values.map(\.index)
                #expect(ahead.count <= 2)
                #expect(ahead.allSatisfy { $0 >= paging.nextPage && $0 < paging.nextPage + 2 })
                let flying = paging.inFlight.values.sorted { $0.id < $1.id }
                guard !flying.isEmpty else { continue }
                let request = flying[draw % flying.count]
                if draw % 5 == 0 {
                    failed[request.index, default: 0] += 1
                    #expect(paging.receive(request, .failure(FeedError(.http(status: 500), "HTTP 500"))).effects.isEmpty)
                } else {
                    let items = makeItems((request.index * 10)..<((request.index + 1) * 10))
                    #expect(paging.receive(request, .success(Page(key: request.key, items: items, next: .offset((request.index + 1) * 10, limit: 10)))).effects.isEmpty)
                }
                // Key order, no gaps, no duplicates: the rows are exactly the first pages.
                #expect(paging.items.ids == (0..<paging.items.count).map { "t:\($0)" })
                #expect(paging.items.count == paging.pagesLoaded * 10)
            }
            // Drain: every failure retried, every page in flight or held delivered.
            var rounds = 0
            while rounds < 100, paging.failure != nil || !paging.inFlight.isEmpty {
                rounds += 1
                for request in fetches(paging.retry()) { asked[request.index, default: 0] += 1 }
                guard let request = paging.inFlight.values.min(by: { $0.id < $1.id }) else { continue }
                let items = makeItems((request.index * 10)..<((request.index + 1) * 10))
                #expect(paging.receive(request, .success(Page(key: request.key, items: items, next: .offset((request.index + 1) * 10, limit: 10)))).effects.isEmpty)
            }
            #expect(paging.held.isEmpty && paging.inFlight.isEmpty && paging.failure == nil)
            #expect(paging.items.ids == (0..<(asked.count * 10)).map { "t:\($0)" })
            // Each page asked for once, and once more per failure of it.
            for (page, count) in asked {
                #expect(count == 1 + failed[page, default: 0], "page \(page)")
            }
            #expect(paging.resultsDropped == 0)
        }
    }

    @Test func refreshCancelsBothPagesInFlight() throws {
        var (paging, first) = ready(distance: 30)
        #expect(paging.receive(first[0], .success(makePage(1))).effects.isEmpty)
        #expect(paging.receive(first[1], .success(makePage(2))).effects.isEmpty)
        let ahead = fetches(paging.prefetch(cursor: 58, distance: 22))
        #expect(ahead.map(\.index) == [3, 4])
        let effects = paging.refresh(anchor: "t:58")
        #expect(cancels(effects) == ahead.map(\.id))
        #expect(paging.receive(ahead[1], .success(makePage(4))).outcome == .dropped)
        #expect(paging.receive(ahead[0], .success(makePage(3))).outcome == .dropped)
        #expect(paging.items.count == 60)
    }

    @Test func pageCapDropCancelsBothPagesBelowTheRows() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 10, maxPages: 4, pipeline: 2)
        var flying = fetches(paging.prefetch(cursor: 0, distance: 12))
        // Load pages 0…4, each arrival followed by the pager's asks two rows from the end.
        for index in 0..<5 {
            let request = try #require(flying.first { $0.index == index })
            #expect(paging.receive(request, .success(makePage(index, size: 10))).effects.isEmpty)
            flying += fetches(paging.prefetch(cursor: paging.items.count - 2, distance: 12))
        }
        #expect(paging.pagesLoaded == 5)
        let below = paging.inFlight.values.sorted { $0.index < $1.index }
        #expect(below.map(\.index) == [5, 6])
        // The reader went back to the top: the cap drops the bottom page, and the pages that
        // would have extended it are no longer next to anything.
        #expect(paging.trim(visible: 0..<5, cursor: 2).deletes == Array(40..<50))
        #expect(paging.applier.pageRange == 0...3)
        #expect(cancels(paging.cancelStranded()) == below.map(\.id))
        #expect(paging.inFlight.isEmpty)
        #expect(paging.receive(below[0], .success(makePage(5, size: 10))).outcome == .dropped)
    }

    @Test func jumpCancelsThePagesInFlightForTheRowsItReplaces() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 10, pipeline: 2)
        let first = fetches(paging.prefetch(cursor: 0, distance: 10))
        #expect(paging.receive(first[0], .success(Page(key: .page(0), items: makeItems(0..<10), next: .page(1), total: 1_000))).effects.isEmpty)
        let ahead = fetches(paging.prefetch(cursor: 8, distance: 12))
        #expect(ahead.map(\.index) == [1, 2])
        let effects = paging.jump(toPage: 99)
        #expect(cancels(effects) == ahead.map(\.id))
        #expect(fetches(effects).map(\.index) == [99])
        #expect(paging.inFlight.values.map(\.index) == [99])
    }
}
