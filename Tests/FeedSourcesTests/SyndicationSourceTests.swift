import FeedModel
import FeedReplica
import FeedSources
import Foundation
import Testing
import FeedTestSupport

/// The feed source against the replica's feeds over real loopback HTTP: every format and way of
/// paging history read back against the entries the replica knows it serves, with exact request
/// counts (`/_stats`): one request per document, archives once ever, 304s on the way back.
@Suite(.serialized) struct SyndicationSourceTests {
    final class Harness: Sendable {
        let replica: RunningReplica
        let base: URL
        let origin: String
        let transport: AsyncHTTPTransport

        init() async throws {
            var configuration = ReplicaConfiguration()
            configuration.apis = ["feeds"]
            replica = try await Replica.start(configuration)
            base = try #require(replica.baseURLs["feeds"])
            origin = "http://127.0.0.1:\(replica.port)"
            // Every document spooled to a file, however small: the walks read from files.
            transport = AsyncHTTPTransport(limits: patientLimits, spoolsAbove: 0)
        }

        func url(_ path: String) -> URL { base.appendingPathComponent(path) }

        func source(_ path: String, cache: any FeedDocumentCache = MemoryFeedDocumentCache()) -> SyndicationSource {
            SyndicationSource(url: url(path), transport: transport, cache: cache)
        }

        /// Requests per route since the replica started (or the last reset).
        func stats() async throws -> [String: Int] {
            let response = try await transport.send(HTTPRequest(url: URL(string: "\(origin)/_stats")!))
            let object = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
            return (object?["routes"] as? [String: Int]) ?? [:]
        }

        func stop() async throws {
            await replica.stop()
            await transport.shutdown()
        }
    }

    /// Every page of a feed, in order, until the source says it ends.
    static func walk(_ source: SyndicationSource, pageSize: Int = 20) async throws -> (items: [FeedItem], pages: [Page]) {
        var key: PageKey? = source.firstKey
        var pages: [Page] = []
        while let current = key, pages.count < 10_000 {
            let page = try await source.load(current, pageSize: pageSize)
            pages.append(page)
            key = page.next
        }
        return (pages.flatMap(\.items), pages)
    }

    struct HistoryCase: Sendable, CustomStringConvertible {
        var feed: String
        /// Route → requests after one walk.
        var requests: [String: Int]
        var description: String { feed }
    }

    static let historyCases: [HistoryCase] = [
        HistoryCase(feed: "atom-paged", requests: ["feeds/atom-paged": 5]),
        HistoryCase(feed: "rss-paged", requests: ["feeds/rss-paged": 3]),
        HistoryCase(feed: "json-paged", requests: ["feeds/json-paged": 3]),
        HistoryCase(feed: "atom-archived", requests: [
            "feeds/atom-archived": 1, "feeds/atom-archived/archive/3": 1, "feeds/atom-archived/archive/2": 1,
            "feeds/atom-archived/archive/1": 1,
        ]),
        HistoryCase(feed: "rss-archived", requests: [
            "feeds/rss-archived": 1, "feeds/rss-archived/archive/2": 1, "feeds/rss-archived/archive/1": 1,
        ]),
        // Four pages of 10, then the 404 past the last one.
        HistoryCase(feed: "wordpress", requests: ["feeds/wordpress": 5]),
        // Its `?paged=2` answers the first page again (a cache ignoring the query): no entry is
        // new, so the history ends there (it went on guessing until the loop check stopped it
        // after five pages, as an error).
        HistoryCase(feed: "wordpress-cached", requests: ["feeds/wordpress-cached": 2]),
    ]

    @Test(arguments: historyCases)
    func walksTheWholeHistoryOnceEach(_ c: HistoryCase) async throws {
        let h = try await Harness()
        let source = h.source(c.feed)
        let (items, pages) = try await Self.walk(source)
        let truth = ReplicaFeeds.entries(c.feed, origin: h.origin)
        #expect(items.map(\.id) == truth.map { $0.id ?? "" })
        #expect(items.map(\.title) == truth.map(\.title))
        #expect(items.map(\.url) == truth.map(\.url))
        #expect(items.map(\.time) == truth.map(\.time))
        #expect(items.map(\.author) == truth.map(\.author))
        #expect(pages.last?.endNote == "end of history")
        #expect(pages.dropLast().allSatisfy { $0.endNote == nil })
        #expect(pages.last?.cap == nil)
        let stats = try await h.stats()
        for (route, count) in c.requests { #expect(stats[route] == count, "\(route): \(stats)") }
        #expect(stats.filter { $0.key.hasPrefix("feeds/") }.values.reduce(0, +) == c.requests.values.reduce(0, +))
        try await h.stop()
    }

    @Test func archivesAreFetchedOnceEverAndTheFeedAnswers304() async throws {
        let h = try await Harness()
        let cache = MemoryFeedDocumentCache()
        let first = h.source("atom-archived", cache: cache)
        let (items, _) = try await Self.walk(first)
        #expect(items.count == 70)
        #expect(first.counters == SyndicationCounters(fetched: 4, notModified: 0, fromCache: 0, parsed: 4))
        // A later run with the same cache: the feed is asked for with its ETag (304), archives
        // come from the cache without a request.
        let second = h.source("atom-archived", cache: cache)
        let (again, _) = try await Self.walk(second)
        #expect(again.map(\.id) == items.map(\.id))
        #expect(second.counters == SyndicationCounters(fetched: 0, notModified: 1, fromCache: 3, parsed: 4))
        // A refresh in the same run: one 304 and no parse at all.
        second.startOver()
        let page = try await second.load(second.firstKey, pageSize: 20)
        #expect(page.items.first?.id == items.first?.id)
        #expect(second.counters == SyndicationCounters(fetched: 0, notModified: 2, fromCache: 3, parsed: 4))
        let stats = try await h.stats()
        #expect(stats["feeds/atom-archived"] == 3)
        for k in 1...3 { #expect(stats["feeds/atom-archived/archive/\(k)"] == 1) }
        try await h.stop()
    }

    @Test(arguments: ["rdf", "rss091", "rss092", "atom03", "json10", "latest"])
    func feedsWithoutHistorySayHowManyTheyKeep(_ feed: String) async throws {
        let h = try await Harness()
        let source = h.source(feed)
        let (items, pages) = try await Self.walk(source)
        let truth = ReplicaFeeds.entries(feed, origin: h.origin)
        #expect(items.map(\.title) == truth.map(\.title))
        #expect(items.map(\.url) == truth.map(\.url))
        #expect(items.map(\.time) == truth.map(\.time))
        for (item, entry) in zip(items, truth) {
            if let id = entry.id { #expect(item.id == id) } else { #expect(item.id.hasPrefix("derived:")) }
        }
        #expect(pages.last?.endNote == "this feed keeps only its latest \(truth.count) entries")
        #expect(pages.last?.cap == truth.count)
        #expect(try await h.stats()["feeds/\(feed)"] == 1)
        try await h.stop()
    }

    @Test(.offThePool, arguments: ReplicaFeeds.hugeNames)
    func aHugeDocumentPagesFromOneRequestToItsEnd(_ feed: String) async throws {
        // 100,000 entries in one document of 26 MB (JSON Feed) or 33 MB (RSS; under the feed
        // command's body cap): the first page, then a page keyed near the end (the pager's key
        // after a jump), which waits for the parse to get there; then the first page again, read
        // again from the document's file; one request, one parse.
        let h = try await Harness()
        let transport = AsyncHTTPTransport(limits: patientLimitsCapped(at: 128 << 20), spoolsAbove: 0)
        let cache = MemoryFeedDocumentCache()
        let source = SyndicationSource(url: h.url(feed), transport: transport, cache: cache)
        let truth = ReplicaFeeds.entries(feed, origin: h.origin)
        let outcome: Result<(Page, Page, Page), FeedError>
        do throws(FeedError) {
            let first = try await source.load(source.firstKey, pageSize: 25)
            if case let .cursor(token?)? = first.next, token.hasPrefix("25 ") {
                let last = try await source.load(.cursor("99975 " + token.dropFirst(3)), pageSize: 25)
                outcome = .success((first, last, try await source.load(source.firstKey, pageSize: 25)))
            } else {
                outcome = .success((first, first, first))
            }
        } catch {
            outcome = .failure(error)
        }
        let stats = try await h.stats()
        await transport.shutdown()
        try await h.stop()
        let (first, last, again) = try outcome.get()
        #expect(first.items.map(\.id) == truth.prefix(25).map { $0.id ?? "" })
        #expect(again.items == first.items)
        // The document was spooled to a file as it arrived, and is kept as that file.
        guard case let .spooled(file)? = cache.document(at: h.url(feed).absoluteString)?.contents else {
            Issue.record("the feed's document is not kept as its spooled file")
            return
        }
        #expect(file.count > 24 << 20)
        #expect(first.endNote == nil)
        #expect(last.items.map(\.id) == truth.suffix(25).map { $0.id ?? "" })
        #expect(last.next == nil)
        #expect(last.endNote == "this feed keeps only its latest 100,000 entries")
        #expect(source.counters == SyndicationCounters(fetched: 1, notModified: 0, fromCache: 0, parsed: 1))
        #expect(stats["feeds/\(feed)"] == 1)
    }

    @Test func aSiteURLFindsItsFeed() async throws {
        let h = try await Harness()
        let source = h.source("site")
        let (items, _) = try await Self.walk(source)
        #expect(items.map(\.id) == ReplicaFeeds.entries("atom-paged", origin: h.origin).map { $0.id ?? "" })
        #expect(source.name == "Replica atom-paged")
        let stats = try await h.stats()
        #expect(stats["feeds/site"] == 1 && stats["feeds/atom-paged"] == 5)
        try await h.stop()
    }

    /// The feed's own title goes to the document cache under the URL it is subscribed at (a
    /// site's URL, when discovered), once; a source made with it is named by it before it loads.
    @Test func theFeedsTitleIsKeptByItsSubscribedURL() async throws {
        let h = try await Harness()
        let cache = MemoryFeedDocumentCache()
        let site = h.url("site").absoluteString
        let source = h.source("site", cache: cache)
        #expect(source.name == "feed 127.0.0.1")
        #expect(cache.title(of: site) == nil)
        _ = try await Self.walk(source)
        #expect(cache.title(of: site) == "Replica atom-paged")
        #expect(cache.title(of: h.url("atom-paged").absoluteString) == nil)
        let again = SyndicationSource(url: h.url("site"), transport: h.transport, cache: cache, knownTitle: cache.title(of: site))
        #expect(again.name == "Replica atom-paged")
        try await h.stop()
    }

    /// A subscription's name (config or OPML) names the feed before and after its document
    /// says its own title, as on the subscription list.
    @Test func aGivenNameWinsOverTheFeedsTitle() async throws {
        let h = try await Harness()
        let source = SyndicationSource(url: h.url("atom-paged"), transport: h.transport, knownTitle: "Old title", givenName: "Mine")
        #expect(source.name == "Mine")
        _ = try await Self.walk(source)
        #expect(source.name == "Mine")
        try await h.stop()
    }

    /// A feed given by its URL alone names itself on every page by its title, so the status
    /// line can say it on the first run; a feed the subscription names does not.
    @Test func pagesCarryTheFeedsTitleUnlessItIsGivenAName() async throws {
        let h = try await Harness()
        let unnamed = try await Self.walk(h.source("atom-paged"))
        #expect(!unnamed.pages.isEmpty)
        #expect(unnamed.pages.allSatisfy { $0.sourceName == "Replica atom-paged" })
        let named = try await Self.walk(SyndicationSource(url: h.url("atom-paged"), transport: h.transport, givenName: "Mine"))
        #expect(named.pages.allSatisfy { $0.sourceName == nil })
        try await h.stop()
    }

    @Test(arguments: ["broken-entities", "broken-cp1252", "broken-truncated", "broken-duplicates"])
    func brokenFeedsReadAsTheyShould(_ feed: String) async throws {
        let h = try await Harness()
        let (items, _) = try await Self.walk(h.source(feed))
        let truth = ReplicaFeeds.entries(feed, origin: h.origin)
        #expect(items.map(\.title) == truth.map(\.title))
        #expect(items.map(\.url) == truth.map(\.url))
        for (item, entry) in zip(items, truth) {
            if let id = entry.id { #expect(item.id == id) } else { #expect(item.id.hasPrefix("derived:")) }
        }
        try await h.stop()
    }

    @Test(arguments: [("broken-html", "HTML page"), ("broken-json", "not valid JSON")])
    func notAFeedIsOneClearError(_ feed: String, _ phrase: String) async throws {
        let h = try await Harness()
        let source = h.source(feed)
        do {
            _ = try await source.load(source.firstKey, pageSize: 20)
            Issue.record("\(feed) loaded")
        } catch {
            #expect(error.kind == .decoding)
            #expect(error.message.contains(phrase), "\(error.message)")
        }
        try await h.stop()
    }

    /// Every format's fields, enclosures with their durations where the format states them
    /// (RSS 2.0's `itunes:duration` as seconds and as `H:MM:SS`, JSON Feed's `duration_in_seconds`).
    @Test(arguments: ["atom-paged", "rss-paged", "json-paged"])
    func theJSONFieldsOfAnEntry(_ feed: String) async throws {
        let h = try await Harness()
        let source = h.source(feed)
        let page = try await source.load(source.firstKey, pageSize: 5)
        let truth = ReplicaFeeds.entries(feed, origin: h.origin)
        #expect(truth.prefix(5).contains { $0.enclosure != nil })
        for (item, entry) in zip(page.items, truth) {
            let facts = Dictionary(item.facts.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            // JSON Feed's replica items carry their text as `content_html`, not `summary`.
            #expect(facts[feed.hasPrefix("json") ? "content" : "summary"] == .paragraphs(entry.summary))
            #expect(facts["feed"] == .text("Replica \(feed)"))
            #expect(facts["tags"] == .list(entry.tags))
            let media = entry.enclosure.map { [ItemFact.Media(url: $0.url, type: $0.type, length: $0.length, duration: $0.duration)] } ?? []
            #expect(facts["enclosures"] == .media(media))
        }
        try await h.stop()
    }

    /// Permanent redirects update the subscription, over the real transport: the replica's
    /// `moved-chain` (308 to `moved-permanently`, 301 to `latest`) is asked once through its
    /// chain, then at `latest` directly, under the same identity and with the same entries.
    @Test func aFeedThatMovedForGoodIsAskedAtItsNewAddressFromThenOn() async throws {
        let h = try await Harness()
        let cache = MemoryFeedDocumentCache()
        let moved = h.url("moved-chain").absoluteString
        let first = h.source("moved-chain", cache: cache)
        let (items, _) = try await Self.walk(first)
        let truth = ReplicaFeeds.entries("latest", origin: h.origin).compactMap(\.id)
        #expect(items.map(\.id) == truth)
        #expect(cache.move(of: moved) == FeedMove(url: h.url("latest").absoluteString, status: 308))
        var stats = try await h.stats()
        #expect([stats["feeds/moved-chain"], stats["feeds/moved-permanently"], stats["feeds/latest"]] == [1, 1, 1])
        let second = h.source("moved-chain", cache: cache)
        #expect(second.cacheName == first.cacheName)
        let (again, _) = try await Self.walk(second)
        #expect(again.map(\.id) == truth)
        // Asked at its new address with the validators kept there: one 304, no redirect.
        #expect(second.counters.notModified == 1)
        stats = try await h.stats()
        #expect([stats["feeds/moved-chain"], stats["feeds/moved-permanently"], stats["feeds/latest"]] == [1, 1, 2])
        try await h.stop()
    }

    @Test(arguments: ["moved-temporarily", "moved-temporarily-307"])
    func aFeedThatMovedForAWhileIsStillAskedWhereItWas(_ feed: String) async throws {
        let h = try await Harness()
        let cache = MemoryFeedDocumentCache()
        for _ in 0..<2 {
            let (items, _) = try await Self.walk(h.source(feed, cache: cache))
            #expect(items.map(\.id) == ReplicaFeeds.entries("latest", origin: h.origin).compactMap(\.id))
        }
        #expect(cache.move(of: h.url(feed).absoluteString) == nil)
        let stats = try await h.stats()
        #expect([stats["feeds/\(feed)"], stats["feeds/latest"]] == [2, 2])
        try await h.stop()
    }

    /// A redirect to an address that is not http or https is refused, as before, and moves nothing.
    @Test func aMoveToFTPIsRefused() async throws {
        let h = try await Harness()
        let cache = MemoryFeedDocumentCache()
        let source = h.source("moved-to-ftp", cache: cache)
        await #expect(throws: FeedError.self) { try await source.load(source.firstKey, pageSize: 20) }
        #expect(cache.move(of: h.url("moved-to-ftp").absoluteString) == nil)
        try await h.stop()
    }
}
