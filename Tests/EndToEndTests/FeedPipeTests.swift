import FeedReplica
import FeedTestSupport
import Foundation
import Testing

/// `feedscroll feed URL` in pipe mode against `feedscroll serve` over loopback: the whole
/// history of an archived feed in order with exactly the documented `--json` fields, archives
/// fetched once ever across runs sharing a cache, `--plain`'s `id<TAB>title`.
@Suite struct FeedPipeTests {
    static let fields: Set<String> = ["id", "title", "url", "author", "time", "summary", "content", "enclosures", "tags", "feed"]

    @Test func archivedFeedAcrossTwoRunsFetchesEachArchiveOnce() throws {
        let replica = try ServeProcess("")
        let base = try #require(replica.baseURLs["feeds"])
        let origin = "http://127.0.0.1:\(replica.port)"
        let cache = NSTemporaryDirectory() + "feedscroll-feed-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { unlink(cache + suffix) } }

        let first = try runFeedscroll("feed \(base)/atom-archived --json --cache \(cache)")
        #expect(first.status == 0, "\(first.standardError)")
        let records = try jsonLines(first.standardOutput)
        let truth = ReplicaFeeds.entries("atom-archived", origin: origin)
        #expect(records.map { $0["id"] as? String } == truth.map(\.id))
        #expect(records.map { $0["title"] as? String } == truth.map(\.title))
        #expect(records.map { ($0["time"] as? NSNumber)?.int64Value } == truth.map(\.time))
        for record in records { #expect(Set(record.keys) == Self.fields, "\(record.keys.sorted())") }
        #expect(records.allSatisfy { $0["feed"] as? String == "Replica atom-archived" })
        let withEnclosure = try #require(zip(records, truth).first { $0.1.enclosure != nil })
        let enclosure = try #require((withEnclosure.0["enclosures"] as? [[String: Any]])?.first)
        #expect(enclosure["url"] as? String == withEnclosure.1.enclosure?.url)
        #expect(enclosure["type"] as? String == "audio/mpeg")
        #expect((enclosure["length"] as? NSNumber)?.int64Value == withEnclosure.1.enclosure?.length)
        #expect(records.allSatisfy { ($0["summary"] as? String)?.hasPrefix("Entry ") == true })

        let second = try runFeedscroll("feed \(base)/atom-archived --plain --cache \(cache)")
        #expect(second.status == 0, "\(second.standardError)")
        let lines = second.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines == truth.map { "\($0.id ?? "")\t\($0.title)" })

        let stats = try replica.routeStats()
        // The subscription document twice (the second time a 304), each archive once ever.
        #expect(stats["feeds/atom-archived"] == 2)
        for k in 1...3 { #expect(stats["feeds/atom-archived/archive/\(k)"] == 1, "\(stats)") }
    }

    /// A podcast's enclosures in `--json`: url, type and length as always, and `duration` in
    /// seconds where the feed states one (RSS 2.0's `itunes:duration`, as seconds and as
    /// `H:MM:SS`; JSON Feed's `duration_in_seconds`), absent where it states none (Atom).
    @Test(arguments: ["rss-paged", "json-paged", "atom-paged"])
    func enclosuresCarryTheirDuration(_ feed: String) throws {
        let replica = try ServeProcess("")
        let base = try #require(replica.baseURLs["feeds"])
        let run = try runFeedscroll("feed \(base)/\(feed) --json --no-cache --limit 20")
        #expect(run.status == 0, "\(run.standardError)")
        let records = try jsonLines(run.standardOutput)
        let truth = ReplicaFeeds.entries(feed, origin: "http://127.0.0.1:\(replica.port)").prefix(20)
        #expect(records.count == 20)
        var seen = 0
        for (record, entry) in zip(records, truth) {
            let enclosures = try #require(record["enclosures"] as? [[String: Any]])
            guard let m = entry.enclosure else {
                #expect(enclosures.isEmpty)
                continue
            }
            seen += 1
            let e = try #require(enclosures.first)
            #expect(e["url"] as? String == m.url)
            #expect((e["length"] as? NSNumber)?.int64Value == m.length)
            #expect((e["duration"] as? NSNumber)?.intValue == m.duration, "\(e)")
            #expect(Set(e.keys) == (m.duration == nil ? ["url", "type", "length"] : ["url", "type", "length", "duration"]))
        }
        #expect(seen >= 6)
    }

    @Test func aSiteURLAndAPathBelowBaseURL() throws {
        let replica = try ServeProcess("")
        let base = try #require(replica.baseURLs["feeds"])
        let run = try runFeedscroll("feed site --base-url \(base)/ --plain --limit 25")
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.split(separator: "\n")
        #expect(lines.count == 25)
        #expect(lines.first?.hasPrefix("tag:replica.feedscroll,2024:atom-paged/94\t") == true)
    }

    @Test func anHTMLPageThatAnnouncesNoFeedIsOneLine() throws {
        let replica = try ServeProcess("")
        let base = try #require(replica.baseURLs["feeds"])
        let run = try runFeedscroll("feed \(base)/broken-html --json")
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        let errors = run.standardError.split(separator: "\n")
        #expect(errors.count == 1, "\(run.standardError)")
        #expect(run.standardError.contains("HTML page"))
    }
}
