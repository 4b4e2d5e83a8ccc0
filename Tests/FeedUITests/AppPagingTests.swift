import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

/// The reducer with the page cap, refresh and live updates: whole state and exact effects.
@Suite struct AppPagingTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    /// Delivers every fetch the effects ask for, and the ones that follows, until none is left.
    func deliverAll(_ state: inout AppState, _ effects: [AppEffect], page: (PageRequest) -> Page = { makePage($0.index) }) {
        var pending = fetches(effects)
        while !pending.isEmpty {
            let request = pending.removeFirst()
            pending += fetches(state.reduce(.fetched(.loaded(request, .success(page(request)), latency: 0.05), at: now)))
        }
    }

    func started(maxPages: Int? = nil, live: Double? = nil) -> AppState {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20, maxPages: maxPages), size: size,
            prefetch: .fixed(20), livePeriod: live)
        deliverAll(&state, state.reduce(.start(at: now)))
        return state
    }

    func press(_ state: inout AppState, _ key: Key, times: Int = 1) {
        for _ in 0..<times { deliverAll(&state, state.reduce(.key(key, at: now))) }
    }

    func cursorID(_ state: AppState) -> String { state.list.paging.items[state.list.viewport.cursor].id }

    /// A feed opened by its URL is called by its title as soon as its first page is in, not
    /// only on the next run (the status line said "feed 127.0.0.1" until then).
    @Test func aPageThatNamesItsSourceRenamesTheStatusLine() throws {
        var state = AppState(
            sourceName: "feed 127.0.0.1", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size,
            prefetch: .fixed(20))
        #expect(render(state, size: size).lines.last?.contains("feed 127.0.0.1") == true)
        deliverAll(&state, state.reduce(.start(at: now))) { request in
            var page = makePage(request.index)
            page.sourceName = "Replica Atom"
            return page
        }
        #expect(state.sourceName == "Replica Atom")
        let status = render(state, size: size).lines.last ?? ""
        #expect(status.contains("Replica Atom"), "\(status)")
        #expect(!status.contains("127.0.0.1"), "\(status)")
    }

    @Test func holdingJWithTheCapDropsPagesAboveAndTheStatusStaysAbsolute() throws {
        var state = started(maxPages: 5)
        press(&state, .character("j"), times: 250)
        #expect(cursorID(state) == "t:250")
        #expect(state.list.viewport.cursorRow == 10)  // the last row of the screen, as before any drop
        #expect(state.list.paging.pagesLoaded == 5)
        #expect(state.list.paging.rowsAbove > 0)
        #expect(state.list.paging.absoluteRow(state.list.viewport.cursor) == 250)
        let status = render(state, size: size).lines.last ?? ""
        #expect(status.contains("251/"), "\(status)")
        #expect(status.contains("5 pages"), "\(status)")
    }

    @Test func scrollingBackAsksForTheDroppedPageAboveAndKeepsTheScreenSteady() throws {
        var state = started(maxPages: 5)
        press(&state, .character("j"), times: 250)
        let first = try #require(state.list.paging.applier.pageRange?.lowerBound)
        // Up until the lead reaches the first loaded row: exactly one request, for the page above.
        var effects: [AppEffect] = []
        var presses = 0
        while effects.isEmpty && presses < 200 {
            effects = state.reduce(.key(.character("k"), at: now))
            presses += 1
        }
        let request = try #require(fetches(effects).first)
        #expect(effects.count == 1)
        #expect(request.index == first - 1 && request.key == .page(first - 1))
        let before = render(state, size: size).lines.dropLast()
        let beforeID = cursorID(state)
        let beforeRow = state.list.viewport.cursorRow
        deliverAll(&state, [])
        #expect(fetches(state.reduce(.fetched(.loaded(request, .success(makePage(request.index)), latency: 0.05), at: now))).isEmpty)
        #expect(cursorID(state) == beforeID)
        #expect(state.list.viewport.cursorRow == beforeRow)
        #expect(Array(render(state, size: size).lines.dropLast()) == Array(before))
        #expect(state.list.paging.applier.pageRange?.lowerBound == first - 1)
        #expect(state.list.paging.pagesLoaded <= 5)
    }

    @Test func goingToTheTopAfterDropsFetchesTheFirstPageAgain() throws {
        var state = started(maxPages: 5)
        press(&state, .character("j"), times: 250)
        let effects = state.reduce(.key(.character("g"), at: now))
        #expect(effects.count == 1)
        let request = try #require(fetches(effects).first)
        #expect(request.index == 0 && request.key == .page(0))
        #expect(state.isAnimating)
        deliverAll(&state, effects)
        #expect(cursorID(state) == "t:0")
        #expect(state.list.viewport.top == 0)
        #expect(state.list.paging.rowsAbove == 0)
        #expect(render(state, size: size).lines[0].contains("Item 0"))
    }

    @Test func refreshKeepsTheCursorItemOnItsRowAndCountsNewItems() throws {
        var state = started()
        press(&state, .character("j"), times: 14)
        #expect(cursorID(state) == "t:14")
        let row = state.list.viewport.cursorRow
        let effects = state.reduce(.key(.character("R"), at: now))
        #expect(effects.first == .startOver)
        let request = try #require(fetches(effects).first)
        #expect(request.generation == 1 && request.index == 0)
        // Three new items at the top of the feed.
        let feed = [FeedItem(id: "n:0", title: "New 0"), FeedItem(id: "n:1", title: "New 1"), FeedItem(id: "n:2", title: "New 2")]
            + makeItems(0..<100)
        deliverAll(&state, effects) { request in
            Page(key: request.key, items: Array(feed[(request.index * 20)..<((request.index + 1) * 20)]), next: .page(request.index + 1))
        }
        #expect(cursorID(state) == "t:14")
        #expect(state.list.viewport.cursorRow == row)
        #expect(state.list.newAbove == 3)
        let status = render(state, size: size).lines.last ?? ""
        #expect(status.contains("↑3 new"), "\(status)")
        // Scrolling up to the top shows them, and the indicator goes.
        press(&state, .character("g"))
        #expect(state.list.newAbove == 0)
        #expect(cursorID(state) == "n:0")
    }

    @Test func liveUpdatesReFetchTheVisiblePagesOnTheirPeriod() throws {
        var state = started(live: 30)
        #expect(state.nextDeadline == now + 30)
        #expect(state.reduce(.tick(at: now + 29)).isEmpty)
        press(&state, .character("j"), times: 5)
        let row = state.list.viewport.cursorRow
        let effects = state.reduce(.tick(at: now + 30))
        // The screen shows items 0…10: page 0 only.
        #expect(effects.count == 2)
        #expect(effects.first == .startOver)
        let request = try #require(fetches(effects).first)
        #expect(request.index == 0 && request.key == .page(0) && request.generation == 0)
        #expect(state.nextDeadline == now + 60)
        var items = makeItems(0..<20)
        items[5].score = 42  // the cursor's item changed
        items.remove(at: 2)  // an item above it went
        items.insert(FeedItem(id: "new", title: "Fresh"), at: 0)
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: .page(1))), latency: 0.05), at: now + 30))
        #expect(cursorID(state) == "t:5")
        #expect(state.list.viewport.cursorRow == row)
        #expect(state.list.paging.items[state.list.viewport.cursor].score == 42)
        #expect(state.list.paging.items.contains(id: "new"))
        #expect(!state.list.paging.items.contains(id: "t:2"))
    }
}
