import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

/// The `/` search through `reduce` and `render`: the whole state after each key, the effects,
/// and the screen as lines.
@Suite struct SearchTests {
    let now = 1_800_000_000.0

    /// `items` loaded as page 0 of a feed with more pages (or none, with `next: nil`).
    func loaded(_ items: [FeedItem], size: Size = Size(columns: 40, rows: 12), next: PageKey? = .page(1)) -> (AppState, [PageRequest]) {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: items.count), size: size)
        guard case let .fetch(request) = state.reduce(.start(at: now)).first else { return (state, []) }
        let effects = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: next)), latency: 0.1), at: now))
        return (state, effects.compactMap { if case let .fetch(r) = $0 { r } else { nil } })
    }

    @discardableResult
    func type(_ text: String, into state: inout AppState) -> [AppEffect] {
        text.flatMap { state.reduce(.key(.character($0), at: now)) }
    }

    func press(_ key: Key, _ state: inout AppState) -> [AppEffect] {
        state.reduce(.key(key, at: now))
    }

    func status(_ state: AppState) -> String { render(state, size: state.size).trimmedLines.last ?? "" }

    @Test func slashOpensThePromptAndTypingJumpsToTheFirstMatch() {
        var (s, _) = loaded(makeItems(0..<20), next: nil)
        _ = press(.character("j"), &s)
        _ = press(.character("/"), &s)
        #expect(s.filter.isEditing)
        #expect(status(s) == " /▏            Enter keeps · Esc clears")
        type("item 1", into: &s)
        // Item 1 and Item 10 … Item 19; the search starts at the cursor (row 1, Item 1).
        #expect(s.filter.matches == [1] + Array(10..<20))
        #expect(s.list.viewport.cursor == 1)
        // Too narrow for the hint: the count wins.
        #expect(status(s) == " /item 1▏  1 of 11 matches")
        type("5", into: &s)
        #expect(s.filter.matches == [15])
        #expect(s.list.viewport.cursor == 15)
    }

    @Test func keysTypedIntoThePromptAreNotCommands() {
        var (s, _) = loaded(makeItems(0..<20), next: nil)
        _ = press(.character("/"), &s)
        let effects = type("qGj?", into: &s)
        #expect(effects.isEmpty)
        #expect(!s.isQuitting && !s.isHelpShown)
        #expect(s.filter.pattern.text == "qGj?")
        #expect(s.list.viewport.cursor == 0)
        #expect(status(s) == " /qGj?▏  no matches in 20")
    }

    @Test func enterKeepsTheSearchAndNMovesBetweenMatchesWithWrapNotes() {
        var (s, _) = loaded(makeItems(0..<20), next: nil)
        _ = press(.character("/"), &s)
        type("item 1", into: &s)
        _ = press(.enter, &s)
        #expect(!s.filter.isEditing && s.filter.isActive)
        #expect(s.list.viewport.cursor == 1)
        #expect(status(s) == " /item 1  1 of 11 matches          2/20")
        _ = press(.character("n"), &s)
        #expect(s.list.viewport.cursor == 10)
        #expect(status(s) == " /item 1  2 of 11 matches         11/20")
        for _ in 0..<9 { _ = press(.character("n"), &s) }
        #expect(s.list.viewport.cursor == 19)
        #expect(s.filter.note == nil)
        _ = press(.character("n"), &s)
        #expect(s.list.viewport.cursor == 1)
        #expect(s.filter.note == "search hit BOTTOM, continuing at TOP")
        #expect(status(s) == " search hit BOTTOM, continuing at TOP")
        _ = press(.character("N"), &s)
        #expect(s.list.viewport.cursor == 19)
        #expect(s.filter.note == "search hit TOP, continuing at BOTTOM")
        _ = press(.character("N"), &s)
        #expect(s.list.viewport.cursor == 18)
        #expect(s.filter.note == nil)
        // Off a match, the count is the total and n goes to the next one below.
        _ = press(.character("g"), &s)
        #expect(status(s) == " /item 1  11 matches               1/20")
        _ = press(.character("n"), &s)
        #expect(s.list.viewport.cursor == 1)
    }

    @Test func escapeWhileTypingGoesBackAndClears() {
        var (s, _) = loaded(makeItems(0..<20), next: nil)
        for _ in 0..<3 { _ = press(.character("j"), &s) }
        _ = press(.character("/"), &s)
        type("item 15", into: &s)
        #expect(s.list.viewport.cursor == 15)
        _ = press(.escape, &s)
        #expect(s.filter == FilterState())
        #expect(s.list.viewport.cursor == 3)
        #expect(status(s) == " t · 4/20 · 1 page · 100 ms      ? help")
    }

    @Test func escapeAfterEnterClearsTheHighlightAndKeepsThePlace() {
        var (s, _) = loaded(makeItems(0..<20), next: nil)
        _ = press(.character("/"), &s)
        type("item 7", into: &s)
        _ = press(.enter, &s)
        _ = press(.escape, &s)
        #expect(s.filter == FilterState())
        #expect(s.list.viewport.cursor == 7)
    }

    @Test func backspaceEditsAndOnAnEmptyPromptCancels() {
        var (s, _) = loaded(makeItems(0..<20), next: nil)
        _ = press(.character("/"), &s)
        type("item 15", into: &s)
        _ = press(.backspace, &s)
        #expect(s.filter.pattern.text == "item 1")
        #expect(s.filter.matches.count == 11)
        #expect(s.list.viewport.cursor == 1)
        for _ in 0..<6 { _ = press(.backspace, &s) }
        #expect(s.filter.isEditing && s.filter.pattern.text.isEmpty)
        _ = press(.backspace, &s)
        #expect(!s.filter.isEditing)
        #expect(s.filter == FilterState())
    }

    @Test func enterOnNothingFoundSaysSo() {
        var (s, _) = loaded(makeItems(0..<20), next: nil)
        _ = press(.character("/"), &s)
        type("zebra", into: &s)
        _ = press(.enter, &s)
        #expect(s.filter.note == "not found in 20 loaded: zebra")
        _ = press(.character("n"), &s)
        #expect(s.filter.note == "not found in 20 loaded: zebra")
        #expect(s.list.viewport.cursor == 0)
    }

    @Test func nWithoutASearchSaysHowToStartOne() {
        var (s, _) = loaded(makeItems(0..<5), next: nil)
        _ = press(.character("n"), &s)
        #expect(s.filter.note == "no search: press / to search")
        _ = press(.character("j"), &s)
        #expect(s.filter.note == nil)
    }

    @Test func smartCase() {
        let items = [
            FeedItem(id: "1", title: "Rust in production"),
            FeedItem(id: "2", title: "rusty nails", author: "RUST fan"),
            FeedItem(id: "3", title: "Swift", url: "https://trust.example/a"),
            FeedItem(id: "4", title: "Go"),
        ]
        var (s, _) = loaded(items, next: nil)
        _ = press(.character("/"), &s)
        type("rust", into: &s)
        #expect(s.filter.matches == [0, 1, 2])  // title, title and author, URL host
        _ = press(.backspace, &s)
        _ = press(.backspace, &s)
        _ = press(.backspace, &s)
        _ = press(.backspace, &s)
        type("Rust", into: &s)
        #expect(s.filter.matches == [0])
        _ = press(.control("u"), &s)
        type("RUST", into: &s)
        #expect(s.filter.matches == [1])
    }

    @Test func nonASCIIPatternsFoldCase() {
        let items = [FeedItem(id: "1", title: "Ärger über Öl"), FeedItem(id: "2", title: "Café"), FeedItem(id: "3", title: "CAFÉ")]
        var (s, _) = loaded(items, next: nil)
        _ = press(.character("/"), &s)
        type("ö", into: &s)
        #expect(s.filter.matches == [0])
        _ = press(.control("u"), &s)
        type("café", into: &s)
        #expect(s.filter.matches == [1, 2])
    }

    @Test func pagesThatArriveAreSearchedAndPrefetchFollowsTheCursor() throws {
        var (s, requests) = loaded(makeItems(0..<20), size: Size(columns: 40, rows: 12))
        // 12 rows hold 5 items; a 20-item page is not more than screen + page ahead: page 1 is asked for.
        let page1 = try #require(requests.first)
        #expect(page1.index == 1)
        _ = press(.character("/"), &s)
        type("item 2", into: &s)
        _ = press(.enter, &s)
        #expect(s.filter.matches == [2])
        _ = s.reduce(.fetched(.loaded(page1, .success(makePage(1)), latency: 0.1), at: now))
        #expect(s.filter.matches == [2] + Array(20..<30))
        #expect(s.list.viewport.count == 40)
        // n walks into the new rows, and the pager follows the cursor there.
        let effects = press(.character("n"), &s)
        #expect(s.list.viewport.cursor == 20)
        #expect(status(s) == " /item 2  2 of 11 matches         21/40")
        let page2 = try #require(effects.compactMap { if case let .fetch(r) = $0 { r } else { nil } }.first)
        #expect(page2.index == 2)
        _ = s.reduce(.fetched(.loaded(page2, .success(makePage(2)), latency: 0.1), at: now))
        #expect(s.filter.matches == [2] + Array(20..<30))
        #expect(s.list.viewport.count == 60)
    }

    @Test func refreshSearchesTheNewRowsAgain() throws {
        var (s, requests) = loaded(makeItems(0..<20), next: nil)
        #expect(requests.isEmpty)
        _ = press(.character("/"), &s)
        type("item 3", into: &s)
        _ = press(.enter, &s)
        #expect(s.filter.matches == [3])
        let refresh = try #require(press(.character("R"), &s).compactMap { if case let .fetch(r) = $0 { r } else { nil } }.first)
        let renamed = (0..<20).map { FeedItem(id: "t:\($0)", title: $0 == 9 ? "Item 3 again" : "Item \($0)") }
        _ = s.reduce(.fetched(.loaded(refresh, .success(Page(key: .page(0), items: renamed, next: nil)), latency: 0.1), at: now))
        #expect(s.filter.matches == [3, 9])
    }

    @Test func matchesAreHighlightedInTitlesAndAuthorsOnly() {
        let items = [
            FeedItem(id: "1", title: "Points of rust", author: "rusty", score: 3),
            FeedItem(id: "2", title: "Nothing here", author: "ada", score: 5),
        ]
        var (s, _) = loaded(items, size: Size(columns: 30, rows: 6), next: nil)
        _ = press(.character("j"), &s)
        _ = press(.character("/"), &s)
        type("po", into: &s)
        _ = press(.enter, &s)
        var grid = render(s, size: s.size)
        #expect(grid.trimmedLines == [
            "▌ Points of rust",
            "  rusty · 3 points",
            "  Nothing here",
            "  ada · 5 points",
            "  — end of feed · 2 items —",
            " /po  1 of 1 match        1/2",
        ])
        #expect(highlighted(grid, row: 0) == [2, 3])
        #expect(highlighted(grid, row: 1).isEmpty)  // "points" is not searched
        _ = press(.escape, &s)
        _ = press(.character("/"), &s)
        type("rust", into: &s)
        grid = render(s, size: s.size)
        #expect(highlighted(grid, row: 0) == [12, 13, 14, 15])
        #expect(highlighted(grid, row: 1) == [2, 3, 4, 5])
        #expect(highlighted(grid, row: 2).isEmpty)
    }

    @Test func highlightsLandOnWideCharacters() {
        let items = [FeedItem(id: "1", title: "한국어 뉴스 news")]
        var (s, _) = loaded(items, size: Size(columns: 30, rows: 6), next: nil)
        _ = press(.character("/"), &s)
        type("뉴스", into: &s)
        let grid = render(s, size: s.size)
        #expect(highlighted(grid, row: 0) == [9, 10, 11, 12])
        #expect(grid.line(0).hasPrefix("▌ 한국어 뉴스 news"))
    }

    @Test func keyTableListsTheSearchKeys() {
        let intents = KeyMap.standard.bindings.map(\.intent)
        for intent in [Intent.search, .nextMatch, .previousMatch, .clearSearch] { #expect(intents.contains(intent)) }
        #expect(KeyMap.standard.intent(for: .character("/"), in: .list) == .search)
        #expect(KeyMap.standard.intent(for: .character("n"), in: .list) == .nextMatch)
        #expect(KeyMap.standard.intent(for: .character("N"), in: .list) == .previousMatch)
        // Esc clears the search in the list and goes back from a detail: one intent per context.
        #expect(KeyMap.standard.intent(for: .escape, in: .list) == .clearSearch)
        #expect(KeyMap.standard.intent(for: .escape, in: .detail) == .back)
        #expect(KeyMap.standard.keys(for: .clearSearch).first?.label == "Esc")
    }

    /// Columns of a row drawn in the highlight style.
    func highlighted(_ grid: Grid, row: Int) -> [Int] {
        (0..<grid.size.columns).filter { grid[row, $0].style == .highlight }
    }
}

@Suite struct SearchPatternTests {
    @Test(arguments: [
        ("rust", "Trust Rust RUST", [1..<5, 6..<10, 11..<15]),
        ("Rust", "Trust Rust RUST", [6..<10]),
        ("aa", "aaaaa", [0..<2, 2..<4]),
        ("é", "Éé e", [0..<2, 2..<4]),
        ("x", "", []),
        ("", "abc", []),
    ] as [(String, String, [Range<Int>])])
    func rangesAreUTF8Offsets(_ pattern: String, _ text: String, _ expected: [Range<Int>]) {
        #expect(SearchPattern(pattern).ranges(in: text) == expected)
    }

    @Test func matchesNeedsTheWholePattern() {
        #expect(SearchPattern("abc").matches("xxabcxx"))
        #expect(!SearchPattern("abc").matches("ab"))
        #expect(!SearchPattern("abc").matches("a b c"))
    }
}
