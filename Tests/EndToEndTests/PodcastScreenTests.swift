import FeedModel
import FeedReplica
import FeedTestSupport
import Foundation
import Testing

/// A podcast's entry in a real terminal against `feedscroll serve`: its detail shows the
/// episode's type, size, duration and address on a line of its own, and `o` starts $BROWSER
/// with the episode's address (the podcast convention), in the list and in the detail, while
/// `o` on an entry with no enclosure still opens its page.
@Suite struct PodcastScreenTests {
    /// Waits for a file the browser script writes whole (by renaming it into place).
    func waitForFile(_ path: String, timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("timed out waiting for \(path)")
        return ""
    }

    @Test func oOnAPodcastEntryOpensTheEpisode() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("")
        defer { replica.stop() }
        let base = try #require(replica.baseURLs["feeds"])
        let origin = "http://127.0.0.1:\(replica.port)"
        let truth = ReplicaFeeds.entries("rss-paged", origin: origin)
        let rank = try #require(truth.firstIndex { $0.enclosure != nil })
        let episode = try #require(truth[rank].enclosure)
        let duration = try #require(episode.duration)
        #expect(rank > 0, "the newest entry has no enclosure: o there opens its page")

        let scratch = NSTemporaryDirectory() + "feedscroll-podcast-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let opened = scratch + "/opened"
        let browser = scratch + "/browser"
        try """
            #!/bin/sh
            printf '%s\\n' "$@" > '\(opened).tmp'
            mv '\(opened).tmp' '\(opened)'
            """.write(toFile: browser, atomically: true, encoding: .utf8)
        chmod(browser, 0o755)
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) feed \(base)/rss-paged --no-cache",
            columns: 120, rows: 24, environment: ["LC_ALL": "C.UTF-8", "BROWSER": browser])
        _ = try tmux.waitFor({ $0.contains { $0.contains(String(truth[0].title.prefix(20))) } }, timeout: 20, description: "the newest entry")

        // The newest entry carries no episode: `o` opens its page.
        try tmux.sendKeys("o")
        try tmux.waitForText("opening \(truth[0].url)")
        #expect(try waitForFile(opened) == truth[0].url + "\n")
        unlink(opened)

        for _ in 0..<rank { try tmux.sendKeys("j") }
        _ = try tmux.waitFor({ $0[23].contains(" \(rank + 1)/") }, description: "the cursor on the episode")
        try tmux.sendKeys("o")
        try tmux.waitForText("opening \(episode.url)")
        #expect(try waitForFile(opened) == episode.url + "\n")
        unlink(opened)

        // The detail: the episode on a line of its own, then `o` there plays it too.
        try tmux.sendKeys("Enter")
        let line = "▶ audio/mpeg · \(ItemFact.Media.sizeText(episode.length)) · \(ItemFact.Media.durationText(duration)) · \(episode.url)"
        let detail = try tmux.waitFor({ $0.contains { $0.contains(line) } }, timeout: 10, description: "the episode's line")
        #expect(detail.contains { $0.contains(truth[rank].url) }, "the entry's page is still shown: \(detail)")
        try tmux.sendKeys("o")
        #expect(try waitForFile(opened) == episode.url + "\n")
        try tmux.sendKeys("q")
    }
}
