import FeedTestSupport
import Foundation
import Testing

/// Issue 23's wide layout on the real binary in tmux at 200×50 against the replica: the
/// preview loads the comments of the item the cursor rests on and closes those requests when
/// the cursor moves on; the list and the preview fill the screen.
@Suite(.serialized) struct WideScreenTests {
    func start(_ arguments: String, columns: Int = 200, rows: Int = 50) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        // Colours on whatever the test runner's environment says (pictures need them).
        return try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments)", columns: columns, rows: rows,
            environment: ["LC_ALL": "C.UTF-8", "COLORTERM": "", "NO_COLOR": ""])
    }

    /// The preview pane's rows (right of the rule), the status line left out.
    func pane(_ screen: [String]) -> [String] {
        screen.dropLast().map { row in
            row.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false).dropFirst().first
                .map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
    }

    /// The list's rows (left of the rule), the status line left out.
    func list(_ screen: [String]) -> [String] {
        screen.dropLast().map { row in
            (row.split(separator: "│", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? row)
                .trimmingCharacters(in: .whitespaces)
        }
    }

    /// Whether a pane shows comments (their headers' fold mark) or says there are none.
    func showsComments(_ pane: [String]) -> Bool {
        pane.contains { $0.hasPrefix("▾ ") || $0.contains(" ▾ ") || $0.contains("— no comments —") || $0.contains("— end of comments") }
    }

    @Test func thePreviewLoadsTheCommentsOfTheRestingCursorAndMovingOnCancelsThem() throws {
        // 600 ms a request: a thread's first page is a few levels of them, so the cursor moves
        // on while it loads without racing anything.
        let replica = try ServeProcess("--latency-ms 600")
        let base = try #require(replica.baseURLs["hn"])
        // Not the first item: its preview loads as the first page comes, before the test looks.
        let story = try replica.hackerNewsStory(withCommentsAtLeast: 40, from: 1)
        let tmux = try start("hn --base-url \(base)")
        // The first item's preview, loaded: from here on only previews the test asks for load.
        let first = try tmux.waitFor({ $0[49].contains(" 1/") && !$0[49].contains("⇣") && self.showsComments(self.pane($0)) },
                                     timeout: 30, description: "the first item's comments in the preview")
        #expect(first[0].hasPrefix("▌ "))
        let requestsBefore = try replica.hackerNewsItemRequests()
        let cancelledBefore = try replica.cancelledCount()

        // Onto the story in one burst of keys (no item on the way is rested on): its preview
        // says it loads, and its first request has reached the replica (counted as it arrives).
        try tmux.sendLiteral(String(repeating: "j", count: story.rank))
        try tmux.waitFor({ $0[49].contains(" \(story.rank + 1)/") && self.pane($0).contains { $0.contains("Loading comments") } },
                         timeout: 10, description: "the story's preview loading")
        let deadline = Date().addingTimeInterval(10)
        while try replica.hackerNewsItemRequests() == requestsBefore {
            try #require(Date() < deadline, "the story's preview sent no request")
        }
        // Moving on closes its connections: the replica counts them cancelled.
        try tmux.sendKeys("j")
        try tmux.waitFor({ $0[49].contains(" \(story.rank + 2)/") }, description: "the cursor moved on")
        var cancelled = try replica.cancelledRoutes()["hn/v0/item"] ?? 0
        while cancelled == 0 {
            try #require(Date() < deadline.addingTimeInterval(10), "no request of the preview was cancelled")
            cancelled = try replica.cancelledRoutes()["hn/v0/item"] ?? 0
        }
        #expect(try replica.cancelledCount() > cancelledBefore)

        // Back on the story, resting: its comments come in under its text, in the right pane,
        // with the list beside them down to the status line.
        try tmux.sendKeys("k")
        let loaded = try tmux.waitFor({ $0[49].contains(" \(story.rank + 1)/") && self.showsComments(self.pane($0)) }, timeout: 30,
                                      description: "the story's comments in the preview")
        let rows = pane(loaded)
        let cursorRow = try #require(loaded.firstIndex { $0.hasPrefix("▌ ") })
        let title = list(loaded)[cursorRow].dropFirst(2).trimmingCharacters(in: .whitespaces)
        #expect(rows[0].hasPrefix(String(title.prefix(30))), "\(rows[0]) / \(title)")
        let firstComment = try #require(rows.firstIndex { $0.hasPrefix("▾ ") || $0.contains(" ▾ ") })
        #expect(firstComment > 2, "\(rows)")

        // Enter opens it whole with the comments the preview loaded.
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[49].contains("line 1") && $0.contains { $0.contains("▾ ") } && !$0.contains { $0.contains("│") } },
                         description: "the detail with its comments")
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// At 200×50 the list and the preview fill the screen: the list's rows reach its footer's
    /// line (above the status line); an item with no picture starts its preview with its title (no room kept for one);
    /// an item with a picture has it beside its title, and no run of blank rows under it.
    @Test func noBlankBandBesideTheList() throws {
        let replica = try ServeProcess()
        let base = try #require(replica.baseURLs["reddit"])
        let tmux = try start("reddit --base-url \(base) swift")
        var screen = try tmux.waitFor({ $0[49].contains(" 1/") && !$0[49].contains("⇣") && !$0[49].contains("▣") && self.showsComments(self.pane($0)) }, timeout: 30,
                                      description: "the first post and its comments")
        #expect(list(screen).dropLast().allSatisfy { !$0.isEmpty }, "\(list(screen))")
        var sawPicture = false
        var sawNone = false
        for position in 1...12 {
            let rows = pane(screen)
            let cursorRow = try #require(screen.firstIndex { $0.hasPrefix("▌ ") })
            // The list's row: a thumbnail (half blocks) before the title when the item has a picture.
            let row = list(screen)[cursorRow].dropFirst(2).trimmingCharacters(in: .whitespaces)
            let hasPicture = row.hasPrefix("▀") || row.hasPrefix("▄") || row.hasPrefix("█")
            let title = row.drop { "▀▄█ ".contains($0) }
            #expect(rows[0].hasPrefix(String(title.prefix(20))), "post \(position): the preview starts with \(rows[0])")
            let rule = rows.firstIndex { $0.hasPrefix("──") } ?? rows.count
            let blankRun = zip(rows[..<rule], rows[..<rule].dropFirst()).contains { $0.isEmpty && $1.isEmpty }
            #expect(!blankRun, "post \(position): blank rows above its comments: \(rows[..<rule])")
            let halfBlocks = rows.prefix(8).contains { $0.contains("▀") || $0.contains("▄") }
            #expect(halfBlocks == hasPicture, "post \(position): picture \(hasPicture), preview \(rows.prefix(8))")
            sawPicture = sawPicture || hasPicture
            sawNone = sawNone || !hasPicture
            if sawPicture && sawNone && position > 2 { break }
            try tmux.sendKeys("j")
            screen = try tmux.waitFor({ $0[49].contains(" \(position + 1)/") && !$0[49].contains("▣") && self.showsComments(self.pane($0)) },
                                      timeout: 30, description: "post \(position + 1) and its comments")
        }
        #expect(sawPicture && sawNone, "the first posts were all with or all without a picture:\n\(screen.joined(separator: "\n"))")
        #expect(list(screen).dropLast().allSatisfy { !$0.isEmpty }, "\(list(screen))")
    }
}
