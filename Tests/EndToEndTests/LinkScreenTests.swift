import FeedTestSupport
import Foundation
import Testing

/// Issue 23: links are shown as a browser's address bar shows them, percent-encoded UTF-8
/// decoded (`https://github.com/日本/…`, not `%E6%97%A5%E6%9C%AC`), on the real binary in tmux.
@Suite struct LinkScreenTests {
    @Test func aPercentEncodedLinkIsShownDecoded() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess()
        let base = try #require(replica.baseURLs["hn"])
        // The first story whose link has a percent-encoded path, as the pipe gives it.
        // The newest list: stable between the pipe and the screen (the front page is ranked
        // again every minute).
        let pipe = try runFeedscroll("hn new --base-url \(base) --json --limit 30 --no-cache")
        let stories = try jsonLines(pipe.standardOutput)
        let index = try #require(stories.firstIndex { ($0["url"] as? String)?.contains("%E6") == true }, "a percent-encoded link")
        let link = try #require(stories[index]["url"] as? String)
        let shown = try #require(link.removingPercentEncoding)
        #expect(shown != link)
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) hn new --base-url \(base) --no-cache", columns: 120, rows: 30,
            environment: ["LC_ALL": "C.UTF-8"])
        try tmux.waitFor({ $0[29].contains(" 1/") && $0[0].hasPrefix("▌ ") }, timeout: 30, description: "the first page")
        for _ in 0..<index { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0[29].contains(" \(index + 1)/") }, description: "the cursor on story \(index + 1)")
        try tmux.sendKeys("Enter")
        let detail = try tmux.waitFor({ $0[29].contains("line 1") && $0.contains { $0.contains("https://") } }, timeout: 20,
                                      description: "the story's detail with its link")
        #expect(detail.contains { $0.contains(shown) }, "\(shown) not on:\n\(detail.joined(separator: "\n"))")
        #expect(!detail.contains { $0.contains("%E6") }, "\(detail.joined(separator: "\n"))")
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
