import FeedTestSupport
import Foundation
import Testing

/// `--live SECONDS` against the replica: the visible page is fetched again on the period, and
/// the cursor keeps its item and row.
@Suite(.serialized) struct LiveScreenTests {
    let binary = FeedscrollBinary.path

    /// Polls the replica's counters until `condition` holds (the replica is another process;
    /// nothing on screen says a request arrived).
    func waitForStats(_ replica: ServeProcess, timeout: TimeInterval = 15, description: String,
                      _ condition: ([String: Int]) -> Bool) throws -> [String: Int] {
        let deadline = Date().addingTimeInterval(timeout)
        var stats = try replica.routeStats()
        while !condition(stats) {
            guard Date() < deadline else { throw StatsTimeout(description: "timed out waiting for \(description); stats \(stats)") }
            usleep(50_000)
            stats = try replica.routeStats()
        }
        return stats
    }

    @Test func visiblePageIsFetchedAgainOnThePeriodAndTheCursorStays() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("--items 80")
        defer { replica.stop() }
        let base = try #require(replica.baseURLs["hn"])
        let tmux = try TmuxSession(
            command: "exec \(binary) hn --base-url \(base) --page-size 10 --prefetch 0 --live 1",
            environment: ["LC_ALL": "C.UTF-8"])
        defer { tmux.kill() }
        try tmux.waitFor({ $0[23].contains("hn top") && !$0[23].contains("⇣") }, timeout: 20, description: "the first page")
        for _ in 0..<3 { try tmux.sendKeys("j") }
        let before = try tmux.waitFor({ $0[23].contains(" 4/") }, description: "cursor on item 4")
        let cursorRow = try #require(before.firstIndex { $0.hasPrefix("▌") })
        let start = try replica.routeStats()
        // Two live updates: each asks for the list again (new stories appear) and the page on screen.
        let after = try waitForStats(replica, description: "two live updates") {
            ($0["hn/v0/topstories"] ?? 0) >= (start["hn/v0/topstories"] ?? 0) + 2
                && ($0["hn/v0/item"] ?? 0) >= (start["hn/v0/item"] ?? 0) + 20
        }
        #expect((after["hn/v0/item"] ?? 0) - (start["hn/v0/item"] ?? 0) >= 20)
        let screen = try tmux.waitFor({ !$0[23].contains("⇣") }, description: "the update applied")
        #expect(screen[cursorRow] == before[cursorRow])
        #expect(screen[23].contains(" 4/"))
    }
}

private struct StatsTimeout: Error, CustomStringConvertible {
    let description: String
}
