import FeedTestSupport
import Foundation
import Testing

/// The conversations of Lobsters and DEV on the real binary: in tmux at 80×24 (Enter on a story
/// shows its comments, one request for the whole thread), and `--thread ID` streaming them in a
/// pipe in thread order.
@Suite(.serialized) struct ConversationScreenTests {
    func start(_ arguments: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(command: "exec \(FeedscrollBinary.path) \(arguments)", environment: ["LC_ALL": "C.UTF-8"])
    }

    func pipe(_ arguments: [String]) throws -> ChildProcess.Result {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try ChildProcess.run([FeedscrollBinary.path] + arguments, environment: ProcessInfo.processInfo.environment, timeout: 120)
    }

    @Test func aLobstersStoryOpensWithItsCommentsFromOneRequest() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["lobsters"])
        let tmux = try start("lobsters --base-url \(base)")
        let list = try tmux.waitFor({ $0[23].contains("lobsters hottest") && $0[23].contains(" 1/") }, timeout: 20, description: "the list")
        let title = String(list[0].dropFirst(2)).trimmingCharacters(in: .whitespaces)
        try tmux.sendKeys("Enter")
        let detail = try tmux.waitFor({ $0.contains { $0.contains("▾ ") } && !$0[23].contains("⇣") }, timeout: 20, description: "the story's comments")
        #expect(detail[0].hasPrefix(" " + String(title.prefix(30))))
        #expect(detail.contains { $0.contains("── ") && $0.contains("comment") })
        #expect(try replica.routeStats()["lobsters/s/{id}"] == 1, "the whole thread in one request")
        try tmux.sendKeys("G")
        try tmux.waitFor({ $0.contains { $0.contains("end of comments") } }, timeout: 20, description: "the end of the thread")
        #expect(try replica.routeStats()["lobsters/s/{id}"] == 1, "paged locally, never fetched again")
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[23].contains(" 1/") }, description: "back on the list")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func aDevArticleShowsItsWholeBodyAndItsComments() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["devto"])
        let tmux = try start("devto --base-url \(base) --images off")
        try tmux.waitFor({ $0[23].contains("devto") && $0[23].contains(" 1/") }, timeout: 20, description: "the list")
        try tmux.sendKeys("Enter")
        let first = try tmux.waitFor({ $0.contains { $0.contains("https://dev.to/") } && !$0[23].contains("⇣") }, timeout: 20, description: "the article")
        // Paged through to the comments, the whole body went by: each of its headings.
        var read = first
        var screen = first
        for _ in 0..<20 where !screen.contains(where: { $0.contains("▾ ") }) {
            try tmux.sendKeys("Space")
            let before = screen
            screen = try tmux.waitFor({ $0 != before }, description: "the next page of the article")
            read += screen
        }
        #expect(screen.contains { $0.contains("── ") && $0.contains("comment") })
        let stats = try replica.routeStats()
        #expect(stats["devto/api/articles/{id}"] == 1 && stats["devto/api/comments"] == 1)
        // The article's id ends its URL's slug, in base 36.
        let link = try #require(first.lazy.compactMap { $0.firstMatch(of: /https:\/\/dev\.to\/\S+-([0-9a-z]+)/) }.first)
        let id = try #require(Int(link.output.1, radix: 36))
        let article = try #require(try ServeProcess.fetchJSON("\(base)/articles/\(id)") as? [String: Any])
        let markdown = try #require(article["body_markdown"] as? String)
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }
        #expect(!headings.isEmpty)
        for heading in headings {
            #expect(read.contains { $0.contains(heading) }, "\(heading) not shown")
        }
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func threadsStreamInThreadOrderInPipes() throws {
        let replica = try ServeProcess("--items 60")
        let lobsters = try #require(replica.baseURLs["lobsters"])
        let listed = try pipe(["lobsters", "--base-url", lobsters, "--plain", "--limit", "5"])
        #expect(listed.status == 0)
        // The first story with comments, by the id --json prints and by its URL.
        var checked = 0
        for line in listed.standardOutput.split(separator: "\n") {
            let id = String(line.split(separator: "\t")[0])
            let thread = try pipe(["lobsters", "--base-url", lobsters, "--thread", id, "--json"])
            #expect(thread.status == 0, "\(thread.standardError)")
            let comments = try thread.standardOutput.split(separator: "\n").map {
                try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
            }
            guard !comments.isEmpty else { continue }
            var depthOf: [String: Int] = [id: -1]
            for comment in comments {
                let parent = try #require(comment["parent"] as? String)
                let depth = try #require(comment["depth"] as? Int)
                #expect(depthOf[parent].map { $0 + 1 } == depth, "a reply comes after its parent, one level down")
                depthOf[try #require(comment["id"] as? String)] = depth
                #expect(comment["text"] is String && comment["author"] is String)
            }
            let short = String(id.dropFirst("lobsters:".count))
            let byURL = try pipe(["lobsters", "--base-url", lobsters, "--thread", "https://lobste.rs/s/\(short)/a_slug", "--plain"])
            #expect(byURL.standardOutput.split(separator: "\n").count == comments.count)
            checked += 1
            break
        }
        #expect(checked == 1, "a story with comments among the first five")
        let devto = try #require(replica.baseURLs["devto"])
        let article = try pipe(["devto", "--base-url", devto, "--plain", "--limit", "1"]).standardOutput.split(separator: "\t")[0]
        let devThread = try pipe(["devto", "--base-url", devto, "--thread", String(article), "--plain"])
        #expect(devThread.status == 0)
        #expect(devThread.standardOutput.split(separator: "\n").allSatisfy { $0.hasPrefix("devto:c/") })
        let placeholder = try #require(replica.baseURLs["jsonplaceholder"])
        let post = try pipe(["jsonplaceholder", "--base-url", placeholder, "--thread", "jsonplaceholder:3", "--plain"])
        #expect(post.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
                == (11...15).map { "jsonplaceholder:c/\($0)" })
        // Reddit: the first ten comments cost one request; the whole thread expands its stubs.
        let reddit = try #require(replica.baseURLs["reddit"])
        let posts = try pipe(["reddit", "programming", "--base-url", reddit, "--json", "--limit", "10"]).standardOutput
        let busy = try #require(try posts.split(separator: "\n").compactMap {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.first { ($0["comments"] as? Int ?? 0) > 60 })
        let postID = try #require(busy["id"] as? String)
        let before = try replica.routeStats()
        let ten = try pipe(["reddit", "programming", "--base-url", reddit, "--thread", postID, "--plain", "--limit", "10"])
        #expect(ten.standardOutput.split(separator: "\n").count == 10)
        let after = try replica.routeStats()
        #expect((after["reddit/comments/{id}"] ?? 0) - (before["reddit/comments/{id}"] ?? 0) == 1)
        #expect((after["reddit/api/morechildren"] ?? 0) == (before["reddit/api/morechildren"] ?? 0), "no stub expanded before it is reached")
        let everything = try pipe(["reddit", "programming", "--base-url", reddit, "--thread", postID, "--plain"])
        let ids = everything.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(ids.count > 60 && Set(ids).count == ids.count)
        #expect(try replica.routeStats()["reddit/api/morechildren"] ?? 0 > 0)
        let refused = try pipe(["lobsters", "--thread", "not/an id"])
        #expect(refused.status == 64)
        // Hacker News takes the id --json prints and the item's page too (hn:ID was refused with 64).
        let hn = try #require(replica.baseURLs["hn"])
        let story = try pipe(["hn", "--base-url", hn, "--json", "--limit", "1"]).standardOutput
        let storyID = try #require((try JSONSerialization.jsonObject(with: Data(story.utf8)) as? [String: Any])?["id"] as? String)
        let byID = try pipe(["hn", "--base-url", hn, "--thread", storyID, "--plain", "--limit", "3"])
        #expect(byID.status == 0, "\(byID.standardError)")
        let number = storyID.dropFirst(3)
        let byPage = try pipe(["hn", "--base-url", hn, "--thread", "https://news.ycombinator.com/item?id=\(number)", "--plain", "--limit", "3"])
        #expect(byPage.standardOutput == byID.standardOutput)
        // Comments are plain text in pipes: no markup left in any title (96 of 373 had half tags).
        let whole = try pipe(["hn", "--base-url", hn, "--thread", storyID, "--plain"])
        #expect(!whole.standardOutput.contains("<a ") && !whole.standardOutput.contains("href="))
        // Nor any other tag HN writes (`&lt;mostly&gt;` in the replica's comments is text, and stays `<mostly>`).
        for tag in ["<p>", "<i>", "<pre>", "<code>", "</"] { #expect(!whole.standardOutput.contains(tag), "\(tag) in a title") }
    }

    /// A question of the replica with an accepted answer and answers on more than one page.
    func questionWithPagedAnswers(_ replica: ServeProcess) throws -> (id: Int, answers: Int) {
        let base = try #require(replica.baseURLs["stackexchange"])
        let listed = try ChildProcess.run(["curl", "-s", "--max-time", "5", base + "/questions?site=stackoverflow&pagesize=100"],
                                          environment: ProcessInfo.processInfo.environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.standardOutput.utf8)) as? [String: Any])
        let items = try #require(object["items"] as? [[String: Any]])
        let found = try #require(items.first { ($0["answer_count"] as? Int ?? 0) > 10 && $0["accepted_answer_id"] != nil })
        return (try #require(found["question_id"] as? Int), try #require(found["answer_count"] as? Int))
    }

    @Test func aStackExchangeQuestionShowsItsBodyAnswersAcceptedFirstAndComments() throws {
        let replica = try ServeProcess("--items 100")
        let base = try #require(replica.baseURLs["stackexchange"])
        let question = try questionWithPagedAnswers(replica)
        let tmux = try start("stackexchange --base-url \(base) --thread \(question.id)")
        let detail = try tmux.waitFor({ $0.contains { $0.contains("▾ ") } && !$0[23].contains("⇣") }, timeout: 20, description: "the question's answers")
        // The first answer shown is the accepted one, in the source's words.
        let firstAnswer = try #require(detail.first { $0.contains("▾ ") && $0.contains("vote") })
        #expect(firstAnswer.contains("✓ accepted"), "\(firstAnswer)")
        var stats = try replica.routeStats()
        #expect(stats["stackexchange/2.3/questions/{ids}"] == 1 && stats["stackexchange/2.3/questions/{ids}/answers"] == 1)
        // G goes to the last line loaded; each time the next page of answers comes below it.
        var screen = try tmux.capture()
        for _ in 0..<6 where !screen.contains(where: { $0.contains("end of comments") }) {
            let before = screen[23]
            try tmux.sendKeys("G")
            screen = try tmux.waitFor({ $0[23] != before && !$0[23].contains("⇣") || $0.contains { $0.contains("end of comments") } },
                                      timeout: 20, description: "G and the next page")
        }
        #expect(screen.contains { $0.contains("end of comments") })
        stats = try replica.routeStats()
        let pages = stats["stackexchange/2.3/questions/{ids}/answers"] ?? 0
        #expect(pages >= 2, "answers paged as the reader went down")
        #expect(stats["stackexchange/2.3/answers/{ids}/comments"] == pages, "one comments call per page of answers")
        #expect(stats["stackexchange/2.3/questions/{ids}"] == 1, "the question once")
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))

        // The same thread in a pipe: every answer once, each comment under its post.
        let streamed = try pipe(["stackexchange", "--base-url", base, "--thread", "stackexchange:\(question.id)", "--json"])
        #expect(streamed.status == 0)
        let records = try streamed.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let answers = records.filter { ($0["id"] as? String)?.hasPrefix("stackexchange:a/") == true }
        #expect(answers.count == question.answers)
        #expect(Set(answers.compactMap { $0["id"] as? String }).count == question.answers)
        for record in records where (record["id"] as? String)?.hasPrefix("stackexchange:c/") == true {
            let parent = try #require(record["parent"] as? String)
            #expect(parent == "stackexchange:\(question.id)" || parent.hasPrefix("stackexchange:a/"))
        }
    }

    @Test func aGitHubRepositoryShowsItsReadmeAndOpenIssues() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["github"])
        let tmux = try start("github swift --base-url \(base) --images off")
        let list = try tmux.waitFor({ $0[23].contains("github") && $0[23].contains(" 1/") }, timeout: 20, description: "the list")
        let repo = String(list[0].dropFirst(2).prefix { $0 != " " })
        try tmux.sendKeys("Enter")
        // The README's heading (the repository's name), rendered, not Markdown.
        let name = String(repo.split(separator: "/").last ?? "")
        let detail = try tmux.waitFor({ $0.contains { $0.trimmingCharacters(in: .whitespaces) == name } && !$0[23].contains("⇣") },
                                      timeout: 20, description: "the README")
        #expect(!detail.contains { $0.contains("```") || $0.contains("## ") }, "Markdown rendered, not shown")
        // Below it, the issues: each header with its number.
        try tmux.sendKeys("G")
        try tmux.waitFor({ $0.contains { $0.contains("▾ ") && $0.contains(" · #") } }, timeout: 20, description: "the issues")
        let stats = try replica.routeStats()
        #expect(stats["github/repositories/{id}"] == 1 && stats["github/repositories/{id}/readme"] == 1, "once each, on the first page")
        #expect((stats["github/repositories/{id}/issues"] ?? 0) >= 1, "issues paged as the reader goes")
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))

        // The issues in a pipe, by the repository's name: pull requests left out, each once.
        let streamed = try pipe(["github", "--base-url", base, "--thread", repo, "--plain", "--limit", "45"])
        #expect(streamed.status == 0, "\(streamed.standardError)")
        let ids = streamed.standardOutput.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(ids.count == 45 && Set(ids).count == 45)
        #expect(ids.allSatisfy { $0.hasPrefix("github:\(repo)/issues/") })
    }

    @Test func aWikipediaEditShowsItsDiffMarkedInText() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["wikipedia"])
        // The first edit (a log entry or a new page has no diff to show): its url names the revision before.
        let listed = try pipe(["wikipedia", "--base-url", base, "--json", "--limit", "20", "--no-cache"])
        let records = try listed.standardOutput.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let index = try #require(records.firstIndex { ($0["url"] as? String)?.contains("oldid=") == true })
        let title = String(try #require(records[index]["title"] as? String).prefix(30))
        let tmux = try start("wikipedia --base-url \(base) --no-cache")
        try tmux.waitFor({ $0[23].contains("wikipedia") && $0[23].contains(" 1/") }, timeout: 20, description: "the list")
        for _ in 0..<index { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0.contains { $0.hasPrefix("▌ ") && $0.contains(title) } }, timeout: 10, description: "the cursor on the edit")
        let listCalls = try replica.routeStats()["wikipedia/w/api.php"] ?? 0
        try tmux.sendKeys("Enter")
        let detail = try tmux.waitFor({ $0.contains { $0.contains("{+") } && !$0[23].contains("⇣") }, timeout: 20, description: "the diff")
        #expect(detail.contains { $0.hasPrefix(" Line ") && $0.hasSuffix(":") }, "a hunk's header")
        #expect(detail.contains { $0.hasPrefix(" \u{2212} ") && $0.contains("[-") }, "the deleted side marked with a minus")
        #expect(detail.contains { $0.hasPrefix(" + ") && $0.contains("{+") }, "the added side marked with a plus")
        #expect((try replica.routeStats()["wikipedia/w/api.php"] ?? 0) >= listCalls + 1)
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// Reddit, Mastodon and JSONPlaceholder at 80×24: Enter on the first item shows its
    /// conversation, from the thread's own endpoints, and Esc goes back to the list.
    @Test(arguments: [
        ("reddit swift", "reddit", ["reddit/comments/{id}"]),
        ("mastodon", "mastodon", ["mastodon/api/v1/statuses/{id}", "mastodon/api/v1/statuses/{id}/context"]),
        ("jsonplaceholder", "jsonplaceholder", ["jsonplaceholder/posts/{id}"]),
    ])
    func theFirstItemOpensWithItsConversation(command: String, api: String, routes: [String]) throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs[api])
        let tmux = try start("\(command) --base-url \(base) --images off")
        try tmux.waitFor({ $0[23].contains(" 1/") && !$0[23].contains("⇣") }, timeout: 20, description: "the list")
        try tmux.sendKeys("Enter")
        let detail = try tmux.waitFor({ $0.contains { $0.contains("▾ ") } && !$0[23].contains("⇣") }, timeout: 20, description: "the conversation")
        #expect(detail.contains { $0.contains("── ") })
        let stats = try replica.routeStats()
        for route in routes { #expect((stats[route] ?? 0) >= 1, "\(route) asked for: \(stats)") }
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[23].contains(" 1/") }, description: "back on the list")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
