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

    /// `a` on an entry reads the page it links to (a JSON Feed's entries carry only a summary):
    /// the entry's title and author over the article's text, and Esc back on the same entry.
    @Test func aOnAnEntryReadsThePageItLinksTo() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("")
        defer { replica.stop() }
        let base = try #require(replica.baseURLs["feeds"])
        let origin = "http://127.0.0.1:\(replica.port)"
        let truth = ReplicaFeeds.entries("json-paged", origin: origin)
        // A plain title, so its first 40 characters are on one line of the reader.
        let rank = try #require(truth.prefix(10).firstIndex { $0.title.allSatisfy(\.isASCII) && $0.title.count < 60 })
        let entry = truth[rank]
        let index = try #require(Int(entry.url.split(separator: "/").last ?? ""))
        let page = try #require(ReplicaFeeds.post("json-paged", index, origin: origin))
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) feed \(base)/json-paged --no-cache",
            environment: ["LC_ALL": "C.UTF-8", "BROWSER": "true"])
        _ = try tmux.waitFor({ $0.contains { $0.contains(String(truth[0].title.prefix(20))) } }, timeout: 20, description: "the newest entry")
        for _ in 0..<rank { try tmux.sendKeys("j") }
        let list = try tmux.waitFor({ $0[23].contains(" \(rank + 1)/") }, description: "the cursor on the entry")
        try tmux.sendKeys("a")
        let reader = try tmux.waitFor({ $0[23].contains(" reader · ") }, timeout: 20, description: "the reader")
        #expect(reader[0].contains(String(entry.title.prefix(40))), "\(reader)")
        #expect(reader[1].contains(entry.author), "\(reader)")
        #expect(reader.contains { $0.contains(String(page.paragraphs[0].prefix(30))) }, "the article's first paragraph: \(reader)")
        #expect(!reader.joined().contains("We use cookies"))
        #expect(try replica.routeStats()["feeds/json-paged/posts/{index}"] == 1)
        try tmux.sendKeys("Escape")
        let back = try tmux.waitFor({ $0[23].contains(" \(rank + 1)/") && !$0[23].contains("reader") }, description: "back on the list")
        #expect(back.firstIndex { $0.hasPrefix("▌ ") } == list.firstIndex { $0.hasPrefix("▌ ") })
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
