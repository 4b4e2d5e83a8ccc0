import FeedReplica
import FeedTestSupport
import Foundation
import Testing

/// `feedscroll feed` in a real terminal against `feedscroll serve`: the newest entries first,
/// then the feed paged back through its archives to the oldest entry as the cursor goes down,
/// each archive fetched once.
@Suite(.serialized) struct FeedScreenTests {
    @Test func anArchivedFeedPagesBackThroughItsHistory() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("")
        let base = try #require(replica.baseURLs["feeds"])
        let origin = "http://127.0.0.1:\(replica.port)"
        let truth = ReplicaFeeds.entries("atom-archived", origin: origin)
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) feed \(base)/atom-archived --no-cache --page-size 10",
            environment: ["LC_ALL": "C.UTF-8"])
        let newest = String(truth[0].title.prefix(20))
        _ = try tmux.waitFor({ $0.contains { $0.contains(newest) } }, timeout: 20, description: "the newest entry")
        // Down to the bottom: every page of every archive, then the end.
        // G goes to the last row loaded; the pager then asks for the next page, and the next G
        // goes further. Until the footer says the feed ended.
        var screen: [String] = []
        for _ in 0..<30 {
            try tmux.sendKeys("G")
            if let ended = try? tmux.waitFor({ $0.contains { $0.contains("end of history") } }, timeout: 2, description: "the end") {
                screen = ended
                break
            }
        }
        #expect(screen.contains { $0.contains("— end of history · 70 items —") }, "\(screen.suffix(3))")
        let oldest = String(truth[69].title.prefix(20))
        #expect(screen.contains { $0.contains(oldest) }, "\(screen)")
        let stats = try replica.routeStats()
        #expect(stats["feeds/atom-archived"] == 1)
        for k in 1...3 { #expect(stats["feeds/atom-archived/archive/\(k)"] == 1, "\(stats)") }
        try tmux.sendKeys("q")
    }
}
