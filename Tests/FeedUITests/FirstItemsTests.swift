import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// The first page's first items are drawn as they arrive (`FetchResult.partial`), before the
/// page, and give way to it; once the list has rows, a partial result changes nothing.
@Suite struct FirstItemsTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 60, rows: 12)

    func started() throws -> (AppState, PageRequest) {
        var state = AppState(sourceName: "hn top", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size, prefetch: .fixed(2))
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { throw Missing() }
        return (state, request)
    }

    struct Missing: Error {}

    func partial(_ state: inout AppState, _ request: PageRequest, _ items: [FeedItem]) -> [AppEffect] {
        state.reduce(.fetched(.partial(request, items, for: .list), at: now))
    }

    @Test func theFirstItemsAreDrawnBeforeTheirPageAndGiveWayToIt() throws {
        var (state, first) = try started()
        #expect(render(state, size: size).trimmedLines.contains { $0.contains("Loading hn top…") })
        #expect(partial(&state, first, makeItems(0..<2)) == [])
        #expect(state.firstItems.map(\.id) == ["t:0", "t:1"])
        var lines = render(state, size: size).trimmedLines
        #expect(Array(lines.prefix(5)) == ["  Item 0", "", "  Item 1", "", "  ⠋ Loading hn top…"])
        // Fewer than already drawn changes nothing; more are drawn, as many as fit.
        #expect(partial(&state, first, makeItems(0..<1)) == [])
        #expect(state.firstItems.count == 2)
        #expect(partial(&state, first, makeItems(0..<9)) == [])
        lines = render(state, size: size).trimmedLines
        #expect(lines.filter { $0.hasPrefix("  Item ") }.count == 5)
        #expect(!lines.joined().contains("▌"), "no cursor before the page")
        // The page: its rows, the cursor on the first, nothing provisional left.
        _ = state.reduce(.fetched(.loaded(first, .success(Page(key: .page(0), items: makeItems(0..<30), next: .page(1))), latency: 0), at: now))
        #expect(state.firstItems.isEmpty)
        lines = render(state, size: size).trimmedLines
        #expect(lines.first == "▌ Item 0")
    }

    @Test func aPartialResultOnceTheListHasRowsChangesNothing() throws {
        var (state, first) = try started()
        // Three rows and a lead of two: the page after it is asked for once the cursor nears the end.
        var effects = state.reduce(.fetched(.loaded(first, .success(Page(key: .page(0), items: makeItems(0..<3), next: .page(1))), latency: 0), at: now))
        for _ in 0..<2 { effects += state.reduce(.key(.down, at: now)) }
        guard let next = effects.compactMap({ effect -> PageRequest? in
            if case let .fetch(request) = effect { return request } else { return nil }
        }).first else { throw Missing() }
        let before = render(state, size: size)
        #expect(partial(&state, next, makeItems(3..<5)) == [])
        #expect(state.firstItems.isEmpty)
        #expect(render(state, size: size) == before)
    }

    @Test func aFailedFirstPageShowsItsErrorNotTheItemsThatCame() throws {
        var (state, first) = try started()
        _ = partial(&state, first, makeItems(0..<2))
        _ = state.reduce(.fetched(.loaded(first, .failure(FeedError(.http(status: 500), "hn: HTTP 500 (boom)")), latency: 0), at: now))
        #expect(state.firstItems.isEmpty)
        let lines = render(state, size: size).trimmedLines
        #expect(lines.contains { $0.contains("hn: HTTP 500 (boom)") })
        #expect(!lines.contains { $0.contains("Item 0") })
    }
}
