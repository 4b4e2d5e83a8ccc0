import FeedTestSupport
import Foundation
import Testing

/// Issue 23: Hacker News draws its first rows before their page, and what the screen shows
/// answers keys: on the real binary in tmux against a slow, rate-limited replica.
@Suite(.serialized) struct FirstRowsScreenTests {
    func start(_ arguments: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(command: "exec \(FeedscrollBinary.path) \(arguments)", environment: ["LC_ALL": "C.UTF-8"])
    }

    /// At 300 ms a request and five a second, the page's 30 items take seconds after the first
    /// rows: j and Enter pressed as soon as those rows are drawn move the cursor and open the
    /// second story, whose comments come without waiting for the list's page; back in the list
    /// the cursor is on that story.
    @Test func jAndEnterOnTheFirstRowsActBeforeTheirPage() throws {
        let replica = try ServeProcess("--items 200 --latency-ms 300 --rate-limit 5/s")
        let base = try #require(replica.baseURLs["hn"])
        let tmux = try start("hn --base-url \(base) --no-cache")
        // Two rows drawn (the second's meta line: with one row, row 2 is the loading line), the
        // page not in yet: the position is the early cursor's (`1/…`).
        let early = try tmux.waitFor({ $0[3].contains(" · ") && $0[23].contains("1/…") }, timeout: 20, description: "the first rows before their page")
        #expect(early[0].hasPrefix("▌ "), "the first row has the cursor")
        let second = early[2].trimmingCharacters(in: .whitespaces)
        try tmux.sendKeys("j")
        try tmux.sendKeys("Enter")
        // The detail of the second story, then its first comment (the host's pace, learned from
        // the first burst's refusals, spaces the comment round's requests).
        let head = String(second.prefix(24))
        try tmux.waitFor({ $0.prefix(4).contains { $0.contains(head) } && $0[23].contains("line 1") }, timeout: 10,
                         description: "the second story's detail")
        try tmux.waitFor({ $0.contains { $0.contains("▾ ") } }, timeout: 40, description: "a comment")
        try tmux.sendKeys("Escape")
        let list = try tmux.waitFor({ $0[23].contains(" 2/") && !$0[23].contains("…") }, timeout: 30, description: "the list with its page, on row 2")
        #expect(list[2].hasPrefix("▌ ") && list[2].contains(head), "the cursor stayed on the story opened")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// A key that needs the page (`G`) waits, says so, and is applied when the page lands.
    @Test func aKeyThatNeedsThePageWaitsAndSaysSo() throws {
        let replica = try ServeProcess("--items 60 --latency-ms 300 --rate-limit 5/s")
        let base = try #require(replica.baseURLs["hn"])
        let tmux = try start("hn --base-url \(base) --no-cache")
        try tmux.waitFor({ !$0[0].isEmpty && $0[23].contains("1/…") }, timeout: 20, description: "the first rows before their page")
        try tmux.sendKeys("G")
        try tmux.waitForText("G waits for the page", timeout: 10)
        try tmux.waitFor({ $0.contains { $0.contains("end of feed") } }, timeout: 60, description: "G applied: the end of the feed")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
