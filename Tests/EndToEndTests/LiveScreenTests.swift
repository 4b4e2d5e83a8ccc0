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

extension LiveScreenTests {
    /// Against a drifting replica (new stories on top, scores rising), each live update marks
    /// the rows it changed (a bold meta line; green where there are colours) for two seconds, and
    /// counts the stories it brought above the cursor as `↑N new`.
    @Test func aLiveUpdateHighlightsTheRowsItChangedForAMoment() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("--items 80 --drift 2")
        defer { replica.stop() }
        let base = try #require(replica.baseURLs["hn"])
        let tmux = try TmuxSession(
            command: "exec \(binary) hn new --base-url \(base) --page-size 10 --live 5",
            environment: ["LC_ALL": "C.UTF-8"])
        defer { tmux.kill() }
        try tmux.waitFor({ $0[23].contains("hn new") && !$0[23].contains("⇣") }, timeout: 20, description: "the first page")
        // A meta line is dim (or grey) unless a live update just changed its row: then it is bold
        // (and green where there are colours), under the cursor too (its bar is in the margin).
        func markedRows(_ screen: [String]) -> [Int] {
            screen.indices.filter { $0 % 2 == 1 && $0 < 22 && screen[$0].contains("  \u{1B}[1m") }
        }
        let marked = try tmux.waitFor({ !markedRows($0).isEmpty }, timeout: 20,
                                      description: "a highlighted meta line", escapes: true)
        #expect(markedRows(marked).allSatisfy { !marked[$0].contains("▌") }, "the cursor's bar is on title rows only")
        try tmux.waitFor({ $0[23].range(of: #"↑\d+ new"#, options: .regularExpression) != nil },
                         description: "new stories counted above the cursor")
        // The mark goes after two seconds, before the next update five seconds after the last: a
        // window of about three seconds with no mark, as long as one update's latency is not
        // three seconds longer than the next one's (with `--live 3` it was one second).
        try tmux.waitFor({ markedRows($0).isEmpty }, timeout: 10, description: "the highlight to end", escapes: true)
    }
}

private struct StatsTimeout: Error, CustomStringConvertible {
    let description: String
}
