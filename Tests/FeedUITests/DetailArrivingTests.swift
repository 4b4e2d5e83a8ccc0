import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// The first comments of a page still loading are drawn at once (`FetchResult.partial`) and
/// give way to their page; anything not for the page that comes next is dropped.
@Suite struct DetailArrivingTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 60, rows: 16)

    /// A detail opened on a list of 3 items, its first comment page (of 5) in flight.
    func opened() throws -> (AppState, PageRequest, Int) {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size, prefetch: .fixed(2))
        state.commentPageSize = 5
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { throw Missing() }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: makeItems(0..<3), next: nil)), latency: 0), at: now))
        guard case let .fetchComments(first, _, serial)? = state.reduce(.key(.enter, at: now)).first else { throw Missing() }
        return (state, first, serial)
    }

    struct Missing: Error {}

    func comment(_ i: Int, depth: Int) -> FeedItem {
        FeedItem(id: "c:\(i)", title: "c\(i)", author: "a\(i)", time: Int64(now) - 60, bodyHTML: "<p>comment \(i)</p>", depth: depth)
    }

    func partial(_ state: inout AppState, _ request: PageRequest, _ items: [FeedItem], serial: Int) -> [AppEffect] {
        state.reduce(.fetched(.partial(request, items, for: .comments(serial: serial)), at: now))
    }

    func loaded(_ state: inout AppState, _ request: PageRequest, _ result: Result<Page, FeedError>, serial: Int) -> [AppEffect] {
        state.reduce(.fetched(.loaded(request, result, latency: 0, for: .comments(serial: serial)), at: now))
    }

    @Test func theFirstCommentsAreDrawnBeforeTheirPageAndGiveWayToIt() throws {
        var (state, first, serial) = try opened()
        let page = [comment(0, depth: 0), comment(1, depth: 1), comment(2, depth: 2), comment(3, depth: 0), comment(4, depth: 1)]
        #expect(partial(&state, first, Array(page.prefix(1)), serial: serial) == [])
        #expect(state.detail?.arriving == DetailState.Arriving(request: first.id, items: Array(page.prefix(1))))
        #expect(partial(&state, first, Array(page.prefix(3)), serial: serial) == [])
        // Drawn as comments, with the loading footer after them and the count in the status line.
        let lines = render(state, size: size).trimmedLines
        #expect(lines.contains("   ▾ a1 · 1m"))
        #expect(lines.contains("       comment 2"))
        #expect(lines.contains { $0.contains("Loading comments…") })
        #expect(lines.last?.contains("3 comments") == true)
        #expect(state.detail?.comments?.items.count == 0)
        #expect(state.detail?.commentBlocks["c:2"] == [TextBlock(.paragraph, lines: ["comment 2"])])
        let drawn = state.detail?.lines
        // Fewer than already drawn (a retried attempt starting over) changes nothing.
        #expect(partial(&state, first, Array(page.prefix(2)), serial: serial) == [])
        #expect(state.detail?.arriving?.items.count == 3)
        // The page: the same rows, now the pager's, and nothing arriving.
        _ = loaded(&state, first, .success(Page(key: first.key, items: page, next: nil)), serial: serial)
        #expect(state.detail?.arriving == nil)
        #expect(state.detail?.comments?.items.map(\.id) == page.map(\.id))
        #expect(Array(state.detail!.lines.prefix(drawn!.count)) == drawn!)
        #expect(render(state, size: size).trimmedLines.last?.contains("5 comments") == true)
    }

    @Test func aFailedPageTakesItsArrivingCommentsAway() throws {
        var (state, first, serial) = try opened()
        _ = partial(&state, first, [comment(0, depth: 0)], serial: serial)
        _ = loaded(&state, first, .failure(FeedError(.timeout, "timed out")), serial: serial)
        #expect(state.detail?.arriving == nil)
        #expect(state.detail?.lines.contains { $0.comment != nil } == false)
        #expect(state.commentFooter?.text == "✗ timed out — press r to retry")
    }

    @Test func onlyThePageThatComesNextArrives() throws {
        var (state, first, serial) = try opened()
        // Another detail's, a request not in flight, another generation: dropped.
        _ = partial(&state, first, [comment(0, depth: 0)], serial: serial + 1)
        var stranger = first
        stranger.id = RequestID(99)
        _ = partial(&state, stranger, [comment(0, depth: 0)], serial: serial)
        var old = first
        old.generation = 7
        _ = partial(&state, old, [comment(0, depth: 0)], serial: serial)
        #expect(state.detail?.arriving == nil)
        // After the first page, the second page's first comments follow the loaded ones.
        let effects = loaded(&state, first, .success(Page(key: first.key, items: [comment(0, depth: 0)], next: .cursor("1:0"))), serial: serial)
        guard case let .fetchComments(second, _, _)? = effects.first else {
            Issue.record("no second page asked for: \(effects)")
            return
        }
        _ = partial(&state, first, [comment(9, depth: 0)], serial: serial)
        #expect(state.detail?.arriving == nil, "the first page's request is done")
        _ = partial(&state, second, [comment(1, depth: 0), comment(2, depth: 1)], serial: serial)
        #expect(state.detail?.shownComments.map(\.id) == ["c:0", "c:1", "c:2"])
        #expect(state.detail?.lines.filter(\.isHeader).map(\.comment) == [0, 1, 2])
    }

    /// `p` on a comment still arriving goes to its parent; Tab cannot fold it yet; leaving the
    /// detail forgets it with everything else.
    @Test func keysOnArrivingComments() throws {
        var (state, first, serial) = try opened()
        _ = state.reduce(.resized(Size(columns: 60, rows: 6)))
        let arriving = [comment(0, depth: 0), comment(1, depth: 1), comment(2, depth: 2), comment(3, depth: 0), comment(4, depth: 0)]
        _ = partial(&state, first, arriving, serial: serial)
        let row2 = try #require(state.detail?.lines.firstIndex { $0.isHeader && $0.comment == 2 })
        for _ in 0..<row2 { _ = state.reduce(.key(.character("j"), at: now)) }
        #expect(state.detail?.top == row2)
        #expect(state.focusedComment == 2)
        _ = state.reduce(.key(.character("p"), at: now))
        #expect(state.focusedComment == 1)
        _ = state.reduce(.key(.tab, at: now))
        #expect(state.detail?.collapsed == [])
        #expect(state.reduce(.key(.escape, at: now)) == [.cancelComments(first.id, serial: serial)])
        #expect(state.detail == nil)
    }
}
