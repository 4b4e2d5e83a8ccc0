import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

@Suite struct DetailReduceTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 60, rows: 12)

    /// A list of 30 items loaded, comments enabled with pages of `commentPageSize`.
    func listState(comments: Int? = 3) -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size,
                             prefetch: .fixed(2))
        state.commentPageSize = comments
        var items = makeItems(0..<30)
        items[5].bodyHTML = "<p>Hello <a href=\"https://x.org/a\">there</a></p><pre>  code &lt;here&gt;</pre>"
        items[5].url = "https://x.org/story"
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0), at: now))
        return state
    }

    func key(_ state: inout AppState, _ key: Key) -> [AppEffect] { state.reduce(.key(key, at: now)) }

    /// Comment i of the thread: depth pattern 0,1,2,1,0,1,…
    func comment(_ i: Int, depth: Int) -> FeedItem {
        FeedItem(id: "c:\(i)", title: "c\(i)", author: "a\(i)", time: Int64(now) - 60, bodyHTML: "<p>comment \(i)</p>", depth: depth)
    }

    func deliverComments(_ state: inout AppState, _ request: PageRequest, _ items: [FeedItem], next: PageKey?, serial: Int) -> [AppEffect] {
        state.reduce(.fetched(
            .loaded(request, .success(Page(key: request.key, items: items, next: next)), latency: 0, for: .comments(serial: serial)),
            at: now))
    }

    @Test func enterOpensTheItemUnderTheCursorAndAsksForComments() throws {
        var state = listState()
        for _ in 0..<5 { _ = key(&state, .character("j")) }
        let row = state.list.viewport.cursorRow
        let effects = key(&state, .enter)
        let detail = try #require(state.detail)
        #expect(detail.item.id == "t:5")
        #expect(detail.serial == 1)
        #expect(effects == [.fetchComments(PageRequest(id: RequestID(1), index: 0, key: .cursor(nil), pageSize: 3, generation: 0),
                                           itemID: "t:5", serial: 1)])
        #expect(detail.lines.map(\.text).prefix(6) == ["Item 5", "https://x.org/story", "",
                                                       "Hello there (https://x.org/a)", "", "  code <here>"])
        #expect(detail.lines[5] == DetailLine("  code <here>", column: 1))
        #expect(state.isAnimating)
        // Back: same item, same screen row; the comment load is cancelled.
        let back = key(&state, .escape)
        #expect(back == [.cancelComments(RequestID(1), serial: 1)])
        #expect(state.detail == nil)
        #expect(state.list.viewport.cursor == 5)
        #expect(state.list.viewport.cursorRow == row)
    }

    @Test(arguments: [Key.character("l"), .right]) func otherOpenKeys(open: Key) {
        var state = listState(comments: nil)
        #expect(key(&state, open) == [])
        #expect(state.detail?.item.id == "t:0")
        #expect(state.detail?.comments == nil)
    }

    @Test(arguments: [Key.character("q"), .character("h"), .left, .escape]) func backKeys(back: Key) {
        var state = listState(comments: nil)
        _ = key(&state, .enter)
        #expect(key(&state, back) == [])
        #expect(state.detail == nil)
        #expect(!state.isQuitting)
        _ = key(&state, .enter)
        #expect(key(&state, .control("c")) == [.quit])
    }

    @Test func helpOverADetailClosesWithQWithoutQuitting() {
        var state = listState(comments: nil)
        _ = key(&state, .enter)
        _ = key(&state, .character("?"))
        #expect(state.isHelpShown)
        #expect(render(state, size: Size(columns: 80, rows: 24)).trimmedLines.contains { $0.contains("Go to the parent comment") })
        #expect(key(&state, .character("q")) == [])
        #expect(!state.isHelpShown && !state.isQuitting && state.detail != nil)
    }

    @Test func helpOverTheListClosesWithQAndOnlyControlCQuits() {
        // As in less, htop and newsboat: q leaves the help, not the program.
        var state = listState(comments: nil)
        _ = key(&state, .character("?"))
        #expect(state.isHelpShown)
        #expect(key(&state, .character("q")) == [])
        #expect(!state.isHelpShown && !state.isQuitting)
        _ = key(&state, .character("?"))
        #expect(key(&state, .control("c")) == [.quit])
    }

    @Test func scrollsWithTheMovementKeysClamped() {
        var state = listState(comments: nil)
        state.detailsOpened = 0
        _ = key(&state, .character("j"))
        var items = state.list.paging.items.items
        items[1].bodyHTML = (0..<40).map { "<p>para \($0)" }.joined()
        _ = state.reduce(.tick(at: now))
        var opened = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size)
        guard case let .fetch(request)? = opened.reduce(.start(at: now)).first else { return }
        _ = opened.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0), at: now))
        _ = key(&opened, .character("j"))
        _ = key(&opened, .enter)
        let length = opened.detail!.lines.count
        #expect(length == 1 + 1 + 79)
        let rows = size.rows - 1
        _ = key(&opened, .character("j"))
        #expect(opened.detail?.top == 1)
        _ = key(&opened, .character(" "))
        #expect(opened.detail?.top == 1 + rows - 1)
        _ = key(&opened, .character("b"))
        #expect(opened.detail?.top == 1)
        _ = key(&opened, .control("d"))
        #expect(opened.detail?.top == 1 + rows / 2)
        _ = key(&opened, .control("u"))
        #expect(opened.detail?.top == 1)
        _ = key(&opened, .character("G"))
        #expect(opened.detail?.top == length - rows)
        _ = key(&opened, .character("j"))
        #expect(opened.detail?.top == length - rows)
        _ = key(&opened, .character("g"))
        _ = key(&opened, .character("k"))
        #expect(opened.detail?.top == 0)
        // The list behind did not move.
        #expect(opened.list.viewport.cursor == 1)
    }

    @Test func commentsPageInAsTheReaderScrollsAndFoldAndJumpToParent() throws {
        var state = listState()
        guard case let .fetchComments(first, _, serial)? = key(&state, .enter).first else {
            Issue.record("no comment fetch")
            return
        }
        // Depths 0,1,2 then 0: the walk's first page.
        let page0 = [comment(0, depth: 0), comment(1, depth: 1), comment(2, depth: 2)]
        let effects = deliverComments(&state, first, page0, next: .cursor("3:0"), serial: serial)
        // The end of what is loaded is on screen: the next page is asked for at once.
        let second = PageRequest(id: RequestID(2), index: 1, key: .cursor("3:0"), pageSize: 3, generation: 0)
        #expect(effects == [.fetchComments(second, itemID: "t:0", serial: serial)])
        // A stale result of another detail is dropped.
        #expect(deliverComments(&state, second, [comment(9, depth: 0)], next: nil, serial: serial + 1) == [])
        #expect(state.detail?.comments?.items.count == 3)
        // The same page twice: applied once.
        _ = deliverComments(&state, second, [comment(3, depth: 0), comment(4, depth: 1), comment(5, depth: 1)], next: nil, serial: serial)
        #expect(deliverComments(&state, second, [comment(3, depth: 0)], next: nil, serial: serial) == [])
        let detail = try #require(state.detail)
        #expect(detail.comments?.items.map(\.id) == ["c:0", "c:1", "c:2", "c:3", "c:4", "c:5"])
        #expect(detail.commentBlocks.keys.sorted() == ["c:0", "c:1", "c:2", "c:3", "c:4", "c:5"])
        #expect(detail.commentBlocks["c:4"] == [TextBlock(.paragraph, lines: ["comment 4"])])
        let headers = detail.lines.filter(\.isHeader)
        #expect(headers.map(\.column) == [1, 3, 5, 1, 3, 3])
        #expect(headers[0].text == "▾ a0 · 1m")
        #expect(detail.lines.last?.text == "comment 5")

        // Scroll until comment 2 is the focus, then p goes to 1, p again to 0.
        let row2 = try #require(detail.lines.firstIndex { $0.isHeader && $0.comment == 2 })
        while (state.detail?.top ?? 0) < row2 { _ = key(&state, .character("j")) }
        #expect(state.focusedComment == 2)
        _ = key(&state, .character("p"))
        #expect(state.focusedComment == 1)
        #expect(state.detail?.lines[state.detail!.top].isHeader == true)
        _ = key(&state, .character("p"))
        #expect(state.focusedComment == 0)
        _ = key(&state, .character("p"))
        #expect(state.focusedComment == 0)

        // Fold comment 0: its replies 1 and 2 vanish, the header says how many.
        let before = state.detail!.lines.count
        _ = key(&state, .tab)
        #expect(state.detail?.collapsed == ["c:0"])
        #expect(state.detail!.lines.filter(\.isHeader).map(\.comment) == [0, 3, 4, 5])
        #expect(state.detail!.lines.first { $0.comment == 0 && $0.isHeader }?.text == "▸ a0 · 1m · +2 hidden")
        #expect(state.detail!.lines.count < before)
        _ = key(&state, .character("z"))
        #expect(state.detail?.collapsed == [])
        #expect(state.detail!.lines.count == before)
    }

    @Test func failedCommentPageShowsAnErrorAndRetries() throws {
        var state = listState()
        guard case let .fetchComments(first, _, serial)? = key(&state, .enter).first else { return }
        _ = state.reduce(.fetched(.loaded(first, .failure(FeedError(.timeout, "timed out")), latency: 0, for: .comments(serial: serial)), at: now))
        #expect(state.commentFooter?.text == "✗ timed out — press r to retry")
        let grid = render(state, size: size)
        #expect(grid.trimmedLines.contains(" ✗ timed out — press r to retry"))
        let retry = key(&state, .character("r"))
        #expect(retry == [.fetchComments(PageRequest(id: RequestID(2), index: 0, key: .cursor(nil), pageSize: 3, generation: 0),
                                         itemID: "t:0", serial: serial)])
    }

    @Test func renderShowsTheDocumentAndStatus() {
        var state = listState(comments: nil)
        for _ in 0..<5 { _ = key(&state, .character("j")) }
        _ = key(&state, .enter)
        let lines = render(state, size: size).trimmedLines
        #expect(lines[0] == " Item 5")
        #expect(lines[3] == " Hello there (https://x.org/a)")
        #expect(lines[5] == "   code <here>")
        #expect(lines.last?.hasPrefix(" t · line 1 · all") == true)
        #expect(lines.last?.hasSuffix("Esc back · ? help") == true)
    }

    @Test func hostileAndWideBodiesStayInsideTheScreen() {
        let item = FeedItem(
            id: "x:1", title: "東京\u{1B}]0;pwned\u{07} title", author: "a\u{202E}b",
            bodyHTML: "<p>日本語のテキストが長く続きます 日本語のテキストが長く続きます &#27;[2J&#x9b;31m"
                + "<a href=\"https://example.com/\u{1B}[31m\">l</a></p><pre>\u{1B}[2J  code\twith tab</pre>")
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 5), size: Size(columns: 30, rows: 10))
        guard case let .fetch(request)? = state.reduce(.start(at: now)).first else { return }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: [item.sanitized()], next: nil)), latency: 0), at: now))
        _ = key(&state, .enter)
        let grid = render(state, size: Size(columns: 30, rows: 10))
        let text = grid.lines.joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(grid.trimmedLines[0] == " 東京 title")
        #expect(state.detail!.lines.allSatisfy { TextWidth.of($0.text) + $0.column <= 30 || !$0.text.contains(" ") || $0.text.hasPrefix("  ") })
        #expect(state.detail!.lines.contains { $0.text == "  code    with tab" })
        #expect(state.detail!.lines.contains { $0.text.hasSuffix("l (https://example.com/)") })
    }

    @Test func wrapUsesDisplayWidth() {
        #expect(DetailLayout.wrap("aa bb cc", width: 5) == ["aa bb", "cc"])
        #expect(DetailLayout.wrap("東京東京東京", width: 5) == ["東京", "東京", "東京"])
        #expect(DetailLayout.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(DetailLayout.wrap("", width: 4) == [""])
        for line in DetailLayout.wrap("日本語のテキスト mixed with ascii words and 한국어 too", width: 9) {
            #expect(TextWidth.of(line) <= 9)
        }
    }

    @Test func helpListsTheDetailKeys() {
        let labels = KeyMap.standard.bindings.map(\.help)
        #expect(labels.contains("Open the item: text and comments"))
        #expect(KeyMap.standard.intent(for: .enter, in: .detail) == .open)
        #expect(KeyMap.standard.intent(for: .tab, in: .detail) == .collapse)
        #expect(KeyMap.standard.intent(for: .character("p"), in: .detail) == .parent)
    }

    @Test func aThreadNamedOnTheCommandLineOpensOverTheListThatLoadsBehindIt() throws {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size, prefetch: .fixed(2))
        state.commentPageSize = 3
        let list = try #require(state.reduce(.start(at: now)).first)
        // The detail opens before any list row exists, with a stand-in item, and asks for the thread.
        let opened = state.reduce(.openThread(itemID: "hn:42"))
        let commentsRequest = PageRequest(id: RequestID(1), index: 0, key: .cursor(nil), pageSize: 3, generation: 0)
        #expect(opened == [.fetchComments(commentsRequest, itemID: "hn:42", serial: 1)])
        var detail = try #require(state.detail)
        #expect(detail.item == FeedItem(id: "hn:42", title: "item 42"))
        #expect(detail.isStandIn)
        #expect(detail.lines.first?.text == "item 42")

        // The list's first page arrives behind the detail: the detail stays.
        guard case let .fetch(request) = list else { Issue.record("no list fetch: \(list)"); return }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: makeItems(0..<30), next: nil)), latency: 0), at: now))
        #expect(state.detail?.serial == 1)
        #expect(state.list.paging.items.count == 30)

        // The first comment page brings the item: title, link and body replace the stand-in.
        let subject = FeedItem(id: "hn:42", title: "Ask HN: a thread", url: "https://x.org/ask", commentCount: 7, bodyHTML: "<p>The question</p>")
        let page = Page(key: .cursor(nil), items: [comment(0, depth: 0), comment(1, depth: 1)], next: .cursor("9:0"), subject: subject)
        _ = state.reduce(.fetched(.loaded(commentsRequest, .success(page), latency: 0, for: .comments(serial: 1)), at: now))
        detail = try #require(state.detail)
        #expect(detail.item == subject)
        #expect(!detail.isStandIn)
        #expect(detail.lines.map(\.text).prefix(5) == ["Ask HN: a thread", "7 comments", "https://x.org/ask", "", "The question"])
        #expect(detail.comments?.items.map(\.id) == ["c:0", "c:1"])

        // Back goes to the list behind it, at its top; q there quits.
        #expect(key(&state, .escape).allSatisfy { if case .cancelComments = $0 { true } else { false } })
        #expect(state.detail == nil)
        #expect(state.list.viewport.cursor == 0)
        #expect(!state.isQuitting)
        #expect(key(&state, .character("q")) == [.quit])
    }

    @Test func aLaterPageOrAnotherItemsSubjectLeavesTheItemAlone() throws {
        var state = listState()
        _ = key(&state, .enter)
        let request = try #require(state.detail?.comments?.inFlight.values.first)
        // Opened from the list, the list's item stays what it was (a page's subject does not replace it).
        let subject = FeedItem(id: "t:0", title: "Changed")
        _ = state.reduce(.fetched(
            .loaded(request, .success(Page(key: request.key, items: [comment(0, depth: 0)], next: nil, subject: subject)), latency: 0,
                    for: .comments(serial: 1)), at: now))
        #expect(state.detail?.item.title == "Item 0")
        // A stand-in is replaced only by its own item.
        var named = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size)
        named.commentPageSize = 3
        _ = named.reduce(.start(at: now))
        guard case let .fetchComments(first, _, _)? = named.reduce(.openThread(itemID: "hn:7")).first else {
            Issue.record("no comment fetch")
            return
        }
        _ = named.reduce(.fetched(
            .loaded(first, .success(Page(key: first.key, items: [], next: nil, subject: FeedItem(id: "hn:8", title: "Other"))), latency: 0,
                    for: .comments(serial: 1)), at: now))
        #expect(named.detail?.item.title == "item 7")
        #expect(named.detail?.isStandIn == true)
        // Without threads (a source with no comments) there is nothing to open.
        var plain = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 30), size: size)
        _ = plain.reduce(.start(at: now))
        #expect(plain.reduce(.openThread(itemID: "hn:7")).isEmpty)
        #expect(plain.detail == nil)
    }
}
