import FeedTestSupport
import Foundation
import Testing

/// What the conversations of the other sources ask the wire for, counted by the replica's
/// `/_stats` (issue 21): Reddit's "load more comments" only when the reader reaches it, each
/// page once; Esc while a thread loads closes its request and starts none after; and a GitHub
/// repository with pictures on opens on its README, its owner's avatar small beside the title.
@Suite(.serialized) struct ConversationWireTests {
    func start(_ arguments: String, pictures: Bool = false) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        // Pictures need colours: a runner's NO_COLOR or COLORTERM would turn them off.
        let colours = pictures ? ["COLORTERM": "", "NO_COLOR": ""] : [:]
        return try TmuxSession(command: "exec \(FeedscrollBinary.path) \(arguments)", environment: ["LC_ALL": "C.UTF-8"].merging(colours) { $1 })
    }

    func pipe(_ arguments: [String]) throws -> ChildProcess.Result {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try ChildProcess.run([FeedscrollBinary.path] + arguments, environment: ProcessInfo.processInfo.environment, timeout: 120)
    }

    /// The replica's comment tree of a post, as the API sends it.
    func tree(_ base: String, post: String) throws -> [Any] {
        let result = try ChildProcess.run(
            ["curl", "-s", "--max-time", "10", "\(base)/comments/\(post).json?raw_json=1"], environment: ProcessInfo.processInfo.environment)
        return try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [Any])
    }

    /// The `more` stubs of a tree: "load more comments" ones (with ids) and "continue this thread" ones.
    func stubs(_ tree: [Any]) -> (loadMore: Int, continueThread: Int) {
        var counts = (loadMore: 0, continueThread: 0)
        func walk(_ things: [Any]) {
            for case let thing as [String: Any] in things {
                let data = thing["data"] as? [String: Any] ?? [:]
                if thing["kind"] as? String == "more" {
                    if (data["children"] as? [Any])?.isEmpty == false { counts.loadMore += 1 } else { counts.continueThread += 1 }
                } else if let replies = data["replies"] as? [String: Any], let inner = replies["data"] as? [String: Any] {
                    walk(inner["children"] as? [Any] ?? [])
                }
            }
        }
        if tree.count == 2, let listing = tree[1] as? [String: Any], let data = listing["data"] as? [String: Any] {
            walk(data["children"] as? [Any] ?? [])
        }
        return counts
    }

    /// A listed post whose tree has a "load more comments" stub and no "continue this thread" one.
    func postWithALoadMoreStub(_ base: String) throws -> String {
        let listed = try pipe(["reddit", "swift", "--base-url", base, "--plain", "--limit", "20"])
        let posts = listed.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }.dropFirst("reddit:t3_".count)) }
        return try #require(try posts.first { post in
            let counts = stubs(try tree(base, post: post))
            return counts.loadMore >= 1 && counts.continueThread == 0
        }, "a post with a load-more stub among \(posts)")
    }

    @Test func redditsLoadMoreIsFetchedOnlyWhenReachedAndEachPageOnce() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["reddit"])
        let post = try postWithALoadMoreStub(base)
        let before = try replica.routeStats()
        let tmux = try start("reddit swift --base-url \(base) --images off --no-cache --thread \(post)")
        try tmux.waitFor({ $0.contains { $0.contains("▾ ") } && !$0[23].contains("⇣") }, timeout: 20, description: "the first comments")
        var stats = try replica.routeStats()
        #expect((stats["reddit/comments/{id}"] ?? 0) - (before["reddit/comments/{id}"] ?? 0) == 1, "the tree once")
        #expect((stats["reddit/api/morechildren"] ?? 0) == (before["reddit/api/morechildren"] ?? 0), "no stub fetched before it is reached: \(stats)")
        // Down to the end: each G reaches the next stub, which is fetched then.
        var screen = try tmux.capture()
        for _ in 0..<30 where !screen.contains(where: { $0.contains("end of comments") }) {
            let before = screen[23]
            try tmux.sendKeys("G")
            screen = try tmux.waitFor({ ($0[23] != before && !$0[23].contains("⇣")) || $0.contains { $0.contains("end of comments") } },
                                      timeout: 20, description: "G and the comments below")
        }
        #expect(screen.contains { $0.contains("end of comments") })
        stats = try replica.routeStats()
        let expansions = (stats["reddit/api/morechildren"] ?? 0) - (before["reddit/api/morechildren"] ?? 0)
        #expect(expansions >= 1, "the stub was expanded when reached: \(stats)")
        // Up and down again: everything is held, nothing is asked for twice.
        try tmux.sendKeys("g")
        try tmux.waitFor({ $0[23].contains("line 1/") || $0[23].contains("line 1 ") }, timeout: 10, description: "the top")
        try tmux.sendKeys("G")
        try tmux.waitFor({ $0.contains { $0.contains("end of comments") } }, timeout: 10, description: "the end again")
        let again = try replica.routeStats()
        #expect(again["reddit/api/morechildren"] == stats["reddit/api/morechildren"] && again["reddit/comments/{id}"] == stats["reddit/comments/{id}"],
                "each page once: \(again)")
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// How many comments come before a tree's first stub of either kind, depth-first (the first
    /// page ends there).
    func commentsBeforeTheFirstStub(_ tree: [Any]) -> Int {
        var count = 0
        func walk(_ things: [Any]) -> Bool {
            for case let thing as [String: Any] in things {
                if thing["kind"] as? String == "more" { return true }
                count += 1
                let data = thing["data"] as? [String: Any] ?? [:]
                if let replies = data["replies"] as? [String: Any], let inner = replies["data"] as? [String: Any],
                   walk(inner["children"] as? [Any] ?? []) { return true }
            }
            return false
        }
        if tree.count == 2, let listing = tree[1] as? [String: Any], let data = listing["data"] as? [String: Any] {
            _ = walk(data["children"] as? [Any] ?? [])
        }
        return count
    }

    /// A listed post whose tree has a "continue this thread" stub, and more than a screen of
    /// comments before its first stub (so opening it reaches none).
    func postWithAContinueThisThreadStub(_ base: String) throws -> String {
        let listed = try pipe(["reddit", "swift", "--base-url", base, "--plain", "--limit", "60"])
        let posts = listed.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }.dropFirst("reddit:t3_".count)) }
        return try #require(try posts.first { post in
            let thread = try tree(base, post: post)
            return stubs(thread).continueThread >= 1 && commentsBeforeTheFirstStub(thread) >= 15
        }, "a post with a continue-this-thread stub among \(posts)")
    }

    /// Reddit's "continue this thread": the thread again, focused on the stub's parent, asked for
    /// only when the reader reaches the stub, once; the replies it brings are drawn deeper than
    /// the tree goes (the replica cuts its trees at depth 6, as Reddit does at 10).
    @Test func redditsContinueThisThreadIsFetchedOnlyWhenReachedAndOnce() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["reddit"])
        let post = try postWithAContinueThisThreadStub(base)
        let before = try replica.routeStats()
        let tmux = try start("reddit swift --base-url \(base) --images off --no-cache --thread \(post)")
        var screen = try tmux.waitFor({ $0.contains { $0.contains("▾ ") } && !$0[23].contains("⇣") }, timeout: 20, description: "the first comments")
        func asked(_ route: String) throws -> Int { (try replica.routeStats()[route] ?? 0) - (before[route] ?? 0) }
        let opened = try replica.routeStats()
        #expect(try asked("reddit/comments/{id}") == 1 && asked("reddit/api/morechildren") == 0,
                "the tree once, no stub before it is reached: \(opened)")
        // A comment below the tree's depth: its header indented past depth 5 (two columns a level).
        func showsADeeperReply(_ screen: [String]) -> Bool {
            screen.prefix(23).contains { line in
                let indent = line.prefix { $0 == " " }.count
                return indent >= 1 + 2 * 6 && (line.dropFirst(indent).hasPrefix("▾ ") || line.dropFirst(indent).hasPrefix("▸ "))
            }
        }
        #expect(!showsADeeperReply(screen))
        // Down a screen at a time to the end: the stub's replies are fetched when reached, and shown.
        var sawDeeper = false
        for _ in 0..<200 where !screen.contains(where: { $0.contains("end of comments") }) {
            let before = screen
            try tmux.sendKeys("Space")
            screen = try tmux.waitFor({ ($0 != before && !$0[23].contains("⇣")) || $0.contains { $0.contains("end of comments") } },
                                      timeout: 20, description: "a screen further down")
            sawDeeper = sawDeeper || showsADeeperReply(screen)
        }
        #expect(screen.contains { $0.contains("end of comments") })
        #expect(sawDeeper, "the replies the stub stood for are drawn below their parent")
        let reached = try replica.routeStats()
        #expect((reached["reddit/comments/{id}"] ?? 0) - (before["reddit/comments/{id}"] ?? 0) >= 2,
                "the stub's thread was asked for when reached: \(reached)")
        // Up and down again: nothing is asked for twice.
        try tmux.sendKeys("g")
        try tmux.waitFor({ $0[23].contains("line 1/") || $0[23].contains("line 1 ") }, timeout: 10, description: "the top")
        try tmux.sendKeys("G")
        try tmux.waitFor({ $0.contains { $0.contains("end of comments") } }, timeout: 10, description: "the end again")
        let again = try replica.routeStats()
        #expect(again["reddit/comments/{id}"] == reached["reddit/comments/{id}"] && again["reddit/api/morechildren"] == reached["reddit/api/morechildren"],
                "each stub once: \(again)")
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// A Wikipedia edit's conversation is its diff: `--thread` streams the diff's lines in a pipe
    /// (by the id `--json` prints, by its revision, by the edit's own address), and opens the
    /// diff's detail in the terminal.
    @Test func aWikipediaEditsDiffIsItsThreadInAPipeAndOnTheScreen() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["wikipedia"])
        func records(_ output: String) throws -> [[String: Any]] {
            try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        }
        // An edit with a diff (a log entry or a new page has none): its url names the revision before.
        let listed = try records(try pipe(["wikipedia", "--base-url", base, "--json", "--limit", "20", "--no-cache"]).standardOutput)
        let edit = try #require(listed.first { ($0["url"] as? String)?.contains("oldid=") == true && ($0["id"] as? String)?.contains("@") == true })
        let id = try #require(edit["id"] as? String)
        let streamed = try pipe(["wikipedia", "--base-url", base, "--thread", id, "--json", "--no-cache"])
        #expect(streamed.status == 0, "\(streamed.standardError)")
        let lines = try records(streamed.standardOutput)
        #expect(!lines.isEmpty)
        #expect(lines.first?["change"] as? String == "header" && lines.first?["parent"] as? String == id && lines.first?["depth"] as? Int == 0,
                "a hunk's header first, under the edit: \(lines.first ?? [:])")
        #expect(lines.allSatisfy { $0["author"] as? String == edit["author"] as? String && $0["time"] as? Int == edit["time"] as? Int })
        #expect(lines.contains { $0["change"] as? String == "added" && ($0["text"] as? String)?.hasPrefix("+ ") == true })
        let ids = lines.compactMap { $0["id"] as? String }
        for (index, line) in lines.enumerated() where line["depth"] as? Int == 1 {
            let parent = try #require(line["parent"] as? String)
            #expect(ids[..<index].contains(parent), "a line after its header")
        }
        // By its revision and by the edit's address (as the list links it): the same lines.
        let revision = String(id[id.index(after: try #require(id.lastIndex(of: "@")))...])
        let byRevision = try pipe(["wikipedia", "--base-url", base, "--thread", revision, "--plain", "--no-cache"])
        #expect(byRevision.status == 0 && byRevision.standardOutput.split(separator: "\n").count == lines.count)
        let byURL = try pipe(["wikipedia", "--base-url", base, "--thread", try #require(edit["url"] as? String), "--plain", "--no-cache"])
        #expect(byURL.status == 0 && byURL.standardOutput.split(separator: "\n").count == lines.count, "\(byURL.standardError)")
        let refused = try pipe(["wikipedia", "--thread", "not an edit"])
        #expect(refused.status != 0 && refused.standardError.contains("--thread takes an edit"))

        // The terminal opens the diff over the list.
        let tmux = try start("wikipedia --base-url \(base) --images off --no-cache --thread \(id)")
        let detail = try tmux.waitFor({ $0.contains { $0.hasPrefix(" + ") } && !$0[23].contains("⇣") }, timeout: 20, description: "the diff")
        #expect(detail.contains { $0.hasPrefix(" Line ") || $0.contains("Line ") }, "a hunk's header")
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[23].contains(" 1/") }, timeout: 20, description: "the list behind it")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// `new` marks on a source other than Hacker News: a Reddit thread read in part, then opened
    /// again, says `new` on the comments the first visit had not loaded, and `.` goes to them.
    /// And `--thread` needs no subreddit.
    @Test func aRedditThreadSaysWhatIsNewSinceTheLastVisit() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["reddit"])
        let post = try postWithALoadMoreStub(base)
        let streamed = try pipe(["reddit", "--base-url", base, "--thread", post, "--plain", "--limit", "3"])
        #expect(streamed.status == 0, "--thread without a subreddit: \(streamed.standardError)")
        #expect(streamed.standardOutput.split(separator: "\n").count == 3 && streamed.standardOutput.hasPrefix("reddit:t1_"))
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("conversation-new-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: cache + suffix) } }
        let command = "reddit swift --base-url \(base) --images off --cache \(cache) --thread \(post)"
        // The first visit: its first comments, nothing marked new.
        var tmux = try start(command)
        let first = try tmux.waitFor({ $0.contains { $0.contains("▾ ") } && !$0[23].contains("⇣") }, timeout: 20, description: "the first comments")
        #expect(!first.contains { $0.contains("· new") }, "a first visit marks nothing new")
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
        // The second: read to the end; what the first had not loaded says new.
        tmux = try start(command)
        var screen = try tmux.waitFor({ $0.contains { $0.contains("▾ ") } && !$0[23].contains("⇣") }, timeout: 20, description: "the comments again")
        for _ in 0..<30 where !screen.contains(where: { $0.contains("end of comments") }) {
            let before = screen[23]
            try tmux.sendKeys("G")
            screen = try tmux.waitFor({ ($0[23] != before && !$0[23].contains("⇣")) || $0.contains { $0.contains("end of comments") } },
                                      timeout: 20, description: "G and the comments below")
        }
        #expect(screen.contains { $0.contains("▾ ") && $0.contains("· new") }, "the comments loaded since say new")
        try tmux.sendKeys("g")
        let top = try tmux.waitFor({ $0[23].contains("line 1/") || $0[23].contains("line 1 ") }, timeout: 10, description: "the top")
        #expect(!top.contains { $0.contains("▾ ") && $0.contains("· new") }, "the first comments were read: not new")
        try tmux.sendKeys(".")
        let next = try tmux.waitFor({ $0[0].hasPrefix("▌") }, timeout: 10, description: "the next new comment at the top")
        #expect(next[0].contains("· new"), "\(next[0])")
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// `--thread` in a pipe for HN Search (by the id `--json` prints and by the story's HN URL)
    /// and Mastodon: each record with its parent and depth, in thread order.
    @Test func hnSearchAndMastodonThreadsStreamInPipes() throws {
        let replica = try ServeProcess("--items 60")
        func records(_ output: String) throws -> [[String: Any]] {
            try output.split(separator: "\n").map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        }
        let algolia = try #require(replica.baseURLs["hn-search"])
        let stories = try records(try pipe(["hn-search", "--base-url", algolia, "--json", "--limit", "10"]).standardOutput)
        let story = try #require(stories.first { ($0["comments"] as? Int ?? 0) > 0 }?["id"] as? String)
        let thread = try pipe(["hn-search", "--base-url", algolia, "--thread", story, "--json"])
        #expect(thread.status == 0, "\(thread.standardError)")
        let comments = try records(thread.standardOutput)
        #expect(!comments.isEmpty && comments.allSatisfy { ($0["id"] as? String)?.hasPrefix("hn:") == true && $0["depth"] != nil })
        #expect((comments.first?["depth"] as? Int) == 0)
        let number = story.dropFirst("algolia:".count)
        let byURL = try pipe(["hn-search", "--base-url", algolia, "--thread", "https://news.ycombinator.com/item?id=\(number)", "--plain"])
        #expect(byURL.status == 0 && byURL.standardOutput.split(separator: "\n").count == comments.count)
        #expect(try pipe(["hn-search", "--thread", "not a story"]).status != 0)

        let mastodon = try #require(replica.baseURLs["mastodon"])
        let statuses = try pipe(["mastodon", "--base-url", mastodon, "--plain", "--limit", "10"]).standardOutput
            .split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        var streamed = 0
        for status in statuses where streamed == 0 {
            let conversation = try records(try pipe(["mastodon", "--base-url", mastodon, "--thread", status, "--json"]).standardOutput)
            guard !conversation.isEmpty else { continue }
            streamed = conversation.count
            #expect(conversation.allSatisfy { $0["parent"] is String && $0["depth"] is Int })
            let ids = conversation.compactMap { $0["id"] as? String }
            for record in conversation where (record["depth"] as? Int ?? 0) > 0 {
                let parent = try #require(record["parent"] as? String)
                let index = try #require(ids.firstIndex(of: record["id"] as? String ?? ""))
                #expect(ids[..<index].contains(parent), "a reply after its parent")
            }
        }
        #expect(streamed > 0, "a status with replies among \(statuses)")
    }

    /// Esc while a Reddit or Mastodon thread loads: the replica sees the thread's request closed,
    /// and no request of the thread starts after it.
    @Test(arguments: [
        ("reddit swift", "reddit", ["reddit/comments/{id}"]),
        ("mastodon", "mastodon", ["mastodon/api/v1/statuses/{id}", "mastodon/api/v1/statuses/{id}/context"]),
    ])
    func escWhileAThreadLoadsClosesItsRequest(command: String, api: String, routes: [String]) throws {
        let replica = try ServeProcess("--items 60 --latency-ms 600")
        let base = try #require(replica.baseURLs[api])
        let tmux = try start("\(command) --base-url \(base) --images off --no-cache")
        try tmux.waitFor({ $0[23].contains(" 1/") && !$0[23].contains("⇣") }, timeout: 30, description: "the list")
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[23].contains("⇣") }, timeout: 10, description: "the thread loading")
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[23].contains(" 1/") }, timeout: 10, description: "back on the list")
        // The replica sees the connection close: wait for its count, not for a time.
        let deadline = Date().addingTimeInterval(10)
        var cancelled = try replica.cancelledRoutes()
        while routes.allSatisfy({ (cancelled[$0] ?? 0) == 0 }) && Date() < deadline {
            cancelled = try replica.cancelledRoutes()
        }
        #expect(routes.contains { (cancelled[$0] ?? 0) > 0 }, "the thread's request closed: \(cancelled)")
        let asked = try replica.routeStats().filter { routes.contains($0.key) }
        // An observation window three times the latency: a request started after Esc would show.
        Thread.sleep(forTimeInterval: 1.8)
        #expect(try replica.routeStats().filter { routes.contains($0.key) } == asked, "no request of the thread after Esc")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// Issue 21's complaint: a GitHub repository opened on half a screen of its owner's avatar.
    /// With pictures on, the title is the first line, the avatar a small box at its right, and
    /// the README's heading follows within the first lines.
    @Test func aGitHubRepositoryOpensOnItsReadmeWithTheAvatarBesideTheTitle() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["github"])
        let tmux = try start("github swift --base-url \(base) --images on --no-cache", pictures: true)
        let list = try tmux.waitFor({ $0[23].contains("github") && $0[23].contains(" 1/") }, timeout: 20, description: "the list")
        // The row's name, after the cursor and the thumbnail (drawn, or its dot while it loads).
        let repo = String(list[0].dropFirst(2).drop { !$0.isLetter && !$0.isNumber }.prefix { $0 != " " })
        let name = String(repo.split(separator: "/").last ?? "")
        try tmux.sendKeys("Enter")
        let detail = try tmux.waitFor({ screen in
            screen.prefix(10).contains { $0.trimmingCharacters(in: .whitespaces) == name } && screen[0].contains("▀") && !screen[23].contains("⇣")
        }, timeout: 20, description: "the README's heading near the top and the avatar drawn")
        #expect(detail[0].hasPrefix(" \(repo)"), "the title first: \(detail[0])")
        // The avatar: its cells at the right of the first rows only.
        let pictureRows = detail.prefix(23).enumerated().filter { $0.element.contains("▀") || $0.element.contains("▄") }.map(\.offset)
        #expect(!pictureRows.isEmpty && pictureRows.allSatisfy { $0 < 5 }, "a small picture at the top: rows \(pictureRows)")
        for row in pictureRows {
            let line = detail[row]
            let first = try #require(line.firstIndex { $0 == "▀" || $0 == "▄" })
            #expect(line.distance(from: line.startIndex, to: first) >= 60, "beside the title, at the right: \(line)")
        }
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
