import FeedTestSupport
import Foundation
import Testing

/// Every network command against `feedscroll serve`'s replica over real loopback HTTP, through
/// the real binary in pipe mode: the items, their order, the end, and one request per page.
@Suite struct ReplicaSourcesTests {
    struct Case: Sendable, CustomStringConvertible {
        var command: String
        var replica: String
        /// The route `/_stats` counts this feed's pages under.
        var route: String
        /// Items expected with `--limit 500` against a replica of 130 items per feed.
        var expected: ClosedRange<Int>
        /// The source's own `--json` fields, on every line.
        var own: [String] = []
        var description: String { command }
    }

    static let cases: [Case] = [
        Case(command: "hn", replica: "hn", route: "hn/v0/item", expected: 100...130, own: []),
        Case(command: "hn-search", replica: "hn-search", route: "algolia/api/v1/search", expected: 500...500),
        Case(command: "hn-search --by-date", replica: "hn-search", route: "algolia/api/v1/search_by_date", expected: 500...500),
        Case(command: "pokeapi", replica: "pokeapi", route: "pokeapi/api/v2/pokemon", expected: 130...130, own: ["number", "name"]),
        Case(command: "github swift", replica: "github", route: "github/search/repositories", expected: 500...500, own: ["stars", "forks", "open_issues"]),
        Case(command: "reddit swift", replica: "reddit", route: "reddit/r/new", expected: 130...130, own: ["subreddit"]),
        Case(command: "mastodon", replica: "mastodon", route: "mastodon/api/v1/timelines/public", expected: 130...130, own: ["favourites", "boosts", "replies"]),
        Case(command: "stackexchange", replica: "stackexchange", route: "stackexchange/2.3/questions", expected: 130...130, own: ["answers", "accepted", "views", "tags"]),
        Case(command: "lobsters", replica: "lobsters", route: "lobsters/hottest", expected: 143...143, own: ["tags"]),
        Case(command: "lobsters newest", replica: "lobsters", route: "lobsters/newest", expected: 143...143),
        Case(command: "devto", replica: "devto", route: "devto/api/articles", expected: 137...137, own: ["reactions", "reading_time_minutes"]),
        Case(command: "jsonplaceholder", replica: "jsonplaceholder", route: "jsonplaceholder/posts", expected: 130...130, own: ["number", "user_id"]),
        Case(command: "wikipedia", replica: "wikipedia", route: "wikipedia/w/api.php", expected: 130...130, own: ["bytes"]),
    ]

    @Test(arguments: cases)
    func pagesTheWholeFeedOnceEach(_ c: Case) throws {
        let replica = try ServeProcess("--items 130")
        let base = try #require(replica.baseURLs[c.replica])
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("fs-\(UUID().uuidString).log").path
        defer { unlink(log) }
        let run = try runFeedscroll("\(c.command) --base-url \(base) --json --limit 500 --log \(log)")
        #expect(run.status == 0, "\(c.command): \(run.standardError)")
        let records = try jsonLines(run.standardOutput)
        let ids = records.compactMap { $0["id"] as? String }
        #expect(ids.count == records.count, "every line has a string id")
        #expect(Set(ids).count == ids.count, "\(c.command): no duplicate ids")
        #expect(c.expected.contains(ids.count), "\(c.command): \(ids.count) items")
        #expect(records.allSatisfy { ($0["title"] as? String).map { !$0.isEmpty } ?? false })
        for field in c.own {
            #expect(records.allSatisfy { $0[field] != nil }, "\(c.command): every line has its own \(field)")
        }

        let fetches = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains(" fetch ") }.count
        let stats = try replica.routeStats()
        if c.replica == "hn" {
            // One id list, then one request per id in the pages fetched (null, deleted, dead skipped).
            #expect(stats["hn/v0/topstories"] == 1)
            #expect(stats[c.route] == 130)
        } else {
            #expect(stats[c.route] == fetches, "\(c.command): \(stats) for \(fetches) pages")
        }
    }

    @Test func pokeAPIKeepsTheAPIOrderThroughTheClampedLastPage() throws {
        let replica = try ServeProcess("--items 130")
        let base = try #require(replica.baseURLs["pokeapi"])
        let run = try runFeedscroll("pokeapi --base-url \(base) --json --page-size 40")
        let numbers = try jsonLines(run.standardOutput).compactMap { ($0["url"] as? String)?.split(separator: "/").last.flatMap { Int($0) } }
        #expect(numbers == Array(1...130))
    }

    @Test func jsonPlaceholderIsInIdOrder() throws {
        let replica = try ServeProcess("--items 130")
        let base = try #require(replica.baseURLs["jsonplaceholder"])
        let run = try runFeedscroll("jsonplaceholder --base-url \(base) --plain")
        let ids = run.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(ids == (1...130).map { "jsonplaceholder:\($0)"[...] })
    }
}

// MARK: - Helpers

func runFeedscroll(_ arguments: String) throws -> ChildProcess.Result {
    try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C.UTF-8"
    return try ChildProcess.run(["/bin/sh", "-c", "exec \(FeedscrollBinary.path) \(arguments)"], environment: environment)
}

func jsonLines(_ text: String) throws -> [[String: Any]] {
    try text.split(separator: "\n").map { line in
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "a JSON object per line: \(line)")
    }
}
