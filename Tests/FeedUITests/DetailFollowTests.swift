import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// The detail follows each comment page's changeset: the lines of comments drawn before stay as
/// they were laid out, only the comments from the changeset's first row on are laid out, and the
/// result is the document a whole layout makes.
@Suite struct DetailFollowTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 60, rows: 16)

    struct Missing: Error {}

    /// A detail opened on a list of 3 items, its first comment page (of 3) in flight.
    func opened(documents: Bool = false) throws -> (AppState, [AppEffect], Int) {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size, prefetch: .fixed(2))
        state.commentPageSize = 3
        state.loadsDocuments = documents
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { throw Missing() }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: makeItems(0..<3), next: nil)), latency: 0), at: now))
        let effects = state.reduce(.key(.enter, at: now))
        let serial = try #require(state.detail?.serial)
        return (state, effects, serial)
    }

    func comment(_ i: Int, depth: Int, text: String? = nil) -> FeedItem {
        FeedItem(id: "c:\(i)", title: "c\(i)", author: "a\(i)", time: Int64(now) - 60,
                 bodyHTML: "<p>\(text ?? "comment \(i) says something long enough to wrap at sixty columns, twice over at least")</p>",
                 depth: depth)
    }

    func commentRequest(_ effects: [AppEffect]) -> PageRequest? {
        effects.lazy.compactMap { if case let .fetchComments(request, _, _) = $0 { request } else { nil } }.first
    }

    /// Delivers a comment page and returns the request the pager asks for next (scrolling to the
    /// end of the document so it does).
    func deliver(_ state: inout AppState, _ request: PageRequest, _ items: [FeedItem], next: PageKey?, serial: Int, at time: Double)
        -> PageRequest?
    {
        let page = Page(key: request.key, items: items, next: next)
        let effects = state.reduce(.fetched(.loaded(request, .success(page), latency: 0, for: .comments(serial: serial)), at: time))
        return commentRequest(effects)
    }

    /// What a whole layout of the detail makes at `time`.
    func wholeLayout(_ state: AppState, at time: Double) -> [DetailLine] {
        DetailLayout.lines(state.detail!, width: size.columns, now: time)
    }

    @Test func aPageAppendedToTheThreadLaysOutOnlyItsComments() throws {
        var (state, effects, serial) = try opened()
        let first = try #require(commentRequest(effects))
        let second = try #require(deliver(&state, first, [comment(0, depth: 0), comment(1, depth: 1), comment(2, depth: 0)],
                                          next: .cursor("2"), serial: serial, at: now))
        #expect(state.detail?.lines == wholeLayout(state, at: now))
        let drawn = try #require(state.detail?.lines)
        // An hour later: a whole layout would age every header; following the changeset lays out
        // only the new page's comments, so the lines drawn before are the same lines.
        let later = now + 3600
        _ = deliver(&state, second, [comment(3, depth: 1), comment(4, depth: 0)], next: nil, serial: serial, at: later)
        let lines = try #require(state.detail?.lines)
        #expect(Array(lines.prefix(drawn.count)) == drawn)
        #expect(drawn.contains { $0.text == "▾ a0 · 1m" })
        let whole = wholeLayout(state, at: later)
        #expect(whole.contains { $0.text == "▾ a0 · 1h" }, "a whole layout would have aged the first page")
        #expect(Array(lines.dropFirst(drawn.count)) == Array(whole.dropFirst(drawn.count)))
        #expect(lines.filter(\.isHeader).map(\.comment) == [0, 1, 2, 3, 4])
        #expect(Set(state.detail!.commentBlocks.keys) == ["c:0", "c:1", "c:2", "c:3", "c:4"])
    }

    /// A folded comment whose replies go on in the next page: they join what it hides, and its
    /// `+N hidden` counts them, as a whole layout says.
    @Test func repliesUnderAFoldedLastCommentJoinWhatItHides() throws {
        var (state, effects, serial) = try opened()
        let first = try #require(commentRequest(effects))
        let second = try #require(deliver(&state, first, [comment(0, depth: 0), comment(1, depth: 0), comment(2, depth: 1)],
                                          next: .cursor("2"), serial: serial, at: now))
        // c:1 folded (its reply c:2 hides), as Tab on it does.
        state.detail?.collapsed = ["c:1"]
        state.relayoutDetail()
        #expect(state.detail?.lines.contains { $0.text.hasPrefix("▸ a1") && $0.text.hasSuffix("+1 hidden") } == true)
        _ = deliver(&state, second, [comment(3, depth: 2), comment(4, depth: 1), comment(5, depth: 0)], next: nil, serial: serial, at: now)
        let lines = try #require(state.detail?.lines)
        #expect(lines == wholeLayout(state, at: now))
        #expect(lines.contains { $0.text.hasPrefix("▸ a1") && $0.text.hasSuffix("+3 hidden") })
        #expect(lines.filter(\.isHeader).map(\.comment) == [0, 1, 5])
    }

    /// The first comments of a page are drawn while it loads; when the page brings them changed,
    /// they are laid out again from the first that differs, and the rest stay.
    @Test func arrivingCommentsGiveWayFromTheFirstThePageChanged() throws {
        var (state, effects, serial) = try opened()
        let first = try #require(commentRequest(effects))
        let arriving = [comment(0, depth: 0), comment(1, depth: 1)]
        _ = state.reduce(.fetched(.partial(first, arriving, for: .comments(serial: serial)), at: now))
        #expect(state.detail?.lines == wholeLayout(state, at: now))
        let drawn = try #require(state.detail?.lines)
        let firstOfC1 = try #require(drawn.firstIndex { $0.comment == 1 })
        let page = [comment(0, depth: 0), comment(1, depth: 1, text: "edited meanwhile"), comment(2, depth: 0)]
        _ = deliver(&state, first, page, next: nil, serial: serial, at: now + 120)
        let lines = try #require(state.detail?.lines)
        // c:0 is the same comment: its lines (and its age, laid out two minutes ago) stay.
        #expect(Array(lines.prefix(firstOfC1)) == Array(drawn.prefix(firstOfC1)))
        #expect(Array(lines.dropFirst(firstOfC1)) == Array(wholeLayout(state, at: now + 120).dropFirst(firstOfC1)))
        #expect(lines.contains { $0.text.contains("edited meanwhile") })
        #expect(state.detail?.commentBlocks["c:1"] == [TextBlock(.paragraph, lines: ["edited meanwhile"])])
    }

    /// The item's own document arrives after comments are drawn: the lines above the comments
    /// are laid out again and the comments' lines move down with them, unchanged.
    @Test func aDocumentRelaysTheHeadAndMovesTheComments() throws {
        var (state, effects, serial) = try opened(documents: true)
        let comments = try #require(commentRequest(effects))
        let document = try #require(effects.lazy.compactMap { effect -> PageRequest? in
            if case let .fetchDocument(request, _, _) = effect { request } else { nil }
        }.first)
        _ = deliver(&state, comments, [comment(0, depth: 0), comment(1, depth: 1)], next: nil, serial: serial, at: now)
        let drawn = try #require(state.detail?.lines)
        let commentLines = drawn.filter { $0.comment != nil }
        let described = FeedItem(id: "t:0", title: "ignored", bodyHTML: "<p>The item's own page says a good deal more than its row.</p><p>Two paragraphs.</p>")
        let page = Page(key: document.key, items: [described], next: nil)
        _ = state.reduce(.fetched(.loaded(document, .success(page), latency: 0, for: .document(serial: serial)), at: now))
        let lines = try #require(state.detail?.lines)
        #expect(lines.contains { $0.text.contains("Two paragraphs.") })
        #expect(lines.filter { $0.comment != nil } == commentLines)
        #expect(lines.count > drawn.count)
        #expect(lines == wholeLayout(state, at: now))
    }
}
