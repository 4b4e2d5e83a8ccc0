import FeedDiff
import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@Suite struct PagingStateTests {
    private func request(_ effects: [PagingEffect]) -> PageRequest? {
        guard effects.count == 1, case let .fetch(request) = effects[0] else { return nil }
        return request
    }

    @Test func firstPrefetchAsksForPageZeroOnce() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20)
        let effects = paging.prefetch(cursor: 0, distance: 10)
        #expect(effects == [.fetch(PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))])
        #expect(paging.loadState == .loading)
        #expect(paging.prefetch(cursor: 0, distance: 10).isEmpty == true)
        #expect(paging.requestsIssued == 1)
    }

    @Test func loadedPageExtendsRowsAndRecordsNextKey() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        let applied = paging.receive(first, .success(makePage(0))).outcome
        #expect(applied == .applied(Changeset(inserts: makeItems(0..<20).enumerated().map { .init(index: $0.offset, item: $0.element) })))
        #expect(paging.items.count == 20)
        #expect(paging.items.ids == (0..<20).map { "t:\($0)" })
        #expect(paging.keys == [0: .page(0), 1: .page(1)])
        #expect(paging.loadState == .idle)
        #expect(paging.inFlight.isEmpty)
        // Far from the end: nothing. Near it: page 1.
        #expect(paging.prefetch(cursor: 5, distance: 10).isEmpty == true)
        let second = try #require(request(paging.prefetch(cursor: 10, distance: 10)))
        #expect(second.index == 1 && second.key == .page(1) && second.id == RequestID(2))
    }

    @Test func stormOfCursorMovesIssuesOneRequestPerPage() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20)
        var fetches: [PageRequest] = []
        for step in 0..<10_000 {
            for case let .fetch(r) in paging.prefetch(cursor: min(step, max(0, paging.items.count - 1)), distance: 20) {
                fetches.append(r)
            }
            // Every 1,000 moves the in-flight page arrives.
            if step % 1000 == 999, let inFlight = paging.inFlight.values.first {
                #expect(paging.receive(inFlight, .success(makePage(inFlight.index))).effects.isEmpty)
            }
        }
        #expect(fetches.map(\.index) == Array(0..<fetches.count))
        #expect(Set(fetches.map(\.index)).count == fetches.count)
        // Ten arrivals, each followed by one request for the next page; the last arrival ends the storm.
        #expect(fetches.count == 10)
        #expect(paging.items.count == 200)
        #expect(paging.inFlight.isEmpty)
        #expect(paging.requestsIssued == fetches.count)
    }

    @Test func staleAndDuplicateResultsAreDropped() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        let applied = paging.receive(first, .success(makePage(0))).outcome
        #expect(applied.changeset?.inserts.count == 20)
        let duplicate = paging.receive(first, .success(makePage(0))).outcome  // duplicate delivery
        #expect(duplicate == .dropped)
        #expect(paging.items.count == 20)
        let second = try #require(request(paging.prefetch(cursor: 19, distance: 10)))
        let effects = paging.refresh()
        #expect(effects.first == .cancel(second.id))
        let stale = paging.receive(second, .success(makePage(1))).outcome  // old generation
        #expect(stale == .dropped)
        #expect(paging.resultsDropped == 2)
        #expect(paging.items.count == 20)
    }

    @Test func failureStopsPrefetchUntilRetry() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        let error = FeedError(.http(status: 503), "HTTP 503")
        #expect(paging.receive(first, .failure(error)).effects.isEmpty)
        #expect(paging.loadState == .error(error))
        #expect(paging.prefetch(cursor: 0, distance: 10).isEmpty == true)
        let again = try #require(request(paging.retry()))
        #expect(again.index == 0 && again.key == .page(0) && again.id != first.id)
        #expect(paging.loadState == .loading)
        #expect(paging.retry() == [])
    }

    @Test func endOfFeedStopsRequests() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(paging.receive(first, .success(makePage(0, last: 0))).effects.isEmpty)
        #expect(paging.loadState == .end)
        #expect(paging.isAtEnd)
        #expect(paging.prefetch(cursor: 19, distance: 100).isEmpty == true)
    }

    @Test func emptyFeedEndsWithNoRows() throws {
        var paging = PagingState(firstKey: .cursor(nil), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 0)))
        #expect(paging.receive(first, .success(Page(key: .cursor(nil), items: [], next: nil))).effects.isEmpty)
        #expect(paging.loadState == .end)
        #expect(paging.items.count == 0)
    }

    @Test func shortPageThatIsNotTheEndKeepsPaging() throws {
        var paging = PagingState(firstKey: .idSlice(start: 0, count: 20), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 5)))
        #expect(paging.receive(first, .success(Page(key: first.key, items: [], next: .idSlice(start: 20, count: 20)))).effects.isEmpty)
        // An empty page is not the end: the rule fires again at once (no stall).
        let second = try #require(request(paging.prefetch(cursor: 0, distance: 5)))
        #expect(second.key == .idSlice(start: 20, count: 20))
    }

    @Test func duplicateIdsAcrossPagesBecomeOneRow() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 3)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 5)))
        #expect(paging.receive(first, .success(Page(key: .page(0), items: makeItems(0..<3), next: .page(1)))).effects.isEmpty)
        let second = try #require(request(paging.prefetch(cursor: 2, distance: 5)))
        // The feed shifted by two: page 1 repeats items 1 and 2 (offset paging under drift).
        var shifted = makeItems(1..<6)
        shifted[0].title = "Item 1 (edited)"
        #expect(paging.receive(second, .success(Page(key: .page(1), items: shifted, next: .page(2)))).effects.isEmpty)
        #expect(paging.items.ids == ["t:0", "t:1", "t:2", "t:3", "t:4", "t:5"])
        #expect(paging.items[1].title == "Item 1 (edited)")
    }

    @Test func refreshReplacesRowsWhenFirstPageArrives() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(paging.receive(first, .success(makePage(0))).effects.isEmpty)
        let effects = paging.refresh()
        let again = try #require(request(effects))
        #expect(again.generation == 1 && again.index == 0)
        #expect(paging.items.count == 20)  // old rows stay while refreshing
        let fresh = Page(key: .page(0), items: makeItems(100..<105), next: nil)
        #expect(paging.receive(again, .success(fresh)).effects.isEmpty)
        #expect(paging.items.ids == (100..<105).map { "t:\($0)" })
        #expect(paging.loadState == .end)
        #expect(!paging.isRefreshing)
    }
}
