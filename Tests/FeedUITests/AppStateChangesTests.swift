import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import PropertyBased
import Testing

/// The pager's changesets driving the screen: the cursor, `↑N new`, the search's matches and
/// the live-update highlights.
@Suite struct AppStateChangesTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    func deliverAll(_ state: inout AppState, _ effects: [AppEffect], at time: Double,
                    page: (PageRequest) -> Page = { makePage($0.index) }) {
        var pending = fetches(effects)
        while !pending.isEmpty {
            let request = pending.removeFirst()
            pending += fetches(state.reduce(.fetched(.loaded(request, .success(page(request)), latency: 0.05), at: time)))
        }
    }

    func started(maxPages: Int? = nil, live: Double? = nil) -> AppState {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20, maxPages: maxPages), size: size,
            prefetch: .fixed(20), livePeriod: live)
        deliverAll(&state, state.reduce(.start(at: now)), at: now)
        return state
    }

    /// The style of the first cell of a list row's meta line.
    func metaStyle(_ state: AppState, item id: String) -> Style? {
        guard let index = state.list.paging.items.index(of: id), state.list.viewport.visible.contains(index) else { return nil }
        return render(state, size: size)[(index - state.list.viewport.top) * 2 + 1, 2].style
    }

    @Test func aLiveUpdateHighlightsTheRowsItChangedUntilItsTimePasses() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, livePeriod: 30)
        var items = makeItems(0..<20).map { item in
            var scored = item
            scored.score = 1
            return scored
        }
        deliverAll(&state, state.reduce(.start(at: now)), at: now) { Page(key: $0.key, items: items, next: nil) }
        let request = try #require(fetches(state.reduce(.tick(at: now + 30))).first)
        items[3].score = 99  // a score changed
        items.insert(FeedItem(id: "new", title: "Fresh", score: 1), at: 1)  // and one arrived
        items.removeLast()
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0.05), at: now + 31))
        #expect(state.list.changedRows == ["t:3": now + 33, "new": now + 33])
        #expect(state.nextDeadline == now + 33)  // before the next live update at now + 60
        #expect(metaStyle(state, item: "t:3") == .changed)
        #expect(metaStyle(state, item: "new") == .changed)
        #expect(metaStyle(state, item: "t:2") == .meta)
        // The cursor's item is marked as the cursor whatever changed, its meta in its own look.
        #expect(metaStyle(state, item: "t:0") == .meta)
        #expect(render(state, size: size)[0, 0].style == .cursor)

        _ = state.reduce(.tick(at: now + 32.9))
        #expect(metaStyle(state, item: "t:3") == .changed)
        _ = state.reduce(.tick(at: now + 33))
        #expect(state.list.changedRows.isEmpty)
        #expect(metaStyle(state, item: "t:3") == .meta)
        #expect(state.nextDeadline == now + 60)
    }

    @Test func aLiveUpdateThatFailsHalfWayClosesItsOtherRequests() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 5), size: size, prefetch: .fixed(5), livePeriod: 30)
        deliverAll(&state, state.reduce(.start(at: now)), at: now) { makePage($0.index, size: 5) }
        let live = fetches(state.reduce(.tick(at: now + 30)))
        #expect(live.count >= 2)
        let error = FeedError(.http(status: 500), "HTTP 500")
        let effects = state.reduce(.fetched(.loaded(live[0], .failure(error), latency: 0.05), at: now + 31))
        // The rest of the batch is closed on the wire rather than left to run.
        #expect(effects == live.dropFirst().map { .cancel($0.id) })
        #expect(state.list.paging.inFlight.isEmpty && state.list.paging.liveBatch == nil)
    }

    @Test func pagesThatArriveAreNotHighlighted() {
        var state = started()
        for _ in 0..<30 { deliverAll(&state, state.reduce(.key(.character("j"), at: now)), at: now) }
        #expect(state.list.paging.pagesLoaded >= 3)
        #expect(state.list.changedRows.isEmpty)
    }

    @Test func aLiveUpdateThatDeletesTheCursorItemLeavesTheCursorInPlace() throws {
        var state = started(live: 30)
        for _ in 0..<4 { _ = state.reduce(.key(.character("j"), at: now)) }
        let request = try #require(fetches(state.reduce(.tick(at: now + 30))).first)
        var items = makeItems(0..<20)
        items.remove(at: 4)
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: .page(1))), latency: 0.05), at: now + 30))
        #expect(state.list.viewport.cursor == 4)
        #expect(state.list.paging.items[4].id == "t:5")
    }

    /// Whatever happens to the rows (pages below and above under a cap, live updates that
    /// rename, remove and add items, refreshes with new items on top), the search's matches,
    /// carried only through changesets, are what a full scan finds.
    @Test func searchMatchesFollowEveryChangeAsAFullScanWould() async {
        let steps = zip(Gen.int(in: 0...4), Gen.int(in: 1...40)).array(of: 1...25)
        await propertyCheck(count: 60, input: steps) { steps in
            var state = started(maxPages: 4, live: 10)
            var time = now
            var version = 0
            /// Page `index` at `version`: some titles carry the pattern ("hit") depending on the
            /// version, and later versions add an item on top of page 0.
            func page(_ request: PageRequest) -> Page {
                var items = (request.index * 20..<(request.index + 1) * 20).map { i in
                    FeedItem(id: "t:\(i)", title: (i + version) % 3 == 0 ? "hit \(i)" : "miss \(i)")
                }
                if request.index == 0 { items.insert(contentsOf: (0..<version % 4).map { FeedItem(id: "v\(version):\($0)", title: "hit new") }, at: 0) }
                return Page(key: request.key, items: items, next: .page(request.index + 1))
            }
            _ = state.reduce(.key(.character("/"), at: time))
            for character in "hit" { _ = state.reduce(.key(.character(character), at: time)) }
            _ = state.reduce(.key(.enter, at: time))
            for (kind, count) in steps {
                switch kind {
                case 0, 1:  // down or up
                    let key: Key = kind == 0 ? .character("j") : .character("k")
                    for _ in 0..<count { deliverAll(&state, state.reduce(.key(key, at: time)), at: time, page: page) }
                case 2:  // a live update with renamed items
                    version += 1
                    time += 10
                    deliverAll(&state, state.reduce(.tick(at: time)), at: time, page: page)
                case 3:  // a refresh with new items on top
                    version += 1
                    deliverAll(&state, state.reduce(.key(.character("R"), at: time)), at: time, page: page)
                default:  // back to the top (fetches page 0 again after drops)
                    deliverAll(&state, state.reduce(.key(.character("g"), at: time)), at: time, page: page)
                }
                let items = state.list.paging.items
                let expected = items.indices.filter { items[$0].title.contains("hit") }
                #expect(state.filter.matches == expected)
            }
        }
    }
}
