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
    /// level at a time they take the thread's depth in round trips, which no client showing
    /// them in thread order can beat (a comment's id is known only once its parent is). The
    /// story's own round is shared with its first replies, whose ids the list already saw.
    /// Measured here: 7 round trips for a story whose first twenty comments are 7 levels deep,
    /// 2.25–2.32 s over 5 runs at load ~4 (2.59–2.87 s with the story's round apart); 2.1 s of
    /// it is the 7 × 300 ms the walk cannot avoid, so 2 s is out of reach for this thread.
    /// The first screen (3 comments at 80×24) does not wait for them: 1.00–1.05 s over 8 runs.
    @Test func twentyCommentsInAsFewRoundTripsAsTheThreadIsDeep() throws {
        let replica = try ServeProcess("--latency-ms 300")
        let base = try #require(replica.baseURLs["hn"])
        let story = try replica.hackerNewsStory(withCommentsAtLeast: 40)
        // A page's window of comments (20) fits in one fan-out: the round trips are the levels.
        let tmux = try start("hn --base-url \(base) --connections 20")
        try tmux.waitFor({ $0[23].contains("hn top") && !$0[23].contains("⇣") && $0[23].contains("page") }, timeout: 20, description: "the first page")
        for _ in 0..<story.rank { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") && !$0[23].contains("⇣") }, timeout: 20, description: "cursor on the story")
        let levels = try levelsNeeded(replica, base: base, story: story.id, count: 20)
        let roundsBefore = try replica.rounds()
        let pressed = Date()
        try tmux.sendKeys("Enter")
        // The first screen of comments: comments down to the last row, the loading footer below it.
        var firstScreen: (seconds: Double, comments: Int)?
        try tmux.waitFor({ screen in
            if firstScreen == nil, screen[..<23].contains(where: { $0.contains("▾ ") }),
               !screen.contains(where: { $0.contains("Loading comments") })
            {
                firstScreen = (Date().timeIntervalSince(pressed), commentCount(screen[23]))
            }
            return commentCount(screen[23]) >= 20
        }, timeout: 20, description: "twenty comments")
        let elapsed = Date().timeIntervalSince(pressed)
        let rounds = try replica.rounds() - roundsBefore
        let screen = try #require(firstScreen, "the comments never filled a screen")
        print("first screen of comments \(screen.seconds) s after Enter (\(screen.comments) comments); twenty on screen \(elapsed) s after Enter, \(rounds) round trips one after another (\(levels) levels deep)")
        // Comments are drawn as soon as the ones before them are known: the first screen filled
        // while its page (20) was still on its way.
        #expect(screen.comments < 20, "the first screen waited for the whole page")
        // What the load cannot change: the walk took no more round trips than the thread's depth
        // forces on any client that shows comments in thread order, the story's round included
        // (the list saw its replies, so they are fetched with it).
        #expect(rounds <= levels, "\(rounds) round trips for the first twenty comments; \(levels) would do")
        // The time is reported, not asserted: wall time is the machine's load.
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// Esc while the comments load closes every request in flight (the replica counts them as
    /// cancelled) and starts none after.
    @Test func escWhileCommentsLoadClosesTheirRequests() throws {
        let replica = try ServeProcess("--latency-ms 300")
        let base = try #require(replica.baseURLs["hn"])
        let story = try replica.hackerNewsStory(withCommentsAtLeast: 40)
        let tmux = try start("hn --base-url \(base)")
        try tmux.waitFor({ $0[23].contains("hn top") && !$0[23].contains("⇣") && $0[23].contains("page") }, timeout: 20, description: "the first page")
        for _ in 0..<story.rank { try tmux.sendKeys("j") }
        try tmux.waitFor({ $0[23].contains(" \(story.rank + 1)/") && !$0[23].contains("⇣") }, timeout: 20, description: "cursor on the story")
        let cancelledBefore = try replica.cancelledCount()
        let requestsBefore = try replica.hackerNewsItemRequests()
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[23].contains("⇣") || $0.contains { $0.contains("Loading") } }, timeout: 10, description: "comments loading")
        // Esc once a comment request has reached the replica (counted as it arrives, before its
        // latency): the screen says loading as soon as the request is made, before it is on the
        // wire, and an Esc sent then closes a request the replica never saw (the flake: 0 cancelled).
        let sent = Date().addingTimeInterval(10)
        while try replica.hackerNewsItemRequests() == requestsBefore {
            try #require(Date() < sent, "no comment request reached the replica")
        }
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

    /// The fewest round trips one after another that can bring the first `count` comments of
    /// a thread in thread order once its first replies are known: one per level down to the
    /// deepest of them (a comment's id is known only once its parent is). Walked here with
    /// plain requests.
    private func levelsNeeded(_ replica: ServeProcess, base: String, story: Int, count: Int) throws -> Int {
        let root = try replica.json("\(base)/item/\(story).json") as? [String: Any]
        var stack = ((root?["kids"] as? [Int]) ?? []).map { (id: $0, level: 1) }
        var shown = 0
        var deepest = 0
        while shown < count, !stack.isEmpty {
            let next = stack.removeFirst()
            deepest = max(deepest, next.level)
            guard let item = try replica.json("\(base)/item/\(next.id).json") as? [String: Any] else { continue }
            stack.insert(contentsOf: ((item["kids"] as? [Int]) ?? []).map { (id: $0, level: next.level + 1) }, at: 0)
            // A deleted or dead comment is shown when it has replies: their placeholder.
            if item["deleted"] == nil && item["dead"] == nil || !((item["kids"] as? [Int]) ?? []).isEmpty { shown += 1 }
        }
        return deepest
    }
}

/// `… · 40 comments · …` in the detail's status line.
private func commentCount(_ status: String) -> Int {
    guard let range = status.range(of: #"(\d+) comments?"#, options: .regularExpression) else { return 0 }
    return Int(status[range].split(separator: " ")[0]) ?? 0
}
