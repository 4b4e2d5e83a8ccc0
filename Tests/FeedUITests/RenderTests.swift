import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

@Suite struct RenderTests {
    let now = 1_800_000_000.0

    /// A state with `items` loaded as page 0 (and the footer state that follows from `next`).
    func state(_ items: [FeedItem], size: Size = Size(columns: 40, rows: 8), next: PageKey? = .page(1)) -> AppState {
        var state = AppState(sourceName: "test", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
        var effects = state.reduce(.start(at: now))
        guard case let .fetch(request) = effects.first else { return state }
        effects = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: next)), latency: 0.25), at: now))
        return state
    }

    @Test func firstLoadShowsCentredSpinner() {
        var state = AppState(sourceName: "demo", paging: PagingState(firstKey: .page(0), pageSize: 20), size: Size(columns: 30, rows: 7))
        _ = state.reduce(.start(at: now))
        let grid = render(state, size: state.size)
        #expect(grid.trimmedLines == [
            "",
            "",
            "       ⠋ Loading demo…",
            "",
            "",
            "",
            // Too narrow for all: the page count (low priority) gives way, visibly, before the help hint.
            " demo · 0/0 · ⇣1 · …   ? help",
        ])
    }

    @Test func itemsAndStatusLine() {
        let items = [
            FeedItem(id: "a", title: "Alpha", author: "ada", score: 12, commentCount: 3, time: Int64(now) - 7200),
            FeedItem(id: "b", title: "Beta", author: "bob", score: 1, commentCount: 1, time: Int64(now) - 30),
        ]
        let grid = render(state(items, size: Size(columns: 40, rows: 8), next: nil), size: Size(columns: 40, rows: 8))
        #expect(grid.trimmedLines == [
            "▌ Alpha",
            "  ada · 12 points · 3 comments · 2h",
            "  Beta",
            "  bob · 1 point · 1 comment · now",
            "  — end of feed · 2 items —",
            "",
            "",
            " test · 1/2 · 1 page · 250 ms    ? help",
        ])
        // The cursor is a bar in the margin of the title row; the item's text keeps its look.
        #expect(grid[0, 0].style == .cursor)
        #expect(grid[1, 0].style == .normal)
        #expect(grid[0, 2].style == .title)
        #expect(grid[1, 5].style == .meta)
        #expect(grid[0, 39].style == .normal, "no background is padded to the right edge")
        #expect(grid[2, 2].style == .title)
        #expect(grid[4, 2].style == .footer)
        #expect(grid[7, 0].style == .status)
    }

    @Test func aFeedThatGoesRoundEndsWithAFooterThatSaysSo() {
        // Page 0 links to itself: its items stay, the footer says why there is no more, not "end of feed".
        let size = Size(columns: 90, rows: 6)
        let state = state(makeItems(0..<2), size: size, next: .page(0))
        let grid = render(state, size: size)
        #expect(grid.trimmedLines[4] == "  — 2 items · the API links back to a page already read — stopped after 1 request —")
        #expect(grid[4, 2].style == .error)
        #expect(state.list.paging.inFlight.isEmpty)
    }

    @Test func theFooterSaysWhyTheFeedEndsInTheSourcesWords() throws {
        // A feed source's last page says why there is no more: the footer says it with the count.
        let size = Size(columns: 60, rows: 10)
        var s = AppState(sourceName: "feed", paging: PagingState(firstKey: .page(0), pageSize: 2), size: size)
        guard case let .fetch(r0) = s.reduce(.start(at: now)).first else { Issue.record("no fetch"); return }
        let first = Page(key: .page(0), items: makeItems(0..<2), next: .page(1))
        _ = s.reduce(.fetched(.loaded(r0, .success(first), latency: 0.1), at: now))
        #expect(s.list.paging.endNote == nil)
        guard let r1 = s.list.paging.inFlight.values.first else { Issue.record("no prefetch"); return }
        let last = Page(key: .page(1), items: makeItems(2..<3), next: nil, endNote: "end of history")
        _ = s.reduce(.fetched(.loaded(r1, .success(last), latency: 0.1), at: now))
        #expect(s.list.paging.endNote == "end of history")
        var grid = render(s, size: size)
        let footer = try #require(grid.trimmedLines.firstIndex { $0.contains("—") }, "\(grid.trimmedLines)")
        #expect(grid.trimmedLines[footer] == "  — end of history · 3 items —")
        #expect(grid[footer, 2].style == .footer)
        // A refresh that reaches the end takes the note its last page gives now.
        let refresh = s.reduce(.key(.character("R"), at: now)).compactMap { if case let .fetch(r) = $0 { r } else { nil } }
        let r2 = try #require(refresh.first, "no refresh")
        let only = Page(key: .page(0), items: makeItems(0..<1), next: nil, endNote: "this feed keeps only its latest 1 entry")
        _ = s.reduce(.fetched(.loaded(r2, .success(only), latency: 0.1), at: now))
        grid = render(s, size: size)
        #expect(grid.trimmedLines.contains("  — this feed keeps only its latest 1 entry · 1 item —"), "\(grid.trimmedLines)")
    }

    @Test func loadingFooterAppearsAtTheEndOfTheList() {
        var s = state(makeItems(0..<2), size: Size(columns: 30, rows: 8))
        _ = s.reduce(.key(.character("G"), at: now))  // a fetch for page 1 is now in flight
        var grid = render(s, size: s.size)
        #expect(grid.line(4).hasPrefix("  ⠋ Loading more…"))
        // No total on this page-number feed: G says it stopped at the last loaded item, and why.
        #expect(grid.line(7).hasPrefix(" 2/2 · G: last loaded (no tot…"), "cut, visibly, at 30 columns")
        _ = s.reduce(.key(.character("x"), at: now))
        grid = render(s, size: s.size)
        #expect(grid.line(7).contains("⇣1"))
    }

    @Test func errorFooterSaysHowToRetry() {
        var s = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 2), size: Size(columns: 60, rows: 10))
        guard case let .fetch(r0) = s.reduce(.start(at: now)).first else { Issue.record("no fetch"); return }
        _ = s.reduce(.fetched(.loaded(r0, .success(Page(key: .page(0), items: makeItems(0..<2), next: .page(1))), latency: 0.1), at: now))
        guard let r1 = s.list.paging.inFlight.values.first else { Issue.record("no prefetch"); return }
        _ = s.reduce(.fetched(.loaded(r1, .failure(FeedError(.http(status: 503), "HTTP 503 from demo")), latency: 0.1), at: now))
        let grid = render(s, size: s.size)
        #expect(grid.trimmedLines[4] == "  ✗ HTTP 503 from demo — press r to retry")
        #expect(grid[4, 2].style == .error)
    }

    @Test func emptyFeedSaysNoItems() {
        let s = state([], size: Size(columns: 30, rows: 7), next: nil)
        let grid = render(s, size: s.size)
        #expect(grid.trimmedLines[2] == "           No items")
    }

    @Test func wideCharactersAlignAndNeverSplit() {
        // 한국어 is 6 columns, 🚀 is 2; at width 9 the title column is 9-3 = 6 columns wide.
        let items = [FeedItem(id: "k", title: "한국어🚀x"), FeedItem(id: "a", title: "abcdefghij")]
        for columns in [20, 21, 22] {  // odd and even widths
            let s = state(items, size: Size(columns: columns, rows: 7))
            let grid = render(s, size: s.size)
            #expect(TextWidth.of(grid.line(0)) == columns, "row 0 fills exactly \(columns) columns")
        }
        let narrow = state(items, size: Size(columns: 20, rows: 7))
        var grid = render(narrow, size: Size(columns: 20, rows: 7))
        #expect(grid.trimmedLines[0] == "▌ 한국어🚀x")
        // Clip inside a wide character: columns 2..<9 hold 7 cells; 한국어 takes 6, 🚀 would cross.
        grid = Grid(size: Size(columns: 9, rows: 1))
        let used = grid.write("한국어🚀x", row: 0, column: 2, width: 7)
        #expect(used == 7)
        // The cut shows: `…` in the last column.
        #expect(grid.line(0) == "  한국어…")
        #expect(grid[0, 3].isContinuation && grid[0, 8].text == "…")
    }

    @Test func controlCharactersAreNeverDrawnRaw() {
        var grid = Grid(size: Size(columns: 12, rows: 1))
        grid.write("a\u{7}b\u{1B}c", row: 0, column: 0)
        #expect(grid.line(0) == "a�b�c       ")
    }

    @Test func tooSmallTerminalSaysSo() {
        let s = state(makeItems(0..<3), size: Size(columns: 19, rows: 5))
        let grid = render(s, size: s.size)
        #expect(grid.trimmedLines[2] == "terminal too small")
    }

    @Test func helpOverlayComesFromTheKeyTable() {
        var s = state(makeItems(0..<3), size: Size(columns: 60, rows: 20))
        _ = s.reduce(.key(.character("?"), at: now))
        // The table is longer than a 20-row screen: j scrolls the overlay through all of it.
        var seen = ""
        for _ in 0...KeyMap.standard.bindings.count {
            seen += render(s, size: s.size).screen
            _ = s.reduce(.key(.character("j"), at: now))
        }
        #expect(s.isHelpShown)
        for binding in KeyMap.standard.bindings {
            #expect(seen.contains(binding.help), "help shows \(binding.help)")
        }
        #expect(render(s, size: s.size).screen.contains("of \(KeyMap.standard.bindings.count)"))
        _ = s.reduce(.key(.character("x"), at: now))
        #expect(!render(s, size: s.size).screen.contains("Keys"))
    }

    @Test func spinnerAnimatesWithTime() {
        var s = AppState(sourceName: "demo", paging: PagingState(firstKey: .page(0), pageSize: 20), size: Size(columns: 30, rows: 7))
        _ = s.reduce(.start(at: now))
        let first = render(s, size: s.size).line(2)
        _ = s.reduce(.tick(at: now + 0.15))
        let second = render(s, size: s.size).line(2)
        #expect(first != second)
        #expect(second.contains("⠙"))
    }
}
