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

    @Test func asksForTheSecondPageOnlyWhenTheLeadReachesIt() {
        var short = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        #expect(fetches(short.prefetch(cursor: 0, distance: 19)).map(\.index) == [0])
        var long = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        let both = fetches(long.prefetch(cursor: 0, distance: 20))
        #expect(both.map(\.index) == [0, 1])
        #expect(both.map(\.key) == [.page(0), .page(1)])
        // Never a third, and never one again while they travel.
        #expect(long.prefetch(cursor: 0, distance: 1_000).isEmpty)
        #expect(long.requestsIssued == 2)
    }

    @Test func serialPagerAndCursorFeedsAskForOneAtATime() {
        var serial = PagingState(firstKey: .page(0), pageSize: 20)
        #expect(fetches(serial.prefetch(cursor: 0, distance: 1_000)).map(\.index) == [0])
        // A cursor's next key comes with the page before it: nothing to fetch ahead.
        var cursor = PagingState(firstKey: .cursor(nil), pageSize: 20, pipeline: 2)
        #expect(fetches(cursor.prefetch(cursor: 0, distance: 1_000)).map(\.index) == [0])
        var keyset = PagingState(firstKey: .keyset(nil), pageSize: 20, pipeline: 2)
        #expect(fetches(keyset.prefetch(cursor: 0, distance: 1_000)).map(\.index) == [0])
    }

    @Test func pageAheadWaitsForThePageBeforeAndBothApplyInOneChangeset() throws {
        var paging = PagingState(firstKey: .idSlice(start: 0, count: 20), pageSize: 20, pipeline: 2)
        let requests = fetches(paging.prefetch(cursor: 0, distance: 40))
        try #require(requests.count == 2)
        let second = Page(key: requests[1].key, items: makeItems(20..<40), next: .idSlice(start: 40, count: 20))
        #expect(paging.receive(requests[1], .success(second)) == .pending)
        #expect(paging.items.isEmpty)
        #expect(paging.held.keys.sorted() == [1])
        #expect(paging.loadState == .loading)
        // Still one request per page while it is held.
        #expect(paging.prefetch(cursor: 0, distance: 40).isEmpty)
        let before = paging.items
        let first = Page(key: requests[0].key, items: makeItems(0..<20), next: .idSlice(start: 20, count: 20))
        let outcome = paging.receive(requests[0], .success(first))
        let changes = try #require(outcome.changeset)
        #expect(apply(changes, to: before) == paging.items)
        #expect(paging.items.ids == (0..<40).map { "t:\($0)" })
        #expect(paging.pagesLoaded == 2)
        #expect(paging.held.isEmpty)
        #expect(paging.keys[2] == .idSlice(start: 40, count: 20))
    }

    @Test func aKeyThePageBeforeDoesNotConfirmIsAskedForAgain() throws {
        var paging = PagingState(firstKey: .idSlice(start: 0, count: 20), pageSize: 20, pipeline: 2)
        let requests = fetches(paging.prefetch(cursor: 0, distance: 40))
        paging.receive(requests[1], .success(Page(key: requests[1].key, items: makeItems(20..<40), next: nil)))
        // Page 0 says page 1 starts at 18 (the list shifted): the held page was the wrong slice.
        let first = Page(key: requests[0].key, items: makeItems(0..<18), next: .idSlice(start: 18, count: 20))
        #expect(paging.receive(requests[0], .success(first)).changeset?.inserts.count == 18)
        #expect(paging.items.count == 18)
        #expect(paging.held.isEmpty)
        #expect(paging.resultsDropped == 1)
        let again = fetches(paging.prefetch(cursor: 0, distance: 40))
        #expect(again.first?.index == 1 && again.first?.key == .idSlice(start: 18, count: 20))
    }

    @Test func aPageAheadPastTheEndIsDropped() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        let requests = fetches(paging.prefetch(cursor: 0, distance: 40))
        paging.receive(requests[1], .success(makePage(1)))
        paging.receive(requests[0], .success(makePage(0, last: 0)))
        #expect(paging.items.count == 20)
        #expect(paging.isAtEnd)
        #expect(paging.held.isEmpty)
        #expect(paging.prefetch(cursor: 19, distance: 100).isEmpty)
    }

    @Test func positionsStayAbsoluteWhenTheHeldPageLandsOnAFeedThatCanJump() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        let requests = fetches(paging.prefetch(cursor: 0, distance: 40))
        var second = makePage(1)
        second.total = 1_000
        paging.receive(requests[1], .success(second))
        var first = makePage(0)
        first.total = 1_000
        paging.receive(requests[0], .success(first))
        #expect(paging.canJump)
        #expect(paging.rowsAbove == 0 && paging.rowsBelow == 0)
        #expect(paging.absoluteRow(0) == 0)
        #expect(paging.knownRowCount == 40)
    }

    @Test func aPageAheadThatArrivesAfterThePageBeforeEndedTheFeedIsDropped() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        let requests = fetches(paging.prefetch(cursor: 0, distance: 40))
        paging.receive(requests[0], .success(makePage(0, last: 0)))
        #expect(paging.receive(requests[1], .success(makePage(1))) == .dropped)
        #expect(paging.items.count == 20)
        #expect(paging.isAtEnd)
    }

    @Test func aFailureAheadStopsLoadingAtItsOwnPageAfterThePageBefore() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        let requests = fetches(paging.prefetch(cursor: 0, distance: 40))
        let error = FeedError(.http(status: 503), "HTTP 503")
        #expect(paging.receive(requests[1], .failure(error)) == .pending)
        #expect(paging.failure == nil, "a failure ahead is not shown before the page before it")
        paging.receive(requests[0], .success(makePage(0)))
        #expect(paging.items.count == 20)
        #expect(paging.mode == .failed(error, page: 1))
        let retried = fetches(paging.retry())
        #expect(retried.map(\.index) == [1])
        paging.receive(retried[0], .success(makePage(1)))
        #expect(paging.items.ids == (0..<40).map { "t:\($0)" })
    }

    @Test func aFailureOfTheNextPageKeepsThePageHeldBehindIt() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        let requests = fetches(paging.prefetch(cursor: 0, distance: 40))
        let error = FeedError(.timeout, "timed out")
        paging.receive(requests[0], .failure(error))
        #expect(paging.receive(requests[1], .success(makePage(1))) == .pending)
        #expect(paging.mode == .failed(error, page: 0))
        let retried = fetches(paging.retry())
        #expect(retried.map(\.index) == [0], "page 1 is held, not asked for again")
        paging.receive(retried[0], .success(makePage(0)))
        #expect(paging.items.ids == (0..<40).map { "t:\($0)" })
        #expect(paging.requestsIssued == 3)
    }

    @Test func stormOfTenThousandKeysIsOneRequestPerPageWithTwoInFlight() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        var asked: [Int] = []
        var mostInFlight = 0
        for step in 0..<10_000 {
            let cursor = min(step, max(0, paging.items.count - 1))
            asked += fetches(paging.prefetch(cursor: cursor, distance: 40)).map(\.index)
            mostInFlight = max(mostInFlight, paging.inFlight.count)
            // Every 500 keys the newest request lands, then the older one: always out of order.
            if step % 500 == 499 {
                for request in paging.inFlight.values.sorted(by: { $0.index > $1.index }) {
                    paging.receive(request, .success(makePage(request.index)))
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

    @Test func anyArrivalOrderAppliesPagesInKeyOrderWithNoDuplicatesOrGaps() async {
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
                    paging.receive(request, .failure(FeedError(.http(status: 500), "HTTP 500")))
                } else {
                    let items = makeItems((request.index * 10)..<((request.index + 1) * 10))
                    paging.receive(request, .success(Page(key: request.key, items: items, next: .offset((request.index + 1) * 10, limit: 10))))
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
                paging.receive(request, .success(Page(key: request.key, items: items, next: .offset((request.index + 1) * 10, limit: 10))))
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
        var paging = PagingState(firstKey: .page(0), pageSize: 20, pipeline: 2)
        let first = fetches(paging.prefetch(cursor: 0, distance: 20))
        paging.receive(first[0], .success(makePage(0)))
        paging.receive(first[1], .success(makePage(1)))
        let ahead = fetches(paging.prefetch(cursor: 39, distance: 21))
        #expect(ahead.map(\.index) == [2, 3])
        let effects = paging.refresh(anchor: "t:39")
        #expect(cancels(effects) == ahead.map(\.id))
        #expect(paging.receive(ahead[1], .success(makePage(3))) == .dropped)
        #expect(paging.receive(ahead[0], .success(makePage(2))) == .dropped)
        #expect(paging.items.count == 40)
    }

    @Test func pageCapDropCancelsBothPagesBelowTheRows() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 10, maxPages: 4, pipeline: 2)
        var flying = fetches(paging.prefetch(cursor: 0, distance: 11))
        // Load pages 0…4, each arrival followed by the pager's asks at the last row.
        for index in 0..<5 {
            let request = try #require(flying.first { $0.index == index })
            paging.receive(request, .success(makePage(index, size: 10)))
            flying += fetches(paging.prefetch(cursor: paging.items.count - 1, distance: 11))
        }
        #expect(paging.pagesLoaded == 5)
        let below = paging.inFlight.values.sorted { $0.index < $1.index }
        #expect(below.map(\.index) == [5, 6])
        // The reader went back to the top: the cap drops the bottom page, and the pages that
        // would have extended it are no longer next to anything.
        paging.trim(visible: 0..<5, cursor: 2)
        #expect(paging.applier.pageRange == 0...3)
        #expect(cancels(paging.cancelStranded()) == below.map(\.id))
        #expect(paging.inFlight.isEmpty)
        #expect(paging.receive(below[0], .success(makePage(5, size: 10))) == .dropped)
    }

    @Test func jumpCancelsThePagesInFlightForTheRowsItReplaces() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 10, pipeline: 2)
        let first = fetches(paging.prefetch(cursor: 0, distance: 10))
        paging.receive(first[0], .success(Page(key: .page(0), items: makeItems(0..<10), next: .page(1), total: 1_000)))
        paging.receive(first[1], .success(makePage(1, size: 10)))
        let ahead = fetches(paging.prefetch(cursor: 19, distance: 11))
        #expect(ahead.map(\.index) == [2, 3])
        let effects = paging.jump(toPage: 99)
        #expect(cancels(effects) == ahead.map(\.id))
        #expect(fetches(effects).map(\.index) == [99])
        #expect(paging.inFlight.values.map(\.index) == [99])
    }
}
