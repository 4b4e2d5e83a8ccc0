import FeedModel
import FeedPaging
import FeedUI
import Testing

/// The reader (`a`): what it asks the runtime for, what it shows, and how it goes away.
@Suite struct ReaderTests {
    private func state(_ items: [FeedItem], size: Size = Size(columns: 100, rows: 12)) -> AppState {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
        let effects = state.reduce(.start(at: 0))
        guard case let .fetch(request) = effects.first else { return state }
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: .page(0), items: items, next: nil)), latency: 0), at: 0))
        return state
    }

    private let item = FeedItem(id: "1", title: "A story", url: "https://example.org/story")

    private func article(paragraphs: Int = 30) -> ArticleText {
        ArticleText(
            url: "https://example.org/story", title: "The story itself", about: "Ada Byron · Example",
            blocks: (1...paragraphs).map { TextBlock(.paragraph, lines: ["Paragraph \($0) with a link[\($0 % 2 + 1)] in it."]) },
            links: ["https://example.org/one", "https://example.org/two"])
    }

    private func key(_ c: Character) -> AppAction { .key(.character(c), at: 1) }

    @Test func aAsksForTheItemsPageAndShowsItWhenItComes() {
        var s = state([item])
        let effects = s.reduce(key("a"))
        #expect(effects.contains(.fetchArticle(url: "https://example.org/story", serial: 1)))
        #expect(s.reader?.isLoading == true)
        #expect(render(s, size: s.size).lines.contains { $0.contains("Loading the article") })
        _ = s.reduce(.articleFetched(serial: 1, .article(article())))
        let lines = render(s, size: s.size).lines
        #expect(lines[0].contains("The story itself"))
        #expect(lines[1].contains("Ada Byron · Example"))
        #expect(lines.contains { $0.contains("Paragraph 1 with a link[2] in it.") })
        #expect(lines.last?.contains("reader") == true)
    }

    @Test func theTextKeepsAReadableMeasureCentred() throws {
        var s = state([item], size: Size(columns: 160, rows: 20))
        _ = s.reduce(key("a"))
        var long = article(paragraphs: 1)
        long.blocks = [TextBlock(.paragraph, lines: [Array(repeating: "word", count: 100).joined(separator: " ")])]
        _ = s.reduce(.articleFetched(serial: 1, .article(long)))
        let lines = render(s, size: s.size).lines.dropFirst(2).prefix(5).filter { $0.contains("word") }
        #expect(lines.count >= 3)
        for line in lines {
            let leading = line.prefix { $0 == " " }.count
            let text = line.trimmingCharacters(in: .whitespaces)
            #expect(leading == 42)
            #expect(text.count <= ReaderState.measure)
        }
    }

    @Test func digitsThenOOpensThatLinkAndOAloneThePage() {
        var s = state([item])
        _ = s.reduce(key("a"))
        _ = s.reduce(.articleFetched(serial: 1, .article(article())))
        _ = s.reduce(key("2"))
        #expect(s.reduce(key("o")) == [.openURL("https://example.org/two")])
        #expect(s.reduce(key("o")) == [.openURL("https://example.org/story")])
        _ = s.reduce(key("9"))
        #expect(s.reduce(key("o")) == [])
        #expect(s.notice == "no link 9 in this article")
    }

    @Test func escWhileLoadingCancelsTheRequestAndAnswersForItAreDropped() {
        var s = state([item])
        _ = s.reduce(key("a"))
        #expect(s.reduce(.key(.escape, at: 2)) == [.cancelArticle(serial: 1)])
        #expect(s.reader == nil)
        _ = s.reduce(.articleFetched(serial: 1, .article(article())))
        #expect(s.reader == nil, "a late answer opens nothing")
    }

    @Test func thePositionIsKeptWhenYouComeBack() {
        var s = state([item])
        _ = s.reduce(key("a"))
        _ = s.reduce(.articleFetched(serial: 1, .article(article())))
        _ = s.reduce(.key(.pageDown, at: 2))
        let top = s.reader?.top ?? 0
        #expect(top > 0)
        #expect(s.reduce(key("q")) == [], "q leaves the reader, not the program")
        #expect(s.reader == nil && !s.isQuitting)
        _ = s.reduce(key("a"))
        _ = s.reduce(.articleFetched(serial: 2, .article(article())))
        #expect(s.reader?.top == top)
    }

    @Test func aPageThatIsNotAnArticleSaysSoAndRRetries() {
        var s = state([item])
        _ = s.reduce(key("a"))
        _ = s.reduce(.articleFetched(serial: 1, .failed("not an article: the page is application/pdf")))
        #expect(render(s, size: s.size).lines.contains { $0.contains("✗ not an article: the page is application/pdf") })
        #expect(s.reduce(key("r")) == [.fetchArticle(url: "https://example.org/story", serial: 1)])
        #expect(s.reduce(key("o")) == [.openURL("https://example.org/story")], "o still opens the page")
    }

    @Test func anItemWithoutALinkOrWithAHiddenOneOpensNothing() {
        var s = state([FeedItem(id: "2", title: "Ask: something")])
        #expect(s.reduce(key("a")) == [])
        #expect(s.notice == "this item has no page to read")
        var t = state([FeedItem(id: "3", title: "x", url: "https://example.org/\u{1B}[2J").sanitized()])
        #expect(t.reduce(key("a")) == [])
        #expect(t.reader == nil)
    }
}

extension ReaderTests {
    @Test func slashSearchesTheArticleAndNWalksTheMatches() {
        var s = state([item])
        _ = s.reduce(key("a"))
        _ = s.reduce(.articleFetched(serial: 1, .article(article())))
        _ = s.reduce(key("/"))
        for c in "Paragraph 2" { _ = s.reduce(key(c)) }
        #expect(s.reader?.isSearching == true)
        let first = s.reader?.top ?? -1
        #expect(s.reader?.lines[first].text.contains("Paragraph 2 ") == true)
        #expect(render(s, size: s.size).lines.last?.contains("/Paragraph 2") == true)
        _ = s.reduce(.key(.enter, at: 2))
        #expect(s.reader?.isSearching == false)
        _ = s.reduce(key("n"))
        let second = s.reader?.top ?? -1
        #expect(second > first)
        #expect(s.reader?.lines[second].text.contains("Paragraph 2") == true, "Paragraph 20…29 match too")
        _ = s.reduce(key("N"))
        #expect(s.reader?.top == first)
        // Esc while typing goes back to where the search began.
        _ = s.reduce(key("/"))
        for c in "zzz" { _ = s.reduce(key(c)) }
        _ = s.reduce(.key(.escape, at: 3))
        #expect(s.reader?.top == first && s.reader?.search == nil && s.reader != nil)
    }
}

/// Articles kept in the cache: read once, they open again offline or when the page fails.
extension ReaderTests {
    /// A list whose first page came from the cache (`--offline` or not).
    private func cachedState(offline: Bool) -> AppState {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: Size(columns: 100, rows: 12),
            cache: CacheState(isEnabled: true, isOfflineOnly: offline))
        let effects = state.reduce(.start(at: 0))
        guard case let .readCache(read) = effects.first else {
            Issue.record("the first page is asked of the cache: \(effects)")
            return state
        }
        _ = state.reduce(.cacheRead(read, CachedCopy(page: Page(key: .page(0), items: [item], next: nil), fetchedAt: 0), at: 0))
        return state
    }

    @Test func anArticleReadWithACacheIsKeptAndWithoutOneIsNot() {
        var s = cachedState(offline: false)
        #expect(s.reduce(key("a")).contains(.fetchArticle(url: "https://example.org/story", serial: 1)))
        #expect(s.reduce(.articleFetched(serial: 1, .article(article()))) == [.keepArticle(article(), url: "https://example.org/story")])
        #expect(s.reader?.keptAt == nil)

        var plain = state([item])
        _ = plain.reduce(key("a"))
        #expect(plain.reduce(.articleFetched(serial: 1, .article(article()))) == [])
    }

    @Test func aPageThatFailsShowsTheCopyKeptAndSaysWhy() {
        var s = cachedState(offline: false)
        _ = s.reduce(key("a"))
        #expect(s.reduce(.articleFetched(serial: 1, .failed("HTTP 503"))) == [.readArticle(url: "https://example.org/story", serial: 1, failure: "HTTP 503")])
        #expect(s.reader?.isLoading == true, "still loading while the cache is read")
        _ = s.reduce(.articleRead(serial: 1, KeptArticle(article: article(), fetchedAt: 1 - 7_200), failure: "HTTP 503"))
        #expect(s.reader?.keptAt == -7_199.0)
        let lines = render(s, size: s.size).lines
        #expect(lines[0].contains("The story itself"))
        #expect(lines.last?.contains("copy kept 2 h ago") == true, "\(lines.last ?? "")")
        #expect(s.notice == "HTTP 503")

        // Nothing kept: the failure itself.
        _ = s.reduce(.key(.escape, at: 2))
        _ = s.reduce(key("a"))
        _ = s.reduce(.articleFetched(serial: 2, .failed("HTTP 503")))
        _ = s.reduce(.articleRead(serial: 2, nil, failure: "HTTP 503"))
        #expect(render(s, size: s.size).lines.contains { $0.contains("✗ HTTP 503") })
    }

    @Test func offlineTheCacheIsAskedInsteadOfTheNetwork() {
        var s = cachedState(offline: true)
        let effects = s.reduce(key("a"))
        #expect(effects.contains(.readArticle(url: "https://example.org/story", serial: 1, failure: nil)))
        #expect(!effects.contains { if case .fetchArticle = $0 { true } else { false } })
        _ = s.reduce(.articleRead(serial: 1, nil, failure: nil))
        #expect(render(s, size: s.size).lines.contains { $0.contains("✗ offline: this page was not read here before") })
        #expect(s.reduce(key("r")) == [.readArticle(url: "https://example.org/story", serial: 1, failure: nil)], "r asks the cache again")
        _ = s.reduce(.articleRead(serial: 1, KeptArticle(article: article(), fetchedAt: 0), failure: nil))
        #expect(render(s, size: s.size).lines.contains { $0.contains("Paragraph 1 with a link[2] in it.") })
        #expect(s.reduce(.articleRead(serial: 1, nil, failure: nil)) == [] && s.reader?.isLoading == false, "a second answer changes nothing")
    }

    /// A kept copy's links are checked again: one that is not a web address opens nothing.
    @Test func aKeptLinkThatIsNotAWebAddressOpensNothing() {
        var s = cachedState(offline: true)
        _ = s.reduce(key("a"))
        var kept = article()
        kept.links = ["javascript:alert(1)", "https://example.org/two"]
        _ = s.reduce(.articleRead(serial: 1, KeptArticle(article: kept, fetchedAt: 0), failure: nil))
        _ = s.reduce(key("1"))
        #expect(s.reduce(key("o")) == [])
        #expect(s.notice == "link 1 was not a web address")
        _ = s.reduce(key("2"))
        #expect(s.reduce(key("o")) == [.openURL("https://example.org/two")])
    }
}

/// `feedscroll read URL` on a terminal: the page is the run.
extension ReaderTests {
    @Test func aPageNamedOnTheCommandLineOpensAtOnceAndLeavingItQuits() {
        var s = AppState(sourceName: "read", paging: PagingState(firstKey: .page(0), pageSize: 1), size: Size(columns: 100, rows: 12))
        _ = s.reduce(.start(at: 0))
        let effects = s.reduce(.readPage(item))
        #expect(effects.contains(.fetchArticle(url: "https://example.org/story", serial: 1)))
        #expect(s.reader?.isLoading == true, "before the list's one page is in")
        _ = s.reduce(.articleFetched(serial: 1, .article(article())))
        #expect(render(s, size: s.size).lines.last?.contains("Esc quit") == true, "the status line says Esc leaves the program")
        _ = s.reduce(key("/"))
        for c in "Paragraph 3" { _ = s.reduce(key(c)) }
        _ = s.reduce(.key(.escape, at: 2))
        #expect(s.reader != nil && !s.isQuitting, "Esc ends the search, not the run")
        #expect(s.reduce(key("q")) == [.quit])
        #expect(s.isQuitting)
    }

    @Test func leavingAPageNamedOnTheCommandLineWhileItLoadsCancelsItAndQuits() {
        var s = AppState(sourceName: "read", paging: PagingState(firstKey: .page(0), pageSize: 1), size: Size(columns: 100, rows: 12))
        _ = s.reduce(.readPage(item))
        #expect(s.reduce(.key(.escape, at: 2)) == [.cancelArticle(serial: 1), .quit])
        #expect(s.isQuitting)
    }

    @Test func aPageNamedOnTheCommandLineThatIsNoArticleSaysSoAndOStillOpensIt() {
        var s = AppState(sourceName: "read", paging: PagingState(firstKey: .page(0), pageSize: 1), size: Size(columns: 100, rows: 12))
        _ = s.reduce(.readPage(item))
        _ = s.reduce(.articleFetched(serial: 1, .failed("not an article: the page needs JavaScript to show its text")))
        #expect(render(s, size: s.size).lines.contains { $0.contains("✗ not an article: the page needs JavaScript") })
        #expect(s.reduce(key("o")) == [.openURL("https://example.org/story")])
        #expect(!s.isQuitting)
    }
}
