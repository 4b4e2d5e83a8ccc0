import FeedModel
import FeedReplica
import FeedSources
import Foundation
import Testing

/// The river over the replica's paged feeds: every entry of every feed once, newest first (ties
/// in list order), each row naming its feed, each document fetched once for the whole walk.
@Suite(.serialized) struct RiverSourceTests {
    typealias Harness = SyndicationSourceTests.Harness

    static let feeds = ["atom-paged", "rss-paged", "json-paged"]

    static func walk(_ river: RiverSource, pageSize: Int) async throws -> [Page] {
        var key: PageKey? = river.firstKey
        var pages: [Page] = []
        while let current = key, pages.count < 1_000 {
            let page = try await river.load(current, pageSize: pageSize)
            pages.append(page)
            key = page.next
        }
        return pages
    }

    /// The truth merged: newest first, a tie going to the feed listed first, each feed's own order kept.
    static func merged(origin: String) -> [(feed: String, id: String)] {
        let entries = feeds.enumerated().flatMap { feedIndex, name in
            ReplicaFeeds.entries(name, origin: origin).enumerated().map { (feedIndex, $0.offset, name, $0.element) }
        }
        return entries.sorted {
            let (a, b) = ($0.3.time ?? .min, $1.3.time ?? .min)
            return a != b ? a > b : ($0.0, $0.1) < ($1.0, $1.1)
        }.map { ($0.2, $0.3.id ?? "") }
    }

    @Test(arguments: [7, 25])
    func theWholeRiverIsEveryEntryNewestFirstWithEachDocumentOnce(pageSize: Int) async throws {
        let harness = try await Harness()
        let river = RiverSource(
            feeds: Self.feeds.map { RiverSource.Feed(name: "Feed \($0)", source: harness.source($0)) }, feedPageSize: 20)
        let pages = try await Self.walk(river, pageSize: pageSize)
        let items = pages.flatMap(\.items)
        let truth = Self.merged(origin: harness.origin)
        #expect(items.count == 95 + 45 + 45)
        #expect(items.map(\.id) == truth.map(\.id))
        #expect(items.map { $0.facts.first?.labelText } == truth.map { "Feed \($0.feed)" })
        #expect(pages.dropLast().allSatisfy { $0.items.count == pageSize })
        #expect(pages.last?.endNote == "end of every subscription's history")
        #expect(pages.allSatisfy { $0.itemFailures.isEmpty })
        // Each document once for the whole walk, however many river pages read from it.
        let stats = try await harness.stats()
        #expect(stats["feeds/atom-paged"] == 5)
        #expect(stats["feeds/rss-paged"] == 3)
        #expect(stats["feeds/json-paged"] == 3)
        try await harness.stop()
    }

    /// The feeds a subscription list holds side by side: RFC 5005, JSON Feed `next_url`,
    /// WordPress's `?paged=N`, a feed in windows-1252, a feed that keeps only its latest entries.
    @Test func theRiverOverEveryKindOfHistoryIsEveryEntryOnce() async throws {
        let harness = try await Harness()
        let names = ["atom-paged", "json-paged", "wordpress", "broken-cp1252", "latest"]
        let river = RiverSource(feeds: names.map { RiverSource.Feed(name: $0, source: harness.source($0)) }, feedPageSize: 25)
        let pages = try await Self.walk(river, pageSize: 25)
        let ids = pages.flatMap(\.items).map(\.id)
        let truth = names.flatMap { ReplicaFeeds.entries($0, origin: harness.origin).map { $0.id ?? "" } }
        #expect(ids.count == truth.count, "\(pages.map { ($0.items.count, $0.endNote ?? "-") })")
        #expect(Set(ids) == Set(truth))
        try await harness.stop()
    }

    @Test func aPageLoadsAgainFromItsKey() async throws {
        let harness = try await Harness()
        let river = RiverSource(feeds: Self.feeds.map { RiverSource.Feed(name: $0, source: harness.source($0)) })
        let first = try await river.load(river.firstKey, pageSize: 10)
        let second = try await river.load(try #require(first.next), pageSize: 10)
        let again = try await river.load(try #require(first.next), pageSize: 10)
        #expect(again.items == second.items)
        #expect(again.next == second.next)
        #expect(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
        try await harness.stop()
    }

    @Test func aFeedThatFailsIsNamedAndTheOthersGoOn() async throws {
        let harness = try await Harness()
        let river = RiverSource(feeds: [
            RiverSource.Feed(name: "broken", source: harness.source("broken-html")),
            RiverSource.Feed(name: "rss", source: harness.source("rss-paged")),
        ])
        let pages = try await Self.walk(river, pageSize: 20)
        #expect(pages.flatMap(\.items).map(\.id) == ReplicaFeeds.entries("rss-paged", origin: harness.origin).map { $0.id ?? "" })
        #expect(pages.first?.itemFailures.count == 1)
        #expect(pages.first?.itemFailures.first?.message.hasPrefix("broken: ") == true)
        #expect(pages.first?.failedPart == .feed, "the status line and a pipe say a feed was left out, not an item")
        try await harness.stop()
    }
}
