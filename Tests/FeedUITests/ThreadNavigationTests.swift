import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// The thread keys of a detail: `]`/`[` the next/previous comment at the same depth or
/// shallower, `}`/`{` top-level comments, `.` the next new one, `J`/`K` the list's neighbours.
@Suite struct ThreadNavigationTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 60, rows: 12)

    func key(_ state: inout AppState, _ key: Key) -> [AppEffect] { state.reduce(.key(key, at: now)) }

    /// A detail on item 3 of 10 with the thread `depths` loaded whole.
    func thread(_ depths: [Int], seen: Set<String>? = nil) throws -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size, prefetch: .fixed(2))
        state.commentPageSize = 50
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { throw Failure() }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: makeItems(0..<10), next: nil)), latency: 0), at: now))
        for _ in 0..<3 { _ = key(&state, .character("j")) }
        let opened = key(&state, .enter)
        guard case let .fetchComments(comments, _, serial)? = opened.first(where: { if case .fetchComments = $0 { true } else { false } }) else { throw Failure() }
        if let seen { state.detail?.seenBefore = seen }
        let items = depths.enumerated().map { index, depth in
            // Taller than the screen, so any comment can be scrolled to the top.
            FeedItem(id: "c:\(index)", title: "c\(index)", author: "a\(index)", time: Int64(now) - 60,
                     bodyHTML: String(repeating: "<p>" + String(repeating: "comment \(index) ", count: 30) + "</p>", count: 4), depth: depth)
        }
        _ = state.reduce(.fetched(.loaded(comments, .success(Page(key: comments.key, items: items, next: nil)), latency: 0,
                                           for: .comments(serial: serial)), at: now))
        return state
    }

    struct Failure: Error {}

    @Test func bracketsGoToTheNextCommentAtTheSameDepthOrShallower() throws {
        var state = try thread([0, 1, 2, 1, 0, 1, 0])
        #expect(state.focusedComment == 0, "the item's text is short: c0 is on screen")
        _ = key(&state, .character("]"))
        #expect(state.focusedComment == 4, "c0's next at depth 0 is c4, past its subtree")
        // From c1 (depth 1): c3 is its sibling; then c4, shallower, ends c0's subtree.
        state = try thread([0, 1, 2, 1, 0, 1, 0])
        while state.focusedComment != 1 { _ = key(&state, .character("j")) }
        _ = key(&state, .character("]"))
        #expect(state.focusedComment == 3)
        _ = key(&state, .character("]"))
        #expect(state.focusedComment == 4)
        _ = key(&state, .character("["))
        #expect(state.focusedComment == 0)
    }

    @Test func bracesGoFromTopLevelCommentToTopLevelComment() throws {
        var state = try thread([0, 1, 2, 1, 0, 1, 0])
        while state.focusedComment != 1 { _ = key(&state, .character("j")) }
        _ = key(&state, .character("}"))
        #expect(state.focusedComment == 4)
        _ = key(&state, .character("{"))
        #expect(state.focusedComment == 0)
        _ = key(&state, .character("}"))
        _ = key(&state, .character("}"))
        #expect(state.focusedComment == 6)
        _ = key(&state, .character("}"))
        #expect(state.notice == "this is the last top-level comment")
    }

    @Test func dotGoesToTheNextNewComment() throws {
        var state = try thread([0, 1, 0, 1, 0], seen: ["c:0", "c:1", "c:2"])
        _ = key(&state, .character("."))
        #expect(state.focusedComment == 3)
        _ = key(&state, .character("."))
        #expect(state.focusedComment == 4)
        _ = key(&state, .character("."))
        #expect(state.notice == "no new comment below")
        var first = try thread([0, 0])
        _ = key(&first, .character("."))
        #expect(first.notice == "no new comments: this is your first visit")
    }

    @Test func jAndKOpenTheListsNeighbours() throws {
        var state = try thread([0])
        #expect(state.detail?.item.id == "t:3")
        let next = key(&state, .character("J"))
        #expect(state.detail?.item.id == "t:4")
        #expect(state.list.viewport.cursor == 4)
        #expect(next.contains { if case .fetchComments(_, "t:4", _) = $0 { true } else { false } })
        _ = key(&state, .character("K"))
        _ = key(&state, .character("K"))
        #expect(state.detail?.item.id == "t:2")
        for _ in 0..<5 { _ = key(&state, .character("K")) }
        #expect(state.detail?.item.id == "t:0")
        #expect(state.notice == "this is the first item")
    }

    @Test func slashSearchesTheTextAndCommentsWithNAndShiftN() throws {
        var state = try thread([0, 1, 0])
        _ = key(&state, .character("/"))
        #expect(state.detail?.isSearching == true)
        for character in "comment 2" { _ = key(&state, .character(character)) }
        let first = try #require(state.detail?.top)
        #expect(state.detail?.lines[first].text.contains("comment 2") == true, "the first line holding it goes to the top")
        _ = key(&state, .enter)
        #expect(state.detail?.isSearching == false && state.detail?.search?.text == "comment 2")
        let grid = render(state, size: state.size)
        #expect(grid.trimmedLines.last?.contains("/comment 2") == true, "the status line shows the pattern")
        _ = key(&state, .character("n"))
        let second = try #require(state.detail?.top)
        #expect(second > first && state.detail?.lines[second].text.contains("comment 2") == true)
        _ = key(&state, .character("N"))
        #expect(state.detail?.top == first)
        // Esc while typing drops the search and goes back to where it began.
        _ = key(&state, .character("/"))
        _ = key(&state, .character("z"))
        _ = key(&state, .escape)
        #expect(state.detail?.search == nil && state.detail?.top == first)
        _ = key(&state, .character("n"))
        #expect(state.notice == "no search: / searches the text and comments")
    }

    @Test func aCountRepeatsTheMotion() throws {
        var state = try thread([0, 1, 0, 1, 0, 1, 0])
        let top = try #require(state.detail?.top)
        _ = key(&state, .character("3"))
        #expect(state.detail?.count == 3)
        _ = key(&state, .character("j"))
        #expect(state.detail?.top == top + 3 && state.detail?.count == nil)
        _ = key(&state, .character("2"))
        _ = key(&state, .character("}"))
        #expect(state.focusedComment == 4, "two top-level comments on from c0")
        _ = key(&state, .character("1"))
        _ = key(&state, .character("0"))
        _ = key(&state, .character("k"))
        #expect(state.detail?.top == (try #require(state.detail?.lines.firstIndex { $0.isHeader && $0.comment == 4 })) - 10)
    }

    @Test func commentsKeepTheConfiguredWidthOnAWideTerminal() throws {
        var state = try thread([0, 1])
        _ = state.reduce(.resized(Size(columns: 200, rows: 30)))
        let wide = try #require(state.detail?.lines.filter { $0.comment != nil && !$0.isHeader }.map { $0.column + TextWidth.of($0.text) }.max())
        #expect(wide <= 2 + 2 + 80 + 2, "80 columns by default: \(wide)")
        state.commentWidth = 40
        _ = state.reduce(.resized(Size(columns: 201, rows: 30)))
        let narrow = try #require(state.detail?.lines.filter { $0.comment != nil && !$0.isHeader }.map { $0.column + TextWidth.of($0.text) }.max())
        #expect(narrow <= 2 + 2 + 40 + 2 && narrow > 30, "comment_width 40: \(narrow)")
    }
}
