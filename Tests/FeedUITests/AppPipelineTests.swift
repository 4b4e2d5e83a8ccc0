import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

/// The reducer with the terminal's pipeline of two list pages: what the screen shows when the
/// page ahead lands first, and what a jump does to the pages in flight.
@Suite struct AppPipelineTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    func cancels(_ effects: [AppEffect]) -> [RequestID] {
        effects.compactMap { if case let .cancel(id) = $0 { id } else { nil } }
    }

    func loaded(_ request: PageRequest, total: Int? = nil) -> AppAction {
        var page = makePage(request.index)
        page.total = total
        return .fetched(.loaded(request, .success(page), latency: 0.05), at: now)
    }

    @Test func startAsksForTwoPagesAndThePageAheadWaitsForTheFirst() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20, pipeline: PagingState.listPipelineDepth),
            size: size, prefetch: .automatic)
        let start = fetches(state.reduce(.start(at: now)))
        #expect(start.map(\.index) == [0, 1])
        // Page 1 first: nothing to show yet, the footer still loading, no request again.
        #expect(fetches(state.reduce(loaded(start[1]))).isEmpty)
        #expect(state.paging.items.isEmpty)
        #expect(render(state, size: size).lines.joined().contains("Loading"))
        // Page 0: both pages on screen in key order, the cursor on the first item.
        state.reduce(loaded(start[0]))
        #expect(state.paging.items.ids == (0..<40).map { "t:\($0)" })
        #expect(state.paging.items[state.viewport.cursor].id == "t:0")
        #expect(render(state, size: size).lines.first?.contains("Item 0") == true)
        #expect(state.paging.requestsIssued == 2)
    }

    @Test func goingToTheEndCancelsThePagesInFlightBelowTheRows() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20, pipeline: PagingState.listPipelineDepth),
            size: size, prefetch: .automatic)
        let start = fetches(state.reduce(.start(at: now)))
        state.reduce(loaded(start[0], total: 2_000))
        state.reduce(loaded(start[1], total: 2_000))
        // Down to the last row: the next two pages go out together.
        var ahead: [PageRequest] = []
        for _ in 0..<39 { ahead += fetches(state.reduce(.key(.character("j"), at: now))) }
        #expect(ahead.map(\.index) == [2, 3])
        // G on a feed that can jump: the last page is fetched directly, the two are closed.
        let effects = state.reduce(.key(.character("G"), at: now))
        #expect(Set(cancels(effects)) == Set(ahead.map(\.id)))
        #expect(fetches(effects).map(\.index) == [99])
        #expect(state.paging.inFlight.values.map(\.index) == [99])
    }
}
