import FeedDiff
import FeedModel
import FeedPaging
import FeedTestSupport
import PropertyBased
import Testing

/// Progress or stop: whatever a feed's links do, the pager ends it once its pages bring nothing
/// new, keeps what they brought, and says why.
@Suite struct PagingProgressTests {
    private func fetches(_ effects: [PagingEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    /// Reads a feed the way a pipe does (the cursor past the last row, every page asked for as
    /// soon as the one before is applied) until the pager asks for nothing more, or `budget`
    /// requests. Answers come in the order `order` picks among those in flight.
    @discardableResult
    private func drain(
        _ paging: inout PagingState, budget: Int = 500, distance: Int = 0,
        order: (Int) -> Int = { _ in 0 }, serve: (PageRequest) -> Page
    ) -> [PageRequest] {
        var asked: [PageRequest] = []
        var waiting: [PageRequest] = []
        while asked.count < budget {
            // With a lead, the cursor two rows from the end: pages ahead are asked for too.
            let cursor = distance == 0 ? paging.items.count : max(0, paging.items.count - 2)
            let new = fetches(paging.prefetch(cursor: cursor, distance: distance))
            asked += new
            waiting += new
            let cancelled = paging.cancelUnconfirmed().compactMap { effect -> RequestID? in
                if case let .cancel(id) = effect { id } else { nil }
            }
            waiting.removeAll { cancelled.contains($0.id) }
            guard !waiting.isEmpty else { break }
            let request = waiting.remove(at: order(waiting.count) % waiting.count)
            #expect(paging.receive(request, .success(serve(request))).effects.isEmpty)
        }
        return asked
    }

    private func cursorPage(_ key: PageKey, items: Range<Int>, next: String?) -> Page {
        Page(key: key, items: makeItems(items), next: next.map { .cursor($0) })
    }

    @Test func aCycleOfTwoCursorsEndsAfterThePageThatLinksBack() throws {
        // A → B → A: both pages and their 20 items kept, then the stop instead of A again.
        var paging = PagingState(firstKey: .cursor("A"), pageSize: 10)
        let asked = drain(&paging) { request in
            request.key == .cursor("A")
                ? cursorPage(request.key, items: 0..<10, next: "B") : cursorPage(request.key, items: 10..<20, next: "A")
        }
        #expect(asked.map(\.key) == [.cursor("A"), .cursor("B")])
        #expect(paging.items.count == 20)
        let stop = try #require(paging.stop)
        #expect(stop.kind == .noProgress && !stop.isRetryable)
        #expect(paging.loadState == .error(stop))
        #expect(paging.prefetch(cursor: paging.items.count, distance: 100).isEmpty)
    }

    @Test func aLinkBackToAPageAlreadyReadStopsAtOnce() throws {
        // A → B → C → B: the third page's items are kept and nothing after it is asked for.
        var paging = PagingState(firstKey: .cursor("A"), pageSize: 10)
        let asked = drain(&paging) { request in
            switch request.key {
            case .cursor("A"): cursorPage(request.key, items: 0..<10, next: "B")
            case .cursor("B"): cursorPage(request.key, items: 10..<20, next: "C")
            default: cursorPage(request.key, items: 20..<30, next: "B")
            }
        }
        #expect(asked.count == 3)
        #expect(paging.items.ids == makeItems(0..<30).map(\.id))
        #expect(paging.isAtEnd)
        #expect(paging.stop?.message == "the API links back to a page already read — stopped after 3 requests")
    }

    @Test func aPageThatLinksToItselfIsReadOnce() {
        var paging = PagingState(firstKey: .cursor("self"), pageSize: 10)
        let asked = drain(&paging) { request in cursorPage(request.key, items: 0..<10, next: "self") }
        #expect(asked.count == 1)
        #expect(paging.items.count == 10)
        #expect(paging.stop?.kind == .noProgress)
    }

    @Test func theSamePageUnderNewCursorsStopsAfterTheLimit() {
        // Every answer is the first page again, each time with a new cursor (Reddit handing out
        // `after` tokens over a listing that does not move).
        var paging = PagingState(firstKey: .cursor(nil), pageSize: 10)
        var counter = 0
        let asked = drain(&paging) { request in
            counter += 1
            return cursorPage(request.key, items: 0..<10, next: "t\(counter)")
        }
        #expect(asked.count == 1 + PagingState.barrenPageLimit)
        #expect(paging.items.count == 10)
        #expect(paging.stop?.message == "the API keeps returning the same page — stopped after \(1 + PagingState.barrenPageLimit) requests")
    }

    @Test func emptyPagesThatLinkOnwardStopAfterTheLimit() {
        var paging = PagingState(firstKey: .page(1), pageSize: 10)
        let asked = drain(&paging) { request in
            guard case let .page(number) = request.key else { return makePage(0) }
            return Page(key: request.key, items: number == 1 ? makeItems(0..<10) : [], next: .page(number + 1), total: 1_000_000)
        }
        #expect(asked.map(\.key) == (1...(1 + PagingState.barrenPageLimit)).map { PageKey.page($0) })
        #expect(paging.items.count == 10)
        #expect(paging.stop?.message.hasPrefix("the API keeps returning empty pages that link onward") == true)
    }

    @Test func aPageThatAddsRowsEndsTheRunOfBarrenOnes() {
        // Three barren pages, a page with one new item, three barren pages again, then the end:
        // never four in a row, so the feed reads to its real end.
        var paging = PagingState(firstKey: .page(0), pageSize: 10)
        let fresh: Set<Int> = [0, 4, 8]
        let asked = drain(&paging) { request in
            guard case let .page(number) = request.key else { return makePage(0) }
            let items = fresh.contains(number) ? makeItems(number..<(number + 1)) : makeItems(0..<1)
            return Page(key: request.key, items: items, next: number < 11 ? .page(number + 1) : nil)
        }
        #expect(asked.count == 12)
        #expect(paging.items.count == 3)
        #expect(paging.stop == nil)
        #expect(paging.loadState == .end)
    }

    @Test func anAddressableFeedThatLinksBackStopsAndDropsThePageFetchedAhead() throws {
        // Page numbers, two in flight: page 3 says its next is page 1. Page 4, asked for ahead
        // on the strength of the numbering, is dropped and its request cancelled.
        var paging = PagingState(firstKey: .page(0), pageSize: 10, pipeline: 2)
        let asked = drain(&paging, distance: 60, order: { $0 - 1 }) { request in
            guard case let .page(number) = request.key else { return makePage(0) }
            return Page(key: request.key, items: makeItems((number * 10)..<(number * 10 + 10)), next: .page(number == 3 ? 1 : number + 1))
        }
        #expect(paging.items.count == 40)
        #expect(paging.stop?.kind == .noProgress)
        #expect(paging.inFlight.isEmpty)
        #expect(asked.allSatisfy { $0.index <= 4 })
    }

    @Test func refreshForgetsTheStop() throws {
        var paging = PagingState(firstKey: .cursor("self"), pageSize: 10)
        drain(&paging) { request in cursorPage(request.key, items: 0..<10, next: "self") }
        #expect(paging.stop != nil)
        let request = try #require(fetches(paging.refresh()).first)
        #expect(paging.receive(request, .success(cursorPage(request.key, items: 0..<10, next: "other"))).effects.isEmpty)
        #expect(paging.stop == nil)
        #expect(paging.loadState == .idle)
        let next = try #require(fetches(paging.prefetch(cursor: 10, distance: 0)).first)
        #expect(next.key == .cursor("other"))
    }

    @Test func theStopIsNotRetried() {
        var paging = PagingState(firstKey: .cursor("self"), pageSize: 10)
        drain(&paging) { request in cursorPage(request.key, items: 0..<10, next: "self") }
        #expect(paging.retry().isEmpty)
        #expect(paging.stop != nil)
    }

    /// Any feed over `n` distinct items, whatever its links do (cycles of every length, pages
    /// repeated under new keys, empty pages, totals that shrink and grow, page numbers that jump
    /// back): the pager asks at most `(n + 1) × barrenPageLimit` pages going down, per page in
    /// flight at once, and stops; it never loses an item it was given.
    @Test func anyAdversaryIsReadInBoundedRequests() async {
        await propertyCheck(
            count: 300, input: Gen.int(in: 1...12), Gen.int(in: 0...5), Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 1...2)
        ) { templates, style, seed, pipeline in
            var random = SeededRandom(seed: UInt64(seed))
            let universe = 1 + random.below(40)
            // Page contents: a few templates drawn from a finite universe of items; some empty.
            let contents: [[FeedItem]] = (0..<templates).map { _ in
                random.chance(0.3) ? [] : (0..<(1 + random.below(10))).map { _ in FeedItem(id: "u:\(random.below(universe))", title: "x") }
            }
            let linksBack = (0..<templates).map { _ in random.below(templates) }
            let firstKey: PageKey = style >= 4 ? .page(0) : .cursor("0")
            var paging = PagingState(firstKey: firstKey, pageSize: 10, pipeline: style >= 4 ? pipeline : 1)
            var served: Set<String> = []
            var fresh = 0
            var order = random
            let asked = drain(&paging, budget: 10_000, distance: style == 5 ? 25 : 0, order: { order.below($0) }) { request in
                let number: Int
                switch request.key {
                case let .cursor(token): number = Int(token ?? "0") ?? 0
                case let .page(page): number = page
                default: number = 0
                }
                let template = number % templates
                served.formUnion(contents[template].map(\.id))
                let next: PageKey?
                switch style {
                case 0:  // a cycle through the templates' own keys
                    next = .cursor(String(linksBack[template]))
                case 1:  // fresh cursors forever over the same contents, in turn
                    fresh += 1
                    next = .cursor(String(number + 1 + templates * fresh))
                case 2:  // mostly onward, sometimes back, sometimes the end
                    next = random.chance(0.05) ? nil : .cursor(String(random.chance(0.2) ? linksBack[template] : number + 1))
                case 3:  // a page linking to itself after a while
                    next = .cursor(String(number >= templates ? number : number + 1))
                default:  // page numbers onward with totals that change, sometimes back
                    next = .page(random.chance(0.1) ? linksBack[template] : number + 1)
                }
                return Page(key: request.key, items: contents[template], next: next, total: random.below(1_000_000))
            }
            let distinct = Set(contents.joined().map(\.id)).count
            let bound = (distinct + 1) * PagingState.barrenPageLimit * paging.pipelineDepth
            #expect(asked.count <= bound, "asked \(asked.count), bound \(bound)")
            let isAtEnd = paging.isAtEnd  // (not the pager itself in the expectation: its dump is huge)
            #expect(isAtEnd, "the pager still asks after \(asked.count) requests")
            // Read one page at a time, every page served is applied: none of its items is lost.
            // Fetched ahead, a page the one before contradicted is dropped, never applied.
            if paging.pipelineDepth == 1 {
                #expect(Set(paging.items.ids) == served, "an item served going down is missing")
            } else {
                #expect(Set(paging.items.ids).isSubset(of: served))
            }
        }
    }
}
