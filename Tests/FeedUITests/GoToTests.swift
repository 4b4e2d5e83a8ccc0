import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// `G`, `N%`, `:N` and `Ng` in the list: loaded rows at once, far rows of an addressable feed by
/// fetching their page directly, and cursor feeds as far as they are loaded, saying why.
@Suite struct GoToTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    /// A 1000-item offset feed of 20-item pages with its total, like PokeAPI and the demo feed.
    func offsetPage(_ request: PageRequest, total: Int = 1000) -> Page {
        guard case let .offset(start, _) = request.key else { return Page(key: request.key, items: [], next: nil) }
        let end = min(total, start + 20)
        return Page(key: request.key, items: makeItems(start..<end), next: end < total ? .offset(end, limit: 20) : nil, total: total)
    }

    func deliver(_ state: inout AppState, _ effects: [AppEffect], page: (PageRequest) -> Page) -> [PageRequest] {
        var delivered: [PageRequest] = []
        var pending = fetches(effects)
        while !pending.isEmpty {
            let request = pending.removeFirst()
            delivered.append(request)
            pending += fetches(state.reduce(.fetched(.loaded(request, .success(page(request)), latency: 0.05), at: now)))
        }
        return delivered
    }

    func started(firstKey: PageKey = .offset(0, limit: 0), page: (PageRequest) -> Page) -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: firstKey, pageSize: 20, maxPages: 10), size: size, prefetch: .fixed(5))
        _ = deliver(&state, state.reduce(.start(at: now)), page: page)
        return state
    }

    func press(_ state: inout AppState, _ keys: String) -> [AppEffect] {
        keys.flatMap { state.reduce(.key($0 == "\n" ? .enter : .character($0), at: now)) }
    }

    func status(_ state: AppState) -> String { render(state, size: size).trimmedLines[23] }

    @Test func bigGFetchesTheLastPageDirectly() {
        var state = started(page: { offsetPage($0) })
        let effects = press(&state, "G")
        #expect(fetches(effects).map(\.key) == [.offset(980, limit: 20)])
        // While it travels the old rows stay, and the status line says where the cursor goes.
        #expect(status(state).hasPrefix(" t · → last of 1,000"))
        let delivered = deliver(&state, effects, page: { offsetPage($0) })
        #expect(delivered.first?.key == .offset(980, limit: 20))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:999")
        #expect(status(state).hasPrefix(" t · 1,000/1,000 ·"))
        #expect(render(state, size: size).trimmedLines.contains("  — end of feed · 1,000 items —"))
    }

    /// Issue 23: on a feed whose last page skips items (HN's dead stories), `G` says it goes to
    /// the last row, not to a row the total promised, and `g` after it counts the rows `G`
    /// counted, not the rows held plus the end's.
    @Test func gAfterGCountsWhatGCounted() {
        func skipping(_ request: PageRequest) -> Page {
            var page = offsetPage(request)
            guard case let .offset(start, _) = request.key, start == 980 else { return page }
            page.items = Array(page.items.prefix(13))
            page.omittedCount = 7
            return page
        }
        var state = started(page: skipping)
        let effects = press(&state, "G")
        #expect(status(state).hasPrefix(" t · → last of 1,000 ·"))
        _ = deliver(&state, effects, page: skipping)
        #expect(status(state).hasPrefix(" t · 993/993 ·"))
        _ = deliver(&state, press(&state, "g"), page: skipping)
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:0")
        #expect(status(state).hasPrefix(" t · 1/993 of 1,000 ·"))
        // `:N` and the status line count the same rows: the last row is still 993.
        _ = deliver(&state, press(&state, ":993\n"), page: skipping)
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:992")
    }

    /// Issue 23: `:N` on a feed that leaves items out of its pages (HN's dead and deleted
    /// stories) lands on the Nth row the status line counts (the pipe's Nth item), not on the
    /// Nth slot of the API's list: the jump's page stands after pages it has not seen, counted
    /// as full; as they arrive the cursor goes to row N again, until the reader moves it.
    @Test func goToCountsRowsWhenPagesAboveLeaveItemsOut() {
        // Two of every twenty left out (the last two of each page).
        func skipping(_ request: PageRequest) -> Page {
            var page = offsetPage(request)
            page.items = page.items.filter { (Int($0.id.dropFirst(2)) ?? 0) % 20 < 18 }
            page.omittedCount = 2
            return page
        }
        // A lead of more than a page above the cursor, as the automatic lead is on HN's pages.
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .offset(0, limit: 0), pageSize: 20, maxPages: 10), size: size,
            prefetch: .fixed(60))
        _ = deliver(&state, state.reduce(.start(at: now)), page: skipping)
        _ = deliver(&state, press(&state, ":100\n"), page: skipping)
        #expect(state.list.paging.rowsAboveAreExact)
        // Rows 1…90 are pages 0…4 (18 each); row 100 is page 5's tenth: t:109.
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:109")
        #expect(status(state).hasPrefix(" t · 100/"), "\(status(state))")
        #expect(state.list.landing == nil)
        // The reader moves: a page arriving above later leaves the cursor where it is.
        _ = press(&state, "j")
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:110")
    }

    @Test func percentAndCountsGoWhereLessGoes() {
        var state = started(page: { offsetPage($0) })
        // A loaded row: no fetch, the cursor moves.
        #expect(press(&state, "12g").isEmpty)
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:11")
        var effects = press(&state, "50%")
        #expect(fetches(effects).map(\.key) == [.offset(480, limit: 20)], "50% of 1000 is item 500, on page 24")
        _ = deliver(&state, effects, page: { offsetPage($0) })
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:499")
        #expect(status(state).hasPrefix(" t · 500/"))
        effects = press(&state, ":750\n")
        _ = deliver(&state, effects, page: { offsetPage($0) })
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:749")
        #expect(status(state).hasPrefix(" t · 750/"))
        _ = deliver(&state, press(&state, "0%"), page: { offsetPage($0) })
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:0")
        #expect(status(state).hasPrefix(" t · 1/"))
    }

    @Test func thePromptShowsAndCancels() {
        var state = started(page: { offsetPage($0) })
        _ = press(&state, ":4")
        #expect(status(state).hasPrefix(" :4▏"))
        _ = state.reduce(.key(.backspace, at: now))
        _ = state.reduce(.key(.escape, at: now))
        #expect(state.list.goTo == nil)
        #expect(state.list.viewport.cursor == 0)
        // A movement key takes the count, as in vim (issue 23); another key cancels it and acts as itself.
        _ = press(&state, "3j")
        #expect(state.list.goTo == nil && state.list.viewport.cursor == 3)
        _ = press(&state, "5/")
        #expect(state.list.goTo == nil && state.list.viewport.cursor == 3 && state.filter.isEditing)
    }

    @Test func cursorFeedsKeepTodaysGAndSaySo() {
        var state = started(firstKey: .cursor(nil)) { request in
            let start = request.index * 20
            return Page(key: request.key, items: makeItems(start..<start + 20), next: .cursor("c\(request.index + 1)"), total: 1000)
        }
        let loaded = state.list.paging.items.count
        let effects = press(&state, "G")
        #expect(state.list.viewport.cursor == loaded - 1)
        #expect(fetches(effects).allSatisfy { $0.index == state.list.paging.nextPage }, "only the next page, not the last")
        #expect(status(state).contains(" · G: last loaded (cursor paging) · "))
        _ = press(&state, "x")
        #expect(!status(state).contains("G: last"))
    }

    @Test func gAfterDropsShowsItsTargetNotTheOldRows() {
        var state = started(firstKey: .cursor(nil)) { request in
            let start = request.index * 20
            return Page(key: request.key, items: makeItems(start..<start + 20), next: .cursor("c\(request.index + 1)"))
        }
        for _ in 0..<30 {
            _ = deliver(&state, press(&state, " "), page: { request in
                let start = request.index * 20
                return Page(key: request.key, items: makeItems(start..<start + 20), next: .cursor("c\(request.index + 1)"))
            })
        }
        #expect(state.list.paging.rowsAbove > 0, "the page cap dropped pages above")
        let effects = press(&state, "g")
        #expect(fetches(effects).map(\.index) == [0])
        // Not the old rows' first position: where `g` goes.
        #expect(status(state).hasPrefix(" t · → 1/"))
    }

    /// Stack Exchange without an app key: page 3 (26 in life) is refused, so the feed ends where
    /// the API stops (`Page.cap`) with no total known, and the footer says so.
    @Test func aWallWithoutATotalSaysTheAPIReturnsNoMore() {
        func walled(_ request: PageRequest) -> Page {
            guard case let .page(number) = request.key, number <= 2 else { return Page(key: request.key, items: [], next: nil, cap: 40) }
            return Page(key: request.key, items: makeItems((number - 1) * 20..<number * 20), next: .page(number + 1))
        }
        var state = started(firstKey: .page(1), page: walled)
        for _ in 0..<3 { _ = deliver(&state, press(&state, "G"), page: walled) }
        #expect(state.list.paging.loadState == .end)
        #expect(render(state, size: size).trimmedLines.contains("  — end of feed · first 40 — the API returns no more —"))
    }
}
