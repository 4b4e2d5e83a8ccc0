import FeedTestSupport
import Foundation
import Testing

/// The async spine as a reader feels it, on the real binary in tmux against a slow replica:
/// comments fetched a level at a time arrive fast, and leaving a detail closes its requests.
@Suite(.serialized) struct CommentLatencyScreenTests {
    func start(_ arguments: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(command: "exec \(FeedscrollBinary.path) \(arguments)", environment: ["LC_ALL": "C.UTF-8"])
    }

    /// At 300 ms a request, twenty comments one after another took about 6.8 s; fetched a
    /// level at a time they take about the thread's depth in round trips.
    @Test func twentyCommentsWithinTwoSecondsAt300ms() throws {
        let replica = try ServeProcess("--latency-ms 300")
        let base = try #require(replica.baseURLs["hn"])
        let story = try storyWithComments(base: base, atLeast: 40)
        let tmux = try start("hn --base-url \(base)")
        try tmux.waitFor({ $0[23].contains("hn top") && !$0[23].contains("⇣") && $0[23].contains("page") }, timeout: 20, description: "the first page")
        for _ in 0..<story.rank { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, timeout: 20, description: "cursor on the story")
        let pressed = Date()
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ commentCount($0[23]) >= 20 }, timeout: 20, description: "twenty comments")
        let elapsed = Date().timeIntervalSince(pressed)
        // One comment after another cannot beat 20 round trips (6 s at 300 ms each): under that
        // bound the walk must have fetched siblings together. The figure itself (3.3 s on a
        // machine at load 12; the goal is 2 s) is reported, not asserted: wall time is the load's.
        #expect(elapsed < 6.0, "twenty comments took \(elapsed) s")
        print("twenty comments on screen \(elapsed) s after Enter")
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// Esc while the comments load closes every request in flight (the replica counts them as
    /// cancelled) and starts none after.
    @Test func escWhileCommentsLoadClosesTheirRequests() throws {
        let replica = try ServeProcess("--latency-ms 300")
        let base = try #require(replica.baseURLs["hn"])
        let story = try storyWithComments(base: base, atLeast: 40)
        let tmux = try start("hn --base-url \(base)")
        try tmux.waitFor({ $0[23].contains("hn top") && !$0[23].contains("⇣") && $0[23].contains("page") }, timeout: 20, description: "the first page")
        for _ in 0..<story.rank { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") && !$0[23].contains("⇣") }, timeout: 20, description: "cursor on the story")
        let cancelledBefore = try replica.cancelledCount()
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[23].contains("⇣") || $0.contains { $0.contains("Loading") } }, timeout: 10, description: "comments loading")
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") }, timeout: 10, description: "back on the list")
        // The replica sees the connections close: wait for its count, not for a time.
        let deadline = Date().addingTimeInterval(10)
        var cancelled = try replica.cancelledCount() - cancelledBefore
        while cancelled == 0 && Date() < deadline {
            cancelled = try replica.cancelledCount() - cancelledBefore
        }
        #expect(cancelled > 0)
        let items = try replica.routeStats()["hn/v0/item"] ?? 0
        // An observation window three times the latency: a request started after Esc would show.
        Thread.sleep(forTimeInterval: 0.9)
        #expect(try replica.routeStats()["hn/v0/item"] ?? 0 == items, "no request started after Esc")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    // MARK: - Helpers

    struct NoSuchStory: Error { var minimum: Int }

    private func storyWithComments(base: String, atLeast minimum: Int) throws -> (rank: Int, descendants: Int) {
        let ids = try fetchJSON("\(base)/topstories.json") as? [Int] ?? []
        for (rank, id) in ids.prefix(15).enumerated() {
            let item = try fetchJSON("\(base)/item/\(id).json") as? [String: Any]
            if let count = item?["descendants"] as? Int, count >= minimum, item?["dead"] == nil, item?["deleted"] == nil {
                return (rank, count)
            }
        }
        throw NoSuchStory(minimum: minimum)
    }

    private func fetchJSON(_ url: String) throws -> Any {
        let result = try ChildProcess.run(["curl", "-s", "--max-time", "5", url], environment: ProcessInfo.processInfo.environment)
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    }
}

/// `… · 40 comments · …` in the detail's status line.
private func commentCount(_ status: String) -> Int {
    guard let range = status.range(of: #"(\d+) comments?"#, options: .regularExpression) else { return 0 }
    return Int(status[range].split(separator: " ")[0]) ?? 0
}
