import FeedReplica
import FeedTestSupport
import Foundation
import Testing

/// The reader (`a`) on the real binary in tmux, against `feedscroll serve`: a third of its
/// Hacker News stories link to the replica's own article pages.
@Suite(.serialized) struct ReaderScreenTests {
    /// BROWSER=true: `o` "opens" without a browser, and says so on the status line.
    private func start(_ arguments: String, environment: [String: String] = [:]) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments)",
            environment: ["LC_ALL": "C.UTF-8", "BROWSER": "true"].merging(environment) { $1 })
    }

    private func fetchJSON(_ url: String) throws -> Any { try ServeProcess.fetchJSON(url) }

    /// The rank (0-based) and article path of the first top story that links to the replica.
    private func storyWithAnArticle(_ base: String, where wanted: (String) -> Bool = { _ in true }) throws -> (rank: Int, path: String) {
        let ids = try fetchJSON("\(base)/topstories.json") as? [Int] ?? []
        for (rank, id) in ids.prefix(25).enumerated() {
            let item = try fetchJSON("\(base)/item/\(id).json") as? [String: Any]
            if let url = item?["url"] as? String, let range = url.range(of: "/articles/"), wanted(String(url[range.upperBound...])) {
                return (rank, String(url[range.upperBound...]))
            }
        }
        throw CancellationError()
    }

    @Test func aReadsTheStorysPageWithNumberedLinksAndEscGoesBack() throws {
        let replica = try ServeProcess()
        defer { replica.stop() }
        let base = try #require(replica.baseURLs["hn"])
        let story = try storyWithAnArticle(base)
        let page = ReplicaArticles.page(story.path, seed: ReplicaConfiguration().seed, origin: "http://127.0.0.1:\(replica.port)")

        let tmux = try start("hn --base-url \(base) --no-cache")
        try tmux.waitFor({ $0[23].contains("hn top") && !$0[23].contains("⇣") }, timeout: 20, description: "the first page")
        for _ in 0..<story.rank { try tmux.sendKeys("j") }
        let list = try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "cursor on the story")
        try tmux.sendKeys("a")
        let reader = try tmux.waitFor({ $0[23].contains(" reader · ") }, timeout: 20, description: "the reader")
        #expect(reader[0].contains(String(page.title.prefix(40))))
        #expect(reader[1].contains(page.byline ?? "?"))
        let firstWords = String(page.paragraphs[0].prefix(30))
        #expect(reader.contains { $0.contains(firstWords) }, "the article's first paragraph")
        #expect(!reader.joined().contains("We use cookies"))
        // Text at the measure, centred: 80 columns leave a margin of 2.
        #expect(reader[2...20].allSatisfy { $0.count <= 80 && ($0.isEmpty || $0.hasPrefix("  ")) })

        // Scrolling to the end shows the numbers links carry; 1o opens the first.
        try tmux.sendKeys("G")
        try tmux.waitFor({ $0[23].contains("100%") }, description: "the end of the article")
        try tmux.sendKeys("1", "o")
        try tmux.waitFor({ $0[23].contains("opening http://127.0.0.1:\(replica.port)/articles/") }, description: "link 1 opened")

        try tmux.sendKeys("Escape")
        let back = try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "back on the list")
        #expect(back.firstIndex { $0.hasPrefix("▌ ") } == list.firstIndex { $0.hasPrefix("▌ ") })
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// An article read once is kept in the cache: with the replica gone, `--offline` opens it
    /// again, says how old the copy is, and the story stays marked read.
    @Test func anArticleReadOnceOpensAgainOfflineFromTheCache() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let replica = try ServeProcess()
        let base = try #require(replica.baseURLs["hn"])
        let story = try storyWithAnArticle(base)
        let page = ReplicaArticles.page(story.path, seed: ReplicaConfiguration().seed, origin: "http://127.0.0.1:\(replica.port)")
        let firstWords = String(page.paragraphs[0].prefix(30))

        let online = try start("hn --base-url \(base)", environment: ["XDG_CACHE_HOME": home])
        try online.waitFor({ $0[23].contains("hn top") && $0[23].contains(" 1/") && !$0[23].contains("⇣") }, timeout: 20, description: "the first page")
        for _ in 0..<story.rank { try online.sendKeys("j") }
        try online.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "cursor on the story")
        try online.sendKeys("a")
        let fresh = try online.waitFor({ $0[23].contains(" reader · ") }, timeout: 20, description: "the reader, online")
        #expect(fresh.contains { $0.contains(firstWords) })
        #expect(!fresh[23].contains("copy kept"), "a fresh article is not a kept copy")
        try online.sendKeys("Escape")
        try online.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "back on the list")
        try online.sendKeys("q")
        #expect(try online.waitForExit() == .exited(0))
        replica.stop()

        let offline = try start("hn --base-url \(base) --offline", environment: ["XDG_CACHE_HOME": home])
        try offline.waitFor({ $0[23].contains(" 1/") && !$0[0].isEmpty }, timeout: 20, description: "the cached list")
        for _ in 0..<story.rank { try offline.sendKeys("j") }
        try offline.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "cursor on the story, offline")
        try offline.sendKeys("a")
        let kept = try offline.waitFor({ $0[23].contains(" reader · ") }, timeout: 20, description: "the reader, offline")
        #expect(kept[0].contains(String(page.title.prefix(40))))
        #expect(kept.contains { $0.contains(firstWords) }, "the article's first paragraph, from the cache")
        #expect(kept[23].contains("copy kept"), "\(kept[23])")
        try offline.sendKeys("q")
        try offline.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "back on the list, offline")
        try offline.sendKeys("q")
        #expect(try offline.waitForExit() == .exited(0))
    }

    /// `--images on`: a news article's figure is drawn inside the text, above its alt line and
    /// caption, once; scrolled away, the text takes its rows.
    @Test func aFiguresPictureIsDrawnInsideTheArticle() throws {
        let replica = try ServeProcess()
        defer { replica.stop() }
        let base = try #require(replica.baseURLs["hn"])
        let seed = ReplicaConfiguration().seed
        let story = try storyWithAnArticle(base) { ReplicaArticles.page($0, seed: seed, origin: "").template == .news }
        let ids = try fetchJSON("\(base)/topstories.json") as? [Int] ?? []
        let fullTitle = try #require(try fetchJSON("\(base)/item/\(ids[story.rank]).json") as? [String: Any])["title"] as? String ?? ""
        // Up to the first character the API may send as an entity.
        let title = String(fullTitle.prefix { !"&<>\"'".contains($0) })
        // Colour on whatever the test's own environment says (pictures need it).
        let tmux = try start("hn --base-url \(base) --no-cache --images on", environment: ["NO_COLOR": "", "COLORTERM": ""])
        try tmux.waitFor({ $0[23].contains("hn top") && $0[23].contains(" 1/") && !$0[23].contains("⇣") }, timeout: 20, description: "the first page")
        // The story by its title (the list leaves out dead items, so its rank can differ).
        try tmux.sendKeys("/")
        try tmux.sendLiteral(String(title.prefix(30)))
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0.contains { $0.hasPrefix("▌ ") && $0.contains(String(title.prefix(30))) } }, description: "cursor on the story")
        try tmux.sendKeys("a")
        try tmux.waitFor({ $0[23].contains(" reader · ") }, timeout: 20, description: "the reader")
        // The figure follows the lead paragraph: page down until its alt line shows.
        var screen = try tmux.capture()
        for _ in 0..<6 where !screen.contains(where: { $0.contains("[picture: A machine room]") }) {
            try tmux.sendKeys("d")
            screen = try tmux.waitFor({ _ in true }, description: "a frame")
        }
        let drawn = try tmux.waitFor(
            { s in s.contains { $0.contains("[picture: A machine room]") } && s[2..<23].contains { $0.contains("▀") } },
            timeout: 20, description: "the picture drawn above its alt line")
        let alt = try #require(drawn.firstIndex { $0.contains("[picture: A machine room]") })
        let pictureRows = drawn.indices.filter { drawn[$0].contains("▀") }
        #expect(pictureRows.allSatisfy { $0 < alt }, "the picture is above its alt line: rows \(pictureRows), alt \(alt)")
        #expect((try replica.routeStats()["sprites/covers/{name}"] ?? 0) == 1, "fetched once")
        try tmux.sendKeys("G")
        let end = try tmux.waitFor({ $0[23].contains("100%") }, description: "the end of the article")
        #expect(!end[2..<23].contains { $0.contains("▀") })
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func escWhileThePageLoadsClosesItsRequestOnTheWire() throws {
        let replica = try ServeProcess("--latency-ms 1500")
        defer { replica.stop() }
        let base = try #require(replica.baseURLs["hn"])
        let story = try storyWithAnArticle(base)
        let tmux = try start("hn --base-url \(base) --no-cache")
        try tmux.waitFor({ $0[23].contains("hn top") && !$0[23].contains("⇣") }, timeout: 30, description: "the first page")
        for _ in 0..<story.rank { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "cursor on the story")
        try tmux.sendKeys("a")
        try tmux.waitForText("Loading the article")
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "back on the list")
        let deadline = Date().addingTimeInterval(10)
        var cancelled = 0
        while cancelled == 0 && Date() < deadline {
            cancelled = try replica.cancelledRoutes()["articles/{page}"] ?? 0
            if cancelled == 0 { usleep(50_000) }  // polling the replica's count, not waiting for a time
        }
        #expect(cancelled == 1, "the article request was closed by the client")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// `feedscroll read URL` on a terminal is the reader, as `a` opens it: the article drawn
    /// with its links numbered, `/` finds in it, and `q` ends the run with the terminal given
    /// back; a page that is not an article says so in the reader, and Esc quits.
    @Test func readURLOnATerminalOpensTheReaderAndQLeavesIt() throws {
        let replica = try ServeProcess()
        defer { replica.stop() }
        let origin = "http://127.0.0.1:\(replica.port)"
        let page = ReplicaArticles.page("3", seed: ReplicaConfiguration().seed, origin: origin)
        // A word of the last paragraph, so the search has to move the text.
        let word = try #require(page.paragraphs.last?.split(separator: " ").map(String.init).first { $0.count >= 6 && $0.allSatisfy(\.isLetter) })

        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let tmux = try start("read \(origin)/articles/3 --timeout 5", environment: ["XDG_CACHE_HOME": home])
        let reader = try tmux.waitFor({ $0[23].contains(" reader · ") }, timeout: 20, description: "the reader")
        #expect(reader[0].contains(String(page.title.prefix(40))))
        #expect(reader.contains { $0.contains(String(page.paragraphs[0].prefix(30))) }, "the article's first paragraph")
        #expect(try tmux.alternateScreenOn(), "drawn by curses, not printed")
        try tmux.sendKeys("/")
        try tmux.sendLiteral(word)
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ screen in screen.dropLast().contains { $0.contains(word) } && screen[23].contains(" reader · ") }, description: "the match shown")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))

        // A page with bytes its charset does not have: read whole, and libxml2's complaints,
        // which went to stderr, are not written over the screen.
        let broken = ReplicaArticles.page("euc-jp-broken", seed: ReplicaConfiguration().seed, origin: origin)
        let brokenReader = try start("read \(origin)/articles/euc-jp-broken --no-cache --timeout 5")
        let shown = try brokenReader.waitFor({ $0[23].contains(" reader · ") }, timeout: 20, description: "the EUC-JP page")
        #expect(shown.contains { $0.contains(String(broken.paragraphs[0].prefix(10))) })
        #expect(!shown.contains { $0.contains("error") }, "\(shown.joined(separator: "\n"))")
        try brokenReader.sendKeys("q")
        #expect(try brokenReader.waitForExit() == .exited(0))

        let notArticle = try start("read \(origin)/articles/paper.pdf --no-cache --timeout 5")
        try notArticle.waitForText("not an article: the page is application/pdf", timeout: 20)
        try notArticle.sendKeys("Escape")
        #expect(try notArticle.waitForExit() == .exited(0))
    }
}
