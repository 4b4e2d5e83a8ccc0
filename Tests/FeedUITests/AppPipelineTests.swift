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

    @Test func firstScreenAsksForOnePageThenThePageAheadWaitsForTheNext() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20, pipeline: PagingState.listPipelineDepth),
            size: size, prefetch: .fixed(45))
        // Nothing to read yet: the first page alone, never a page beside the one awaited.
        let start = fetches(state.reduce(.start(at: now)))
        #expect(start.map(\.index) == [0])
        // With rows to read and a lead past the next page: the next two go out together.
        let ahead = fetches(state.reduce(loaded(start[0])))
        #expect(ahead.map(\.index) == [1, 2])
        // Page 2 first: the rows wait, no request again.
        #expect(fetches(state.reduce(loaded(ahead[1]))).isEmpty)
        #expect(state.list.paging.items.count == 20)
        // Page 1: both in key order, the cursor still on the first item.
        state.reduce(loaded(ahead[0]))
        #expect(state.list.paging.items.ids == (0..<60).map { "t:\($0)" })
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:0")
        #expect(render(state, size: size).lines.first?.contains("Item 0") == true)
        #expect(render(state, size: size).lines.last?.contains(" 1/60") == true)
        #expect(state.list.paging.requestsIssued == 3)
    }

    @Test func goingToTheEndCancelsThePagesInFlightBelowTheRows() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20, pipeline: PagingState.listPipelineDepth),
            size: size, prefetch: .fixed(45))
        let start = fetches(state.reduce(.start(at: now)))
        var ahead = fetches(state.reduce(loaded(start[0], total: 2_000)))
        for request in ahead { state.reduce(loaded(request, total: 2_000)) }
        // Down the rows: the next two pages go out together while rows are left to read.
        ahead = []
        for _ in 0..<45 { ahead += fetches(state.reduce(.key(.character("j"), at: now))) }
        #expect(ahead.count == 2 && ahead[1].index == ahead[0].index + 1)
        // G on a feed that can jump: the last page is fetched directly, the two are closed.
        let effects = state.reduce(.key(.character("G"), at: now))
        #expect(Set(cancels(effects)) == Set(ahead.map(\.id)))
        #expect(fetches(effects).map(\.index) == [99])
        #expect(state.list.paging.inFlight.values.map(\.index) == [99])
    }

    @Test func aPageAheadPastTheEndThePageBeforeReportsIsClosedAtOnce() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20, pipeline: PagingState.listPipelineDepth),
            size: size, prefetch: .fixed(45))
        let start = fetches(state.reduce(.start(at: now)))
        let ahead = fetches(state.reduce(loaded(start[0])))
        #expect(ahead.map(\.index) == [1, 2])
        // Page 1 is the last: the page 2 on its way can only be dropped, so it is closed now.
        let effects = state.reduce(.fetched(.loaded(ahead[0], .success(makePage(1, last: 1)), latency: 0.05), at: now))
        #expect(cancels(effects) == [ahead[1].id])
        #expect(fetches(effects).isEmpty)
        #expect(state.list.paging.inFlight.isEmpty)
        #expect(state.list.paging.isAtEnd && state.list.paging.items.count == 40)
    }
}
