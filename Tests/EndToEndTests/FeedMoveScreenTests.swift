import FeedFormats
import FeedReplica
import FeedTestSupport
import Foundation
import Testing

/// A subscription that moved for good, in a real terminal against `feedscroll serve`: the
/// replica's `moved-chain` answers 308 to `moved-permanently`, which answers 301 to `latest`.
/// The first run follows the chain once and the list says once that the feed moved; a read mark
/// made then is still there in the second run, which asks `latest` directly (the replica's
/// request log); the temporary move (302) is asked where it was every time; `export` writes the
/// new address while the config is left as it was.
@Suite(.serialized) struct FeedMoveScreenTests {
    /// The replica's request log (`/_requests`): each request's path, in order.
    static func requestedPaths(_ origin: String) throws -> [String] {
        let object = try ServeProcess.fetchJSON("\(origin)/_requests") as? [String: Any]
        let requests = (object?["requests"] as? [[String: Any]]) ?? []
        return requests.compactMap { $0["path"] as? String }
    }

    /// The row whose title line contains `text`, with its meta line.
    static func row(_ screen: [String], _ text: String) -> String? {
        guard let index = screen.firstIndex(where: { $0.contains(text) }) else { return nil }
        return screen[index] + " | " + (index + 1 < screen.count ? screen[index + 1] : "")
    }

    @Test func aFeedThatMovedOpensWithItsEntriesAndIsAskedAtItsNewAddress() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("")
        defer { replica.stop() }
        let base = try #require(replica.baseURLs["feeds"])
        let origin = "http://127.0.0.1:\(replica.port)"
        let truth = ReplicaFeeds.entries("latest", origin: origin)
        let scratch = NSTemporaryDirectory() + "feedscroll-moved-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let config = scratch + "/config.toml"
        let cache = scratch + "/cache.sqlite"
        let configText = """
            refresh_on_start = true

            [[subscriptions]]
            url = "\(base)/moved-chain"
            name = "Moved"

            [[subscriptions]]
            url = "\(base)/moved-temporarily"
            name = "Lent"
            """
        try configText.write(toFile: config, atomically: true, encoding: .utf8)
        func feeds() throws -> TmuxSession {
            try TmuxSession(
                command: "exec \(FeedscrollBinary.path) feeds --config \(config) --cache \(cache) --page-size 10",
                columns: 120, rows: 30, environment: ["LC_ALL": "C.UTF-8", "BROWSER": "true"])
        }

        // First run: the refresh follows the chain, and the list says where the feed went.
        var tmux = try feeds()
        var screen = try tmux.waitForText("refreshed 2: 2 changed", timeout: 20)
        let moved = try #require(Self.row(screen, "Moved"))
        #expect(moved.contains("10 unread") && moved.contains("moved to \(base)/latest (308)"), "\(screen)")
        #expect(Self.row(screen, "Lent")?.contains("moved") == false, "\(screen)")
        // Open it, read its newest entry, come back: the note was said once.
        try tmux.sendKeys("j", "j", "Enter")
        try tmux.waitForText(String(truth[0].title.prefix(20)), timeout: 20)
        try tmux.sendKeys("Enter")
        _ = try tmux.waitFor({ $0.contains { $0.contains(truth[0].url) } }, description: "the entry's detail")
        try tmux.sendKeys("Escape", "Escape")
        screen = try tmux.waitFor({ Self.row($0, "Moved")?.contains("9 unread") == true }, timeout: 10, description: "9 unread")
        #expect(Self.row(screen, "Moved")?.contains("moved to") == false, "said once: \(screen)")
        try tmux.sendKeys("q")
        _ = try tmux.waitForExit()
        let firstRun = try Self.requestedPaths(origin)
        #expect(firstRun.filter { $0 == "/feeds/moved-chain" }.count == 1, "\(firstRun)")

        // Second run: the same feed, its read mark and count, asked at its new address directly.
        tmux = try feeds()
        screen = try tmux.waitForText("refreshed 2:", timeout: 20)
        #expect(Self.row(screen, "Moved")?.contains("9 unread") == true, "\(screen)")
        #expect(Self.row(screen, "Moved")?.contains("moved to") == false, "\(screen)")
        try tmux.sendKeys("j", "j", "Enter")
        screen = try tmux.waitForText(String(truth[1].title.prefix(20)), timeout: 20)
        #expect(screen.contains { $0.contains(String(truth[0].title.prefix(20))) }, "the old entries: \(screen)")
        try tmux.sendKeys("q")
        _ = try tmux.waitForExit()
        let secondRun = Array(try Self.requestedPaths(origin).dropFirst(firstRun.count))
        #expect(!secondRun.contains("/feeds/moved-chain") && !secondRun.contains("/feeds/moved-permanently"), "\(secondRun)")
        #expect(secondRun.contains("/feeds/latest"), "\(secondRun)")
        #expect(secondRun.filter { $0 == "/feeds/moved-temporarily" }.count == 1, "a 302 changes nothing: \(secondRun)")

        // The config is the user's, unchanged; the exported list has the new address.
        #expect(try String(contentsOfFile: config, encoding: .utf8) == configText)
        let exported = try runFeedscroll("export --cache \(cache) --config \(config)")
        #expect(exported.status == 0, "\(exported.standardError)")
        let document = try OPML.parse(Array(exported.standardOutput.utf8))
        #expect(document.subscriptions.map(\.url) == ["\(base)/latest", "\(base)/moved-temporarily"])
        #expect(document.subscriptions.map(\.name) == ["Moved", "Lent"])
    }
}
