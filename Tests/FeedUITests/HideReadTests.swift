import FeedModel
import Foundation
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

/// `H` / `--hide-read`: read items take no row while the pager keeps loading beneath, the
/// cursor keeps its item, and the status line owns up to what is hidden.
@Suite struct HideReadTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    func state(readIDs: Set<String>, hidesRead: Bool, isEnabled: Bool = true) -> AppState {
        AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5),
            cache: CacheState(isEnabled: isEnabled, readIDs: readIDs, hidesRead: hidesRead))
    }

    func ids(_ range: ClosedRange<Int>) -> Set<String> { Set(range.map { "t:\($0)" }) }

    /// Titles on screen, top to bottom.
    func titles(_ state: AppState) -> [String] {
        render(state, size: size).trimmedLines.filter { $0.contains("Item ") }.map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: " ▌"))
        }
    }

    @Test func aScreenOfReadItemsDoesNotStallThePager() throws {
        // Page 0: only t:0 is unread. Visible rows below the cursor: none; raw rows: 19.
        var hiding = state(readIDs: ids(1...19), hidesRead: true)
        let first = try #require(fetches(hiding.reduceWithEmptyCache(.start(at: now))).first)
        let effects = hiding.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        #expect(fetches(effects).map(\.index) == [1])
        #expect(titles(hiding) == ["Item 0"])
        #expect(hiding.list.viewport.hidden.count == 19)
        // The same rows shown: a lead of 5 is far from the end, nothing is asked for.
        var showing = state(readIDs: ids(1...19), hidesRead: false)
        let again = try #require(fetches(showing.reduceWithEmptyCache(.start(at: now))).first)
        #expect(fetches(showing.reduce(.fetched(.loaded(again, .success(makePage(0)), latency: 0.1), at: now))).isEmpty)
    }

    @Test func aFirstPageAllReadShowsWhyAndLoadsOn() throws {
        var state = state(readIDs: ids(0...19), hidesRead: true)
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        let effects = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        let next = try #require(fetches(effects).first)
        #expect(next.index == 1)
        #expect(!state.list.viewport.hasCursorItem)
        let lines = render(state, size: size).trimmedLines
        #expect(lines.contains { $0.contains("every loaded item is read — H shows them") })
        #expect(lines.last?.contains("0/20") == true && lines.last?.contains("20 read hidden") == true)
        // Enter and u do nothing without a cursor item.
        #expect(state.reduce(.key(.enter, at: now)).isEmpty && state.detail == nil)
        // The next page has unread items: the cursor lands on the first.
        _ = state.reduce(.fetched(.loaded(next, .success(makePage(1)), latency: 0.1), at: now))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:20")
        #expect(titles(state).first == "Item 20")
    }

    @Test func hTogglesKeepingTheCursorItemOnItsRow() throws {
        var state = state(readIDs: ["t:1", "t:2", "t:16"], hidesRead: false)
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        for _ in 0..<15 { _ = state.reduce(.key(.character("j"), at: now)) }
        #expect(state.list.viewport.cursorRow == 10)
        _ = state.reduce(.key(.character("H"), at: now))
        // t:15 keeps screen row 10 although two read rows above it went.
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:15")
        #expect(state.list.viewport.cursorRow == 10)
        #expect(!titles(state).contains("Item 2") && !titles(state).contains("Item 16"))
        #expect(titles(state).first == "Item 5")
        let status = render(state, size: size).lines.last ?? ""
        #expect(status.contains("read items hidden") && status.contains("3 read hidden"))
        // j skips the read t:16.
        _ = state.reduce(.key(.character("j"), at: now))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:17")
        // H again: everything back, the cursor still on t:17 and its row.
        _ = state.reduce(.key(.character("H"), at: now))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:17")
        #expect(state.list.viewport.cursorRow == 10)
        #expect(titles(state).contains("Item 16"))
        #expect(!(render(state, size: size).lines.last ?? "").contains("read hidden"))
    }

    @Test func aHiddenCursorItemGivesWayToTheNextShownOne() throws {
        var state = state(readIDs: ["t:0", "t:1"], hidesRead: false)
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        _ = state.reduce(.key(.character("H"), at: now))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:2")
        #expect(state.list.viewport.cursorRow == 0)
    }

    @Test func itemsReadWhileHidingStayUntilHIsPressedAgain() throws {
        var state = state(readIDs: [], hidesRead: true)
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        _ = state.reduce(.key(.character("j"), at: now))
        #expect(state.reduce(.key(.enter, at: now)) == [.markRead(itemID: "t:1", isRead: true)])
        _ = state.reduce(.key(.escape, at: now))
        // Still on screen (dimmed), under the cursor.
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:1")
        #expect(titles(state).contains("Item 1"))
        #expect(state.reduce(.key(.character("u"), at: now)) == [.markRead(itemID: "t:1", isRead: false)])
        #expect(state.reduce(.key(.character("u"), at: now)) == [.markRead(itemID: "t:1", isRead: true)])
        #expect(titles(state).contains("Item 1"))
        // H twice: off, then on again with t:1 among the read items hidden.
        _ = state.reduce(.key(.character("H"), at: now))
        _ = state.reduce(.key(.character("H"), at: now))
        #expect(!titles(state).contains("Item 1"))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:2")
    }

    @Test func pagesArrivingBeneathKeepTheCursorItemAndHideTheirReadItems() throws {
        var state = state(readIDs: ids(21...25), hidesRead: true)
        let first = try #require(fetches(state.reduceWithEmptyCache(.start(at: now))).first)
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 0.1), at: now))
        let next = try #require(fetches(state.reduce(.key(.character("G"), at: now))).first)
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:19")
        let row = state.list.viewport.cursorRow
        _ = state.reduce(.fetched(.loaded(next, .success(makePage(1)), latency: 0.1), at: now))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:19")
        #expect(state.list.viewport.cursorRow == row)
        _ = state.reduce(.key(.character("j"), at: now))
        _ = state.reduce(.key(.character("j"), at: now))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:26")
        #expect(state.list.viewport.hidden.count == 5)
    }

    @Test func withoutACacheHSaysWhy() throws {
        var state = state(readIDs: [], hidesRead: true, isEnabled: false)
        #expect(!state.cache.hidesRead)
        _ = state.reduce(.key(.character("H"), at: now))
        #expect(state.notice == "hiding read items needs the page cache (not with --no-cache)")
        #expect(!state.cache.hidesRead)
    }

    @Test func helpListsH() {
        var state = state(readIDs: [], hidesRead: false)
        _ = state.reduce(.key(.character("?"), at: now))
        let big = Size(columns: 100, rows: 60)
        state.reduce(.resized(big)).forEach { _ in }
        #expect(render(state, size: big).trimmedLines.contains { $0.contains("H") && $0.contains("Hide or show read items") })
    }
}
