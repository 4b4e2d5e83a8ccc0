import FeedTestSupport
import Foundation
import Testing

/// hn-search rows are Hacker News items: Enter opens the thread, from Algolia's `/items/{id}`.
@Suite struct SearchCommentsScreenTests {
    @Test func searchResultOpensItsCommentThread() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("--items 130")
        let base = try #require(replica.baseURLs["hn-search"])
        // The first result with comments, and how many it says it has.
        let listing = try jsonLines(try runFeedscroll("hn-search --base-url \(base) --json --limit 30").standardOutput)
        let index = try #require(listing.firstIndex { ($0["comments"] as? Int ?? 0) >= 3 })
        let count = try #require(listing[index]["comments"] as? Int)

        let tmux = try TmuxSession(command: "exec \(FeedscrollBinary.path) hn-search --base-url \(base)", environment: ["LC_ALL": "C.UTF-8"])
        try tmux.waitFor({ $0[23].contains(" page") && !$0[23].contains("⇣") }, timeout: 20, description: "the first pages")
        for _ in 0..<index { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0[23].contains("· \(index + 1)/") }, description: "row \(index + 1)")
        try tmux.sendKeys("Enter")
        // The status line is drawn after the comments: wait for it too (tmux can be read mid-frame).
        let screen = try tmux.waitFor({ $0.contains { $0.contains("▾ ") } && $0[23].contains("comments") }, timeout: 20,
                                      description: "the first comment and the detail's status line")
        #expect(screen.contains { $0.contains("── \(count) comment") })
        #expect(screen[23].contains("comments"))
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
        let stats = try replica.routeStats()
        #expect(stats["algolia/api/v1/items"] == 1, "one request for the thread: \(stats)")
    }
}
