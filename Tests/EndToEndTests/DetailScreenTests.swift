import FeedTestSupport
import Foundation
import Testing

/// The detail view and the Hacker News comment pager, on the real binary in tmux.
@Suite(.serialized) struct DetailScreenTests {
    func start(_ arguments: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(command: "exec \(FeedscrollBinary.path) \(arguments)", environment: ["LC_ALL": "C.UTF-8"])
    }

    @Test func openADetailAndGoBackToTheSameRow() throws {
        let tmux = try start("demo --latency-ms 0")
        try tmux.waitForText("points")
        for _ in 0..<6 { try tmux.sendKeys("j") }
        let list = try tmux.waitFor({ $0[23].contains(" 7/") }, description: "cursor on item 7")
        let row = try #require(list.firstIndex { $0.hasPrefix("▌ ") })
        let title = String(list[row].dropFirst(2)).trimmingCharacters(in: .whitespaces)
        for (open, back) in [("Enter", "Escape"), ("l", "q"), ("Right", "h"), ("Enter", "Left")] {
            try tmux.sendKeys(open)
            let detail = try tmux.waitFor({ $0[23].contains("line 1") && $0[23].contains("Esc back") }, description: "the detail of item 7 (\(open))")
            #expect(detail[0].hasPrefix(" " + String(title.prefix(30))))
            try tmux.sendKeys("j")
            try tmux.waitFor({ $0[23].contains("line 2") || $0[23].contains("line 1 · all") }, description: "the detail scrolls")
            try tmux.sendKeys(back)
            let again = try tmux.waitFor({ $0[23].contains(" 7/") }, description: "back on the list (\(back))")
            #expect(again[row] == list[row], "same item on the same row")
            #expect(again.firstIndex { $0.hasPrefix("▌ ") } == row)
        }
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// Comments arrive a page at a time as the reader scrolls: item requests to the replica grow
    /// only when the end of the loaded thread comes near, and the whole thread costs exactly one
    /// request per comment (no duplicate, none skipped) plus one for the story.
    @Test func hackerNewsCommentsPageInAsYouScroll() throws {
        let replica = try ServeProcess("--items 80")
        let base = try #require(replica.baseURLs["hn"])
        // Find, among the first stories, one with a thread several pages long.
        let ids = try fetchJSON("\(base)/topstories.json") as? [Int] ?? []
        var chosen: (rank: Int, descendants: Int, title: String)?
        for (rank, id) in ids.prefix(10).enumerated() {
            let item = try fetchJSON("\(base)/item/\(id).json") as? [String: Any]
            if let count = item?["descendants"] as? Int, (60...250).contains(count), item?["dead"] == nil {
                chosen = (rank, count, item?["title"] as? String ?? "")
                break
            }
        }
        let story = try #require(chosen, "a story with 60–250 comments among the first ten")

        let tmux = try start("hn --base-url \(base) --page-size 10")
        try tmux.waitFor({ $0[23].contains("hn top") && !$0[23].contains("⇣") && $0[23].contains("page") },
                         timeout: 20, description: "the first pages")
        for _ in 0..<story.rank { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") && !$0[23].contains("⇣") }, timeout: 20, description: "cursor on the story")
        let listRequests = try itemRequests(replica)

        try tmux.sendKeys("Enter")
        let first = try tmux.waitFor({ $0[23].contains(" comments") && !$0[23].contains("⇣") && !$0[23].contains(" 0 comments") },
                                     timeout: 20, description: "the first comment pages")
        #expect(first.contains { $0.contains("▾ ") })
        let shown = commentCount(first[23])
        let opened = try itemRequests(replica) - listRequests
        #expect(opened > 1)
        #expect(opened < story.descendants + 1, "only the first pages of the thread were fetched")
        // Nothing more is fetched while the reader stays put.
        try tmux.sendKeys("k")
        try tmux.waitFor({ $0[23].contains("line 1") && !$0[23].contains("⇣") }, description: "idle at the top")
        #expect(try itemRequests(replica) - listRequests == opened)

        // Scrolling to the end of what is loaded brings the next comments.
        try tmux.sendKeys("G")
        let more = try tmux.waitFor({ commentCount($0[23]) > shown && !$0[23].contains("⇣") }, timeout: 20, description: "more comments")
        #expect(more.contains { $0.contains("▾ ") })
        #expect(try itemRequests(replica) - listRequests > opened)

        // On to the end: every comment of the thread fetched exactly once.
        var screen = more
        var presses = 0
        while !screen.contains(where: { $0.contains("end of comments") }), presses < 60 {
            try tmux.sendKeys("G")
            presses += 1
            let before = commentCount(screen[23])
            screen = try tmux.waitFor({ ($0.contains { $0.contains("end of comments") } || commentCount($0[23]) > before) && !$0[23].contains("⇣") },
                                      timeout: 20, description: "the thread pages on")
        }
        #expect(screen.contains { $0.contains("end of comments") })
        #expect(try itemRequests(replica) - listRequests == story.descendants + 1)

        // Fold the comment at the top: it moves to the first row, marked folded.
        try tmux.sendKeys("g")
        try tmux.waitFor({ $0[23].contains("line 1") }, description: "back at the top")
        try tmux.sendKeys("Tab")
        let folded = try tmux.waitFor({ $0[0].hasPrefix("▌") && $0[0].contains("▸ ") }, description: "the first comment folded")
        #expect(folded.filter { $0.hasPrefix("▌") }.count == 1)
        try tmux.sendKeys("Tab")
        try tmux.waitFor({ $0[0].hasPrefix("▌") && $0[0].contains("▾ ") }, description: "unfolded")

        // Back to the list on the same story.
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, description: "back on the list")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// `hn --thread ID` opens that item's detail at once: the stand-in title gives way to the
    /// story's own, its comments follow, and Esc goes to the list that loaded behind it.
    @Test func aThreadFromTheCommandLineOpensItsDetailAndEscGoesToTheList() throws {
        let replica = try ServeProcess("--items 80")
        let base = try #require(replica.baseURLs["hn"])
        let ids = try fetchJSON("\(base)/topstories.json") as? [Int] ?? []
        var chosen: (id: Int, title: String)?
        for id in ids.prefix(10) {
            let item = try fetchJSON("\(base)/item/\(id).json") as? [String: Any]
            if let count = item?["descendants"] as? Int, count >= 5, item?["dead"] == nil, let title = item?["title"] as? String {
                chosen = (id, title)
                break
            }
        }
        let story = try #require(chosen, "a story with comments among the first ten")
        let tmux = try start("hn --base-url \(base) --thread \(story.id)")
        let detail = try tmux.waitFor({ $0[0].hasPrefix(" " + String(story.title.prefix(30))) && commentCount($0[23]) > 0 },
                                      timeout: 20, description: "the story's detail with its comments")
        #expect(detail.contains { $0.contains("▾ ") })
        #expect(detail[23].contains("Esc back"))
        try tmux.sendKeys("Escape")
        let list = try tmux.waitFor({ $0[23].contains("hn top") && $0[23].contains(#/ 1/\d/#) }, timeout: 20, description: "the list behind it")
        #expect(list.contains { $0.contains("points") })
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    // MARK: - Helpers

    private func itemRequests(_ replica: ServeProcess) throws -> Int {
        try replica.routeStats()["hn/v0/item"] ?? 0
    }

    private func fetchJSON(_ url: String) throws -> Any { try ServeProcess.fetchJSON(url) }
}

/// `… · 40 comments · …` in the detail's status line.
private func commentCount(_ status: String) -> Int {
    guard let range = status.range(of: #"(\d+) comments?"#, options: .regularExpression) else { return 0 }
    return Int(status[range].split(separator: " ")[0]) ?? 0
}
