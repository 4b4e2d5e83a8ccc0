import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// The first page's first items are drawn as they arrive (`FetchResult.partial`), before the
/// page, and give way to it; once the list has rows, a partial result changes nothing. Keys on
/// them act on the rows drawn, or wait for the page and are applied in order when it lands.
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
        #expect(state.list.firstItems.map(\.id) == ["t:0", "t:1"])
        var lines = render(state, size: size).trimmedLines
        #expect(Array(lines.prefix(5)) == ["▌ Item 0", "", "  Item 1", "", "  ⠋ Loading hn top…"])
        #expect(lines.last?.contains("hn top · 1/…") == true)
        // Fewer than already drawn changes nothing; more are drawn, as many as fit.
        #expect(partial(&state, first, makeItems(0..<1)) == [])
        #expect(state.list.firstItems.count == 2)
        #expect(partial(&state, first, makeItems(0..<9)) == [])
        lines = render(state, size: size).trimmedLines
        #expect(lines.filter { $0.hasPrefix("  Item ") || $0.hasPrefix("▌ Item ") }.count == 5)
        #expect(lines.filter { $0.hasPrefix("▌") } == ["▌ Item 0"], "the cursor is on the first row")
        // The page: its rows, the cursor on the first, nothing provisional left.
        _ = state.reduce(.fetched(.loaded(first, .success(Page(key: .page(0), items: makeItems(0..<30), next: .page(1))), latency: 0), at: now))
        #expect(state.list.firstItems.isEmpty)
        lines = render(state, size: size).trimmedLines
        #expect(lines.first == "▌ Item 0")
    }

    /// A source that reports the same rows again with news in them (the subscription list
    /// refreshing as it first opens: each feed's row says how its refresh ended) has them drawn.
    @Test func asManyFirstItemsAgainAreDrawnAgain() throws {
        var (state, first) = try started()
        _ = partial(&state, first, makeItems(0..<2))
        var news = makeItems(0..<2)
        news[1].title = "Item 1 · refreshed"
        #expect(partial(&state, first, news) == [])
        #expect(state.list.firstItems.map(\.title) == ["Item 0", "Item 1 · refreshed"])
        #expect(render(state, size: size).trimmedLines.contains("  Item 1 · refreshed"))
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
        #expect(state.list.firstItems.isEmpty)
        #expect(render(state, size: size) == before)
    }

    @Test func aFailedFirstPageShowsItsErrorNotTheItemsThatCame() throws {
        var (state, first) = try started()
        _ = partial(&state, first, makeItems(0..<2))
        _ = state.reduce(.fetched(.loaded(first, .failure(FeedError(.http(status: 500), "hn: HTTP 500 (boom)")), latency: 0), at: now))
        #expect(state.list.firstItems.isEmpty)
        let lines = render(state, size: size).trimmedLines
        #expect(lines.contains { $0.contains("hn: HTTP 500 (boom)") })
        #expect(!lines.contains { $0.contains("Item 0") })
    }

    // MARK: - Keys on the first items

    func page(_ state: inout AppState, _ request: PageRequest, _ range: Range<Int> = 0..<30) -> [AppEffect] {
        state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: makeItems(range), next: .page(1))), latency: 0), at: now))
    }

    func press(_ state: inout AppState, _ keys: Key...) -> [AppEffect] {
        keys.flatMap { state.reduce(.key($0, at: now)) }
    }

    @Test func movesActOnTheRowsDrawnAndTheCursorKeepsItsItemWhenThePageLands() throws {
        var (state, first) = try started()
        _ = partial(&state, first, makeItems(0..<4))
        #expect(press(&state, .character("j"), .character("j")) == [])
        #expect(state.firstCursorIndex == 2)
        var lines = render(state, size: size).trimmedLines
        #expect(lines.filter { $0.hasPrefix("▌") } == ["▌ Item 2"])
        #expect(lines.last?.contains("3/…") == true)
        // The cursor stops at the last row drawn (five fit above the loading line; four came).
        _ = press(&state, .character("j"), .character("j"), .character("j"))
        #expect(state.firstCursorIndex == 3)
        _ = press(&state, .character("k"))
        #expect(state.firstCursorIndex == 2)
        // More rows do not move it; the page puts the list's cursor on the same item and row.
        _ = partial(&state, first, makeItems(0..<9))
        #expect(state.firstCursorIndex == 2)
        _ = page(&state, first)
        #expect(state.list.viewport.cursor == 2)
        lines = render(state, size: size).trimmedLines
        #expect(lines[4] == "▌ Item 2")
        #expect(lines.last?.contains("3/30") == true)
        #expect(state.list.typeahead.isEmpty)
    }

    @Test func enterOnAFirstRowOpensItsDetailBeforeThePage() throws {
        var (state, first) = try started()
        state.commentPageSize = 20
        _ = partial(&state, first, makeItems(0..<3))
        let effects = press(&state, .character("j"), .enter)
        #expect(state.detail?.item.id == "t:1")
        #expect(effects.contains { if case .fetchComments(_, itemID: "t:1", serial: _) = $0 { true } else { false } },
                "the comments are asked for at once")
        // The page lands behind the detail; back in the list the cursor is on the item opened.
        _ = page(&state, first)
        #expect(state.detail?.item.id == "t:1")
        _ = press(&state, .escape)
        #expect(state.detail == nil)
        #expect(state.list.viewport.cursor == 1)
    }

    @Test func keysThatNeedThePageWaitAndAreAppliedInOrderWhenItLands() throws {
        var (state, first) = try started()
        _ = partial(&state, first, makeItems(0..<3))
        // j acts; `:` needs the page, so it and every key after it wait (Enter too: it belongs
        // to the prompt, not to the row).
        #expect(press(&state, .character("j"), .character(":"), .character("7"), .enter, .character("k")) == [])
        #expect(state.firstCursorIndex == 1)
        #expect(state.detail == nil)
        #expect(state.list.goTo == nil)
        #expect(state.list.typeahead == [.character(":"), .character("7"), .enter, .character("k")])
        let lines = render(state, size: size).trimmedLines
        #expect(lines.last?.contains("hn top · 2/… · : 7 Enter k waits for the page") == true)
        _ = page(&state, first)
        // :7 went to item 7, then k up one: row 6.
        #expect(state.list.typeahead.isEmpty)
        #expect(state.list.goTo == nil)
        #expect(state.detail == nil)
        #expect(state.list.viewport.cursor == 5)
    }

    @Test func quitDoesNotWaitBehindHeldKeys() throws {
        var (state, first) = try started()
        _ = partial(&state, first, makeItems(0..<3))
        _ = press(&state, .character("/"))
        #expect(press(&state, .character("q")) == [.quit])
        #expect(state.isQuitting)
    }

    @Test func heldKeysAreAppliedToAFailedFirstPage() throws {
        var (state, first) = try started()
        _ = partial(&state, first, makeItems(0..<3))
        _ = press(&state, .character("r"))
        #expect(state.list.typeahead == [.character("r")])
        let effects = state.reduce(.fetched(.loaded(first, .failure(FeedError(.http(status: 500), "hn: HTTP 500 (boom)")), latency: 0), at: now))
        #expect(state.list.typeahead.isEmpty)
        // r retried the failed page.
        #expect(effects.contains { if case .fetch = $0 { true } else { false } })
    }

    @Test func aClickPicksAFirstRow() throws {
        var (state, first) = try started()
        _ = partial(&state, first, makeItems(0..<3))
        _ = state.reduce(.key(.mouse(MouseEvent(kind: .press, row: 4, column: 5)), at: now))
        #expect(state.firstCursorIndex == 2)
    }

    @Test func backFromAThreadOpenedByIDBeforeThePageGoesToItsStory() throws {
        var (state, first) = try started()
        state.commentPageSize = 20
        _ = state.reduce(.openThread(itemID: "t:3"))
        _ = partial(&state, first, makeItems(0..<2))
        _ = press(&state, .escape)
        #expect(state.detail == nil)
        #expect(state.firstCursorIndex == 0, "the story has not come yet")
        // The story comes among the first rows: the early cursor goes to it, and the page keeps it.
        _ = partial(&state, first, makeItems(0..<5))
        #expect(state.firstCursorIndex == 3)
        _ = page(&state, first)
        #expect(state.list.viewport.cursor == 3)
    }

    // MARK: - Before any row

    /// Keys typed before any row (no first items, no page: a run just started, the list coming
    /// back after Esc with `j Enter` typed behind it) wait for the rows and are applied in order,
    /// where they moved an empty list and were lost.
    @Test func keysBeforeAnyRowWaitForTheRows() throws {
        var (state, first) = try started()
        #expect(state.awaitsFirstRows)
        for key in ["j", "j", "j"] { #expect(state.reduce(.key(.character(Character(key)), at: now)) == []) }
        #expect(state.list.typeahead == [.character("j"), .character("j"), .character("j")])
        #expect(render(state, size: size).trimmedLines.last?.contains("j j j waits for the page") == true)
        _ = page(&state, first)
        #expect(state.list.viewport.cursor == 3)
        #expect(state.list.typeahead.isEmpty)
    }

    /// The row the list comes back to (`placeCursor`) stays the target while keys wait: `j`
    /// typed behind the Esc moves one row on from it, not from the top.
    @Test func keysBeforeAnyRowMoveFromTheRowTheListComesBackTo() throws {
        var (state, first) = try started()
        state.placeCursor(on: "t:5")
        _ = state.reduce(.key(.character("j"), at: now))
        _ = page(&state, first)
        #expect(state.list.viewport.cursor == 6)
    }

    /// Rows that come as first items take the waiting keys at once (they move the early cursor).
    @Test func keysBeforeAnyRowActOnTheFirstItemsWhenTheyCome() throws {
        var (state, first) = try started()
        _ = state.reduce(.key(.character("j"), at: now))
        _ = state.reduce(.key(.character("j"), at: now))
        _ = partial(&state, first, makeItems(0..<4))
        #expect(state.firstCursorIndex == 2)
        #expect(state.list.typeahead.isEmpty)
    }

    /// Quit, refresh and help act at once before any row; a first load that fails hands the
    /// waiting keys back too.
    @Test func quitRefreshAndHelpDoNotWaitAndAFailureReleasesTheKeys() throws {
        var (state, first) = try started()
        _ = state.reduce(.key(.character("?"), at: now))
        #expect(state.isHelpShown)
        _ = state.reduce(.key(.character("?"), at: now))
        let refresh = state.reduce(.key(.character("R"), at: now))
        #expect(refresh.contains(.startOver))
        guard case let .fetch(second)? = refresh.last else { throw Missing() }
        _ = state.reduce(.key(.character("G"), at: now))
        #expect(state.list.typeahead == [.character("G")])
        _ = first
        _ = state.reduce(.fetched(.loaded(second, .failure(FeedError(.http(status: 503), "HTTP 503")), latency: 0), at: now))
        #expect(state.list.typeahead.isEmpty)
        #expect(state.reduce(.key(.character("q"), at: now)).contains(.quit))
    }
}
