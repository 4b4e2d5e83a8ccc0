import FeedTestSupport
import Foundation
import Testing

/// Issue 23: the screen says what is happening in every view, on the real binary in tmux.
@Suite(.serialized) struct StatusScreenTests {
    func start(_ arguments: String, environment: [String: String] = [:]) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments)",
            environment: ["LC_ALL": "C.UTF-8"].merging(environment) { $1 })
    }

    /// With no BROWSER and no xdg-open on the PATH, `o` in a detail says why nothing opened, as
    /// in the list; `y`, `u` and a list-only key (`H`) say what they did too.
    @Test func notesShowInADetail() throws {
        // The default run: Hacker News from the in-process replica. `env -u BROWSER` and a PATH
        // with no xdg-open on it.
        let tmux = try start("", environment: ["PATH": "/nonexistent", "BROWSER": ""])
        try tmux.waitForText("points")
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[23].contains("line 1") && $0[23].contains("comment") }, description: "the detail")
        try tmux.sendKeys("o")
        try tmux.waitFor({ $0[23].contains("cannot start xdg-open: No such file or directory") }, description: "o's failure in the detail")
        try tmux.sendKeys("y")
        try tmux.waitFor({ $0[23].contains("copied http") }, description: "y's note in the detail")
        try tmux.sendKeys("u")
        try tmux.waitFor({ $0[23].contains("marked unread") }, description: "u's note in the detail")
        try tmux.sendKeys("H")
        try tmux.waitFor({ $0[23].contains("H in the list: hide or show read items") }, description: "H says where it works")
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ !$0[23].contains("line 1") && $0[23].contains("1/") }, description: "back in the list")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// Over a search, a note goes first and the search's pattern and count after it.
    @Test func notesShowOverASearch() throws {
        let tmux = try start("demo --latency-ms 0", environment: ["BROWSER": "/nonexistent/browser"])
        try tmux.waitForText("points")
        try tmux.sendKeys("/")
        try tmux.sendLiteral("linus")
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[23].contains("/linus  1 of") }, description: "the search's count")
        try tmux.sendKeys("o")
        let screen = try tmux.waitFor(
            { $0[23].contains("cannot start /nonexistent/browser: No such file or directory") },
            description: "o's failure over the search")
        #expect(screen[23].hasPrefix(" cannot start"))
        try tmux.sendKeys("y")
        try tmux.waitFor({ $0[23].hasPrefix(" copied https://") && $0[23].contains("/linus  1 of") }, description: "y's note, then the search")
        try tmux.sendKeys("H")
        try tmux.waitFor({ $0[23].hasPrefix(" read items hidden") }, description: "H's note over the search")
        try tmux.sendKeys("u")
        try tmux.waitFor({ $0[23].hasPrefix(" marked read") }, description: "u's note over the search")
        try tmux.sendKeys("n")
        try tmux.waitFor({ $0[23].contains("/linus  2 of") }, description: "the count again at the next key")
    }
}
