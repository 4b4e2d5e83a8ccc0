import FeedDiff
import FeedModel
import FeedPaging
import FeedTestSupport
@testable import FeedUI
import Testing

/// `/`, `n` and `N` while `H` hides read items, through `reduce` and `render`: the search moves
/// only among the matches the reader can see (like less with filtered lines, or vim skipping
/// closed folds), counts those, says how many are hidden, and says so when only hidden rows
/// match instead of landing on a row beside them.
@Suite struct SearchHideReadTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 60, rows: 12)

    /// Page 0 (Item 0 … Item 19) of a feed with `next` after it, `readIDs` read.
    func loaded(readIDs: Set<String>, hidesRead: Bool, next: PageKey? = nil) -> (AppState, [PageRequest]) {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(30),
            cache: CacheState(isEnabled: true, readIDs: readIDs, hidesRead: hidesRead))
        guard case let .fetch(request) = state.reduceWithEmptyCache(.start(at: now)).first else {
            Issue.record("the first page was not asked of the network")
            return (state, [])
        }
        let page = Page(key: .page(0), items: makeItems(0..<20), next: next)
        let effects = state.reduce(.fetched(.loaded(request, .success(page), latency: 0.1), at: now))
        return (state, effects.compactMap { if case let .fetch(r) = $0 { r } else { nil } })
    }

    func ids(_ numbers: [Int]) -> Set<String> { Set(numbers.map { "t:\($0)" }) }

    func type(_ text: String, into state: inout AppState) {
        for character in text { _ = state.reduce(.key(.character(character), at: now)) }
    }

    @discardableResult
    func press(_ key: Key, _ state: inout AppState) -> [AppEffect] {
        state.reduce(.key(key, at: now))
    }

    /// Presses `key` once for each expected cursor row and checks where the cursor landed.
    func walk(_ key: Key, _ state: inout AppState, expecting rows: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
        for row in rows {
            press(key, &state)
            #expect(state.list.viewport.cursor == row, sourceLocation: sourceLocation)
        }
    }

    func status(_ state: AppState) -> String { render(state, size: size).trimmedLines.last ?? "" }

    /// A status line as drawn: `left`, and `right` ending one column before the edge.
    func line(_ left: String, _ right: String = "") -> String {
        right.isEmpty ? left : left + String(repeating: " ", count: size.columns - 1 - left.count - right.count) + right
    }

    /// Matches of "item 1": rows 1 and 10 … 19; read and hidden: 1, 10, 11 and 15.
    let someRead = [1, 10, 11, 15]

    @Test func nAndNMoveOnlyAmongTheShownMatches() {
        var (s, _) = loaded(readIDs: ids(someRead), hidesRead: true)
        #expect(s.list.viewport.hidden == someRead)
        press(.character("/"), &s)
        type("item 1", into: &s)
        #expect(s.filter.matches == [1] + Array(10..<20))
        // Not row 1 (hidden) nor row 2 beside it: the first match that can be seen.
        #expect(s.list.viewport.cursor == 12)
        #expect(status(s) == " /item 1▏  1 of 7 matches (4 hidden)")
        press(.enter, &s)
        #expect(s.filter.note == nil)
        #expect(status(s) == line(" /item 1  1 of 7 matches (4 hidden)", "13/20"))
        walk(.character("n"), &s, expecting: [13, 14, 16])  // over the hidden 15
        #expect(status(s) == line(" /item 1  4 of 7 matches (4 hidden)", "17/20"))
        walk(.character("n"), &s, expecting: [17, 18, 19])
        #expect(s.filter.note == nil)
        walk(.character("n"), &s, expecting: [12])  // not 1: it is hidden
        #expect(s.filter.note == "search hit BOTTOM, continuing at TOP")
        #expect(status(s) == line(" search hit BOTTOM, continuing at TOP", "1/7"))
        walk(.character("N"), &s, expecting: [19])
        #expect(s.filter.note == "search hit TOP, continuing at BOTTOM")
        #expect(status(s) == line(" search hit TOP, continuing at BOTTOM", "7/7"))
        // N goes back over the hidden 15 (it used to stop there and stay on 16 for good).
        walk(.character("N"), &s, expecting: [18, 17, 16, 14, 13, 12])
        #expect(s.filter.note == nil)
        walk(.character("N"), &s, expecting: [19])
        #expect(s.filter.note == "search hit TOP, continuing at BOTTOM")
        // Off a match the count is what can be reached; n goes to the next one that can.
        press(.character("g"), &s)
        #expect(s.list.viewport.cursor == 0)
        #expect(status(s) == line(" /item 1  7 matches (4 hidden)", "1/20"))
        walk(.character("n"), &s, expecting: [12])
        press(.character("g"), &s)
        walk(.character("N"), &s, expecting: [19])
        #expect(s.filter.note == "search hit TOP, continuing at BOTTOM")
    }

    @Test func aSearchWhoseOnlyMatchesAreHiddenSaysSoAndStaysPut() {
        var (s, _) = loaded(readIDs: ids([1] + Array(10..<20)), hidesRead: true)
        press(.character("j"), &s)
        #expect(s.list.viewport.cursor == 2)
        press(.character("/"), &s)
        type("item 1", into: &s)
        #expect(s.filter.matches.count == 11)
        #expect(s.list.viewport.cursor == 2)
        #expect(status(s) == " /item 1▏  no matches shown (11 hidden)")
        press(.enter, &s)
        #expect(s.list.viewport.cursor == 2)
        #expect(s.filter.note == "11 matches, all read and hidden (H shows them)")
        #expect(status(s) == " 11 matches, all read and hidden (H shows them)")
        for (key, row) in [(Key.character("n"), 3), (.character("N"), 4)] {
            press(.character("j"), &s)
            #expect(s.filter.note == nil)
            #expect(status(s) == line(" /item 1  no matches shown (11 hidden)", "\(row + 1)/20"))
            press(key, &s)
            #expect(s.list.viewport.cursor == row)
            #expect(s.filter.note == "11 matches, all read and hidden (H shows them)")
        }
        // H shows them, and n reaches them.
        press(.character("H"), &s)
        // What H did first, the search's count after it; the position again at the next key.
        #expect(status(s) == line(" read items shown", "/item 1  11 matches"))
        walk(.character("n"), &s, expecting: [10])
        #expect(status(s) == line(" /item 1  2 of 11 matches", "11/20"))
    }

    @Test func aDifferentPatternStillSaysNotFound() {
        var (s, _) = loaded(readIDs: ids(someRead), hidesRead: true)
        press(.character("/"), &s)
        type("zebra", into: &s)
        #expect(status(s) == line(" /zebra▏  no matches in 20", "Enter keeps · Esc clears"))
        press(.enter, &s)
        #expect(s.filter.note == "not found in 20 loaded: zebra")
        press(.character("n"), &s)
        #expect(s.filter.note == "not found in 20 loaded: zebra")
    }

    @Test func hPressedAfterTheSearchChangesWhatNReaches() {
        var (s, _) = loaded(readIDs: ids(someRead), hidesRead: false)
        press(.character("/"), &s)
        type("item 1", into: &s)
        press(.enter, &s)
        #expect(s.list.viewport.cursor == 1)
        #expect(status(s) == line(" /item 1  1 of 11 matches", "2/20"))
        // Hiding takes the cursor's row: it goes to the next shown item, which is no match.
        press(.character("H"), &s)
        #expect(s.list.viewport.cursor == 2)
        #expect(status(s) == line(" read items hidden", "/item 1  7 matches (4 hidden)"))
        walk(.character("n"), &s, expecting: [12, 13, 14, 16])
        press(.character("g"), &s)
        walk(.character("N"), &s, expecting: [19])
        #expect(status(s) == line(" search hit TOP, continuing at BOTTOM", "7/7"))
        // Showing them again: n reaches every match.
        press(.character("H"), &s)
        #expect(status(s) == line(" read items shown", "/item 1  11 of 11 matches"))
        walk(.character("n"), &s, expecting: [1])
        #expect(status(s) == line(" search hit BOTTOM, continuing at TOP", "1/11"))
        walk(.character("n"), &s, expecting: [10, 11, 12, 13, 14, 15])
        #expect(status(s) == line(" /item 1  7 of 11 matches", "16/20"))
    }

    @Test func pagesArrivingWhileHidingAreSearchedAndTheirReadMatchesSkipped() throws {
        var (s, requests) = loaded(readIDs: ids([2, 21, 25]), hidesRead: true, next: .page(1))
        let page1 = try #require(requests.first)
        press(.character("/"), &s)
        type("item 2", into: &s)
        press(.enter, &s)
        #expect(s.list.viewport.cursor == 0)
        #expect(s.filter.note == "1 match, all read and hidden (H shows them)")
        _ = s.reduce(.fetched(.loaded(page1, .success(makePage(1)), latency: 0.1), at: now))
        #expect(s.filter.matches == [2] + Array(20..<30))
        #expect(s.list.viewport.hidden == [2, 21, 25])
        // Shown matches arrived: the note saying there were none goes with the rows.
        #expect(s.filter.note == nil)
        #expect(s.list.viewport.cursor == 0)
        #expect(status(s).hasPrefix(" /item 2  8 matches (3 hidden)"))
        walk(.character("n"), &s, expecting: [20, 22, 23, 24, 26, 27, 28, 29])
        #expect(status(s).hasPrefix(" /item 2  8 of 8 matches (3 hidden)"))
        walk(.character("n"), &s, expecting: [20])
        #expect(s.filter.note == "search hit BOTTOM, continuing at TOP")
        walk(.character("N"), &s, expecting: [29, 28, 27, 26, 24])
    }

    @Test func aNothingFoundNoteIsSaidAgainForRowsThatArrive() throws {
        var (s, requests) = loaded(readIDs: ids([22]), hidesRead: true, next: .page(1))
        let page1 = try #require(requests.first)
        press(.character("/"), &s)
        type("zebra", into: &s)
        press(.enter, &s)
        #expect(s.filter.note == "not found in 20 loaded: zebra")
        // The only zebra arrives read, so hidden: the note says that now, not "not found in 20".
        let items = (20..<40).map { FeedItem(id: "t:\($0)", title: $0 == 22 ? "Zebra crossing" : "Item \($0)") }
        _ = s.reduce(.fetched(.loaded(page1, .success(Page(key: .page(1), items: items, next: nil)), latency: 0.1), at: now))
        #expect(s.filter.matches == [22])
        #expect(s.filter.note == "1 match, all read and hidden (H shows them)")
        #expect(s.list.viewport.cursor == 0)
        // H shows it, and n reaches it.
        press(.character("H"), &s)
        walk(.character("n"), &s, expecting: [22])
        walk(.character("n"), &s, expecting: [22])
        #expect(s.filter.note == "search hit BOTTOM, continuing at TOP")
    }

    @Test func rowsARefreshChangesAreSearchedAndReadOnesStayHidden() throws {
        var (s, _) = loaded(readIDs: ids([3, 9]), hidesRead: true)
        press(.character("/"), &s)
        type("item 3", into: &s)
        press(.enter, &s)
        #expect(s.filter.note == "1 match, all read and hidden (H shows them)")
        let refresh = try #require(press(.character("R"), &s).compactMap { if case let .fetch(r) = $0 { r } else { nil } }.first)
        // t:9 (read) and t:12 (not read) now match too.
        let renamed = (0..<20).map { FeedItem(id: "t:\($0)", title: [9: "Item 3 again", 12: "Item 3 too"][$0] ?? "Item \($0)") }
        _ = s.reduce(.fetched(.loaded(refresh, .success(Page(key: .page(0), items: renamed, next: nil)), latency: 0.1), at: now))
        #expect(s.filter.matches == [3, 9, 12])
        #expect(s.list.viewport.hidden == [3, 9])
        #expect(status(s) == line(" /item 3  1 match (2 hidden)", "1/20"))
        walk(.character("n"), &s, expecting: [12])
        #expect(status(s) == line(" /item 3  1 of 1 match (2 hidden)", "13/20"))
        walk(.character("n"), &s, expecting: [12])
        #expect(s.filter.note == "search hit BOTTOM, continuing at TOP")
        walk(.character("N"), &s, expecting: [12])
        #expect(s.filter.note == "search hit TOP, continuing at BOTTOM")
    }

    @Test func aMatchReadWhileHidingStaysReachableUntilHIsPressedAgain() {
        var (s, _) = loaded(readIDs: ids(someRead), hidesRead: true)
        press(.character("/"), &s)
        type("item 1", into: &s)
        press(.enter, &s)
        #expect(s.list.viewport.cursor == 12)
        #expect(press(.character("u"), &s) == [.markRead(itemID: "t:12", isRead: true)])
        // Still shown (dimmed) and still a match n and N reach.
        #expect(s.list.viewport.hidden == someRead)
        #expect(status(s) == line(" marked read", "/item 1  1 of 7 matches (4 hidden)"))
        walk(.character("n"), &s, expecting: [13])
        walk(.character("N"), &s, expecting: [12])
        // H twice: now it is hidden with the others, and the cursor gives way to 13.
        press(.character("H"), &s)
        press(.character("H"), &s)
        #expect(s.list.viewport.hidden == [1, 10, 11, 12, 15])
        #expect(s.list.viewport.cursor == 13)
        #expect(status(s) == line(" read items hidden", "/item 1  1 of 6 matches (5 hidden)"))
        walk(.character("N"), &s, expecting: [19])
        #expect(s.filter.note == "search hit TOP, continuing at BOTTOM")
    }
}

/// `FilterState`'s moves over hidden rows against a plain walk of every row, for every cursor,
/// over seeded random matches and hidden sets.
@Suite struct FilterStateHiddenTests {
    /// A seeded generator (SplitMix64), so a failure replays.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: 0..<40) func movesAndCountsAgreeWithAWalkOfEveryRow(seed: Int) {
        var rng = Seeded(state: UInt64(seed))
        let count = Int.random(in: 0...24, using: &rng)
        let items = (0..<count).map { FeedItem(id: "\($0)", title: Bool.random(using: &rng) ? "match" : "other") }
        let hidden = (0..<count).filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
        var filter = FilterState()
        filter.setPattern("match", items: Snapshot(items))
        let shown = filter.matches.filter { !hidden.contains($0) }
        #expect(filter.shownMatchCount(skipping: hidden) == shown.count)
        for cursor in 0...count {
            let after = shown.first { $0 > cursor }.map { ($0, false) } ?? shown.first.map { ($0, true) }
            let before = shown.last { $0 < cursor }.map { ($0, false) } ?? shown.last.map { ($0, true) }
            let next = filter.next(after: cursor, skipping: hidden)
            let previous = filter.previous(before: cursor, skipping: hidden)
            #expect(next?.index == after?.0 && next?.wrapped == after?.1, "seed \(seed) cursor \(cursor)")
            #expect(previous?.index == before?.0 && previous?.wrapped == before?.1, "seed \(seed) cursor \(cursor)")
            #expect(filter.matchNumber(at: cursor, skipping: hidden) == shown.firstIndex(of: cursor).map { $0 + 1 })
        }
    }
}
