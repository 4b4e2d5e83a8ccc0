import FeedFormats
import FeedModel
import FeedTestSupport
import Foundation
import Testing

/// `feedscroll import FILE.opml` and `feedscroll export` with the binary: the config's
/// `[[subscriptions]]` and the imported feeds out as OPML 2.0, and back in unchanged; bad input
/// is one line and a non-zero exit.
@Suite struct SubscriptionPipeTests {
    static let opml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="1.0"><head><title>from another reader</title></head><body>
          <outline text="Tech">
            <outline text="Atom paged" type="rss" xmlUrl="http://127.0.0.1:9/feeds/atom-paged"/>
            <outline title="R&eacute;sum&eacute;s" text="x" xmlUrl="http://127.0.0.1:9/feeds/rss-paged" category="/daily"/>
          </outline>
          <outline text="no scheme" xmlUrl="feeds/relative"/>
          <outline text="Config's too" xmlUrl="https://example.org/feed.xml"/>
        </body></opml>
        """

    @Test func importThenExportRoundTripsWithTheConfigsFeedsFirst() throws {
        let scratch = NSTemporaryDirectory() + "feedscroll-subs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let config = scratch + "/config.toml"
        try """
            [[subscriptions]]
            url = "https://example.org/feed.xml"
            name = "Example"
            tags = ["news"]
            """.write(toFile: config, atomically: true, encoding: .utf8)
        try Self.opml.write(toFile: scratch + "/in.opml", atomically: true, encoding: .utf8)
        let empty = scratch + "/empty.toml"
        try "".write(toFile: empty, atomically: true, encoding: .utf8)

        let imported = try runFeedscroll("import \(scratch)/in.opml --cache \(scratch)/a.sqlite --config \(config)")
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "imported 3 feeds: 3 new, 0 updated; 1 skipped (not http or https)\n")

        let exported = try runFeedscroll("export --cache \(scratch)/a.sqlite --config \(config)")
        #expect(exported.status == 0, "\(exported.standardError)")
        #expect(exported.standardOutput.contains("<opml version=\"2.0\">"))
        let document = try OPML.parse(Array(exported.standardOutput.utf8))
        // The config's feed first, with its own name and tags; the imported copy of it is not repeated.
        #expect(document.subscriptions == [
            Subscription(url: "https://example.org/feed.xml", name: "Example", tags: ["news"]),
            Subscription(url: "http://127.0.0.1:9/feeds/atom-paged", name: "Atom paged", tags: ["Tech"]),
            Subscription(url: "http://127.0.0.1:9/feeds/rss-paged", name: "Résumés", tags: ["Tech", "daily"]),
        ])

        // Round trip: the exported file imported into an empty cache exports the same text.
        try exported.standardOutput.write(toFile: scratch + "/out.opml", atomically: true, encoding: .utf8)
        let again = try runFeedscroll("import \(scratch)/out.opml --cache \(scratch)/b.sqlite --config \(empty)")
        #expect(again.standardOutput == "imported 3 feeds: 3 new, 0 updated\n", "\(again.standardError)")
        let second = try runFeedscroll("export --cache \(scratch)/b.sqlite --config \(empty)")
        #expect(second.standardOutput == exported.standardOutput)
        // Importing the same file twice adds nothing.
        let twice = try runFeedscroll("import \(scratch)/out.opml --cache \(scratch)/b.sqlite --config \(empty)")
        #expect(twice.standardOutput == "imported 3 feeds: 0 new, 0 updated\n")
    }

    @Test(arguments: [
        ("import /nonexistent/list.opml", 1, "feedscroll: import: /nonexistent/list.opml: no such file"),
        ("import BROKEN", 1, "feedscroll: import: BROKEN: "),
        ("import NOTOPML", 1, "feedscroll: import: NOTOPML: "),
        ("export --config BADCONFIG", 2, "feedscroll: config: BADCONFIG:2: subscriptions[1].url: \"feeds/atom\" is not a feed URL"),
    ])
    func badInputIsOneLine(arguments: String, status: Int32, start: String) throws {
        let scratch = NSTemporaryDirectory() + "feedscroll-subs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try "<opml version=\"2.0\"><body><outline".write(toFile: scratch + "/broken.opml", atomically: true, encoding: .utf8)
        try "<rss version=\"2.0\"><channel><title>x</title></channel></rss>".write(
            toFile: scratch + "/feed.xml", atomically: true, encoding: .utf8)
        try "[[subscriptions]]\nurl = \"feeds/atom\"\n".write(toFile: scratch + "/bad.toml", atomically: true, encoding: .utf8)
        let line = arguments.replacingOccurrences(of: "BROKEN", with: scratch + "/broken.opml")
            .replacingOccurrences(of: "NOTOPML", with: scratch + "/feed.xml")
            .replacingOccurrences(of: "BADCONFIG", with: scratch + "/bad.toml")
        let run = try runFeedscroll(line + " --cache \(scratch)/c.sqlite")
        #expect(run.status == status)
        #expect(run.standardOutput.isEmpty)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(run.standardError)")
        let expected = start.replacingOccurrences(of: "BROKEN", with: scratch + "/broken.opml")
            .replacingOccurrences(of: "NOTOPML", with: scratch + "/feed.xml")
            .replacingOccurrences(of: "BADCONFIG", with: scratch + "/bad.toml")
        #expect(run.standardError.hasPrefix(expected), "\(run.standardError)")
    }
}

/// `feedscroll feeds --refresh`: every subscription at once, a progress line each, and an
/// unchanged feed costs exactly one request (a 304) the second time.
@Suite struct RefreshAllPipeTests {
    @Test func aSecondRefreshCostsOne304PerFeed() throws {
        let replica = try ServeProcess("")
        let base = try #require(replica.baseURLs["feeds"])
        let scratch = NSTemporaryDirectory() + "feedscroll-refresh-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        // A page of 10: the first page is ready before its document's end (20 entries), and the
        // document must still be kept with its validators for the second refresh to ask conditionally.
        let feeds = ["atom-archived", "rss-paged", "json-paged"]
        try feeds.map { "[[subscriptions]]\nurl = \"\(base)/\($0)\"\nname = \"\($0)\"\n" }.joined(separator: "\n")
            .write(toFile: scratch + "/config.toml", atomically: true, encoding: .utf8)
        let command = "feeds --refresh --page-size 10 --config \(scratch)/config.toml --cache \(scratch)/cache.sqlite"

        let first = try runFeedscroll(command)
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput == "refreshed 3 feeds: 3 changed, 0 not modified, 0 failed\n")
        let progress = first.standardError.split(separator: "\n").map(String.init)
        #expect(progress.count == 3, "\(first.standardError)")
        #expect(progress.map { String($0.prefix(while: { $0 != "·" })) } == ["feedscroll: refresh 1/3 ", "feedscroll: refresh 2/3 ", "feedscroll: refresh 3/3 "])
        #expect(progress.contains { $0.hasSuffix("· rss-paged: 10 entries on its first page, 10 new") }, "\(progress)")
        var stats = try replica.routeStats()
        for feed in feeds { #expect(stats["feeds/\(feed)"] == 1, "\(feed): \(stats)") }

        let second = try runFeedscroll(command)
        #expect(second.status == 0, "\(second.standardError)")
        #expect(second.standardOutput == "refreshed 3 feeds: 0 changed, 3 not modified, 0 failed\n")
        #expect(second.standardError.split(separator: "\n").allSatisfy { $0.hasSuffix(": not modified") }, "\(second.standardError)")
        stats = try replica.routeStats()
        // One more request each, answered 304; no archive, no second page.
        for feed in feeds { #expect(stats["feeds/\(feed)"] == 2, "\(feed): \(stats)") }
        #expect(stats.keys.filter { $0.contains("/archive/") }.isEmpty, "\(stats)")
    }
}
