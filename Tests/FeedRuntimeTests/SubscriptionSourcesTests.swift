import FeedModel
import FeedRuntime
import FeedStore
import Foundation
import Testing

/// The subscription list's rows (counts from the cache) and the saved items' pages.
@Suite struct SubscriptionSourcesTests {
    final class Scratch {
        let path = NSTemporaryDirectory() + "feedscroll-subs-\(getpid())-\(UUID().uuidString).sqlite"
        deinit { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
    }

    static func key(_ url: String) -> FeedKey { FeedKey(source: "feed", parameters: url) }

    @Test func rowsAreTheRiverTheSavedThenEachFeedWithItsCount() async throws {
        let scratch = Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        let items = (0..<5).map { FeedItem(id: "e\($0)", title: "Entry \($0)") }
        try store.store(Page(key: .cursor(nil), items: items, next: nil), index: 0, of: Self.key("https://a.example/feed"), at: 1)
        try store.setRead("e1", true, at: 2)
        try store.save(items[3], at: 3)
        let source = SubscriptionListSource(
            subscriptions: [
                Subscription(url: "https://a.example/feed", name: "A", tags: ["news", "daily"]),
                Subscription(url: "https://b.example/rss"),
            ], store: store, cacheKey: Self.key)
        let page = try await source.load(source.firstKey, pageSize: 100)
        #expect(page.items.map(\.id) == [
            SubscriptionListSource.riverID, SubscriptionListSource.savedID, "feeds:https://a.example/feed", "feeds:https://b.example/rss",
        ])
        #expect(page.items.map(\.title) == ["River: every subscription, newest first", "Saved items", "A", "https://b.example/rss"])
        #expect(page.items.map { $0.facts.map(\.labelText) } == [
            ["2 feeds"], ["1 item saved with s"], ["4 unread", "news, daily"], ["not fetched yet"],
        ])
        #expect(page.next == nil)
    }

    /// The rows come before their counts (issue 22: the list's first rows within 100 ms, cold,
    /// while counting a long feed reads every id it has cached): the load hands over every row
    /// saying `counting…`, then the rows again as each feed is counted, the feeds with fewer
    /// cached pages first, so one long feed holds back only its own row; a feed with nothing
    /// cached waits for the next count. The page has every count.
    @Test func theRowsComeFirstThenTheirCountsFeedByFeedShortestFirst() async throws {
        let scratch = Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        let long = "https://long.example/feed", short = "https://short.example/feed", none = "https://none.example/feed"
        for page in 0..<3 {
            let items = (0..<4).map { FeedItem(id: "l\(page * 4 + $0)", title: "Long \(page * 4 + $0)") }
            try store.store(Page(key: .page(page), items: items, next: page < 2 ? .page(page + 1) : nil), index: page, of: Self.key(long), at: 1)
        }
        try store.store(Page(key: .page(0), items: [FeedItem(id: "s0", title: "Short 0")], next: nil), index: 0, of: Self.key(short), at: 1)
        try store.setRead("l5", true, at: 2)
        let source = SubscriptionListSource(
            subscriptions: [Subscription(url: long, name: "Long"), Subscription(url: none, name: "None"), Subscription(url: short, name: "Short")],
            store: store, cacheKey: Self.key)
        let reports = RefreshProgressSourceTests.Reports()
        let page = try await source.load(source.firstKey, pageSize: 100, context: FetchContext(progress: reports.record))
        #expect(reports.all == [
            ["Long: counting…", "None: counting…", "Short: counting…"],
            ["Long: counting…", "None: not fetched yet", "Short: 1 unread"],
            ["Long: 11 unread", "None: not fetched yet", "Short: 1 unread"],
        ])
        #expect(page.items.dropFirst(2).map { $0.title + ": " + $0.facts.map(\.labelText).joined(separator: " · ") } == [
            "Long: 11 unread", "None: not fetched yet", "Short: 1 unread",
        ])
        // The river's and the saved items' rows are there from the first report.
        #expect(page.items.prefix(2).map { $0.facts.map(\.labelText) } == [["3 feeds"], ["0 items saved with s"]])
    }

    /// A feed the list names not is shown by its own title once a fetch kept it (as newsboat
    /// does); a name the list gives wins; a feed never fetched shows its URL.
    @Test func aFeedWithoutANameIsShownByItsOwnTitle() async throws {
        let scratch = Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        try store.storeFeedTitle("Ana’s notes", of: "https://a.example/feed")
        try store.storeFeedTitle("Not this one", of: "https://b.example/rss")
        let source = SubscriptionListSource(
            subscriptions: [
                Subscription(url: "https://a.example/feed"),
                Subscription(url: "https://b.example/rss", name: "B as listed"),
                Subscription(url: "https://c.example/atom"),
            ], store: store, cacheKey: Self.key)
        let page = try await source.load(source.firstKey, pageSize: 100)
        #expect(page.items.dropFirst(2).map(\.title) == ["Ana’s notes", "B as listed", "https://c.example/atom"])
        #expect(page.items.dropFirst(2).map(\.url) == ["https://a.example/feed", "https://b.example/rss", "https://c.example/atom"])
    }

    /// A feed that moved for good says so on its row once (`moved to NEW (301)`), keeping its
    /// row, its count and its place; the next opening of the list says it no more.
    @Test func aFeedThatMovedSaysSoOnce() async throws {
        let scratch = Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        let old = "https://a.example/feed"
        let items = (0..<3).map { FeedItem(id: "e\($0)", title: "Entry \($0)") }
        try store.store(Page(key: .cursor(nil), items: items, next: nil), index: 0, of: Self.key(old), at: 1)
        try store.storeFeedMove(FeedMove(url: "https://new.example/feed.xml", status: 301), of: old, at: 2)
        let source = SubscriptionListSource(
            subscriptions: [Subscription(url: old, name: "A"), Subscription(url: "https://b.example/rss")], store: store, cacheKey: Self.key)
        let page = try await source.load(source.firstKey, pageSize: 100)
        let row = try #require(page.items.first { $0.id == SubscriptionListSource.rowID(of: old) })
        #expect(metaLabels(row) == ["3 unread", "moved to https://new.example/feed.xml (301)"])
        #expect(metaLabels(page.items.last!) == ["not fetched yet"])
        let again = try await source.load(source.firstKey, pageSize: 100)
        #expect(metaLabels(again.items.first { $0.id == SubscriptionListSource.rowID(of: old) }!) == ["3 unread"])
    }

    func metaLabels(_ item: FeedItem) -> [String] {
        item.facts.compactMap { if case let .text(text) = $0.label { text } else { nil } }
    }

    /// Counts are grouped like every other number on the screen: `1,200 unread`, not `1200 unread`
    /// (issue 23, item 5).
    @Test func largeCountsAreGroupedAsEverywhereElse() async throws {
        let scratch = Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        let items = (0..<1_200).map { FeedItem(id: "e\($0)", title: "Entry \($0)") }
        try store.store(Page(key: .cursor(nil), items: items, next: nil), index: 0, of: Self.key("https://a.example/feed"), at: 1)
        let source = SubscriptionListSource(
            subscriptions: [Subscription(url: "https://a.example/feed", name: "A")], store: store, cacheKey: Self.key)
        let page = try await source.load(source.firstKey, pageSize: 100)
        #expect(page.items.last?.facts.map(\.labelText) == ["1,200 unread"])
    }

    @Test func withoutACacheThereAreNoCounts() async throws {
        let source = SubscriptionListSource(subscriptions: [Subscription(url: "https://a.example/feed")], store: nil, cacheKey: Self.key)
        let reports = RefreshProgressSourceTests.Reports()
        let page = try await source.load(source.firstKey, pageSize: 100, context: FetchContext(progress: reports.record))
        #expect(page.items.map { $0.facts.map(\.labelText) } == [["1 feed"], ["saving needs the page cache"], ["not fetched yet"]])
        // Nothing to count: no row says it is counting.
        #expect(reports.all.isEmpty)
    }

    @Test func savedItemsPageLatestFirstAndSayWhenThereAreNone() async throws {
        let scratch = Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        let source = SavedItemsSource(store: store)
        let empty = try await source.load(source.firstKey, pageSize: 2)
        #expect(empty.items.isEmpty && empty.next == nil)
        #expect(empty.endNote == "nothing saved yet: s saves an item of any feed")
        for number in 0..<5 { try store.save(FeedItem(id: "hn:\(number)", title: "Story \(number)"), at: Double(number)) }
        var key: PageKey? = source.firstKey
        var pages: [[String]] = []
        while let current = key {
            let page = try await source.load(current, pageSize: 2)
            pages.append(page.items.map(\.id))
            key = page.next
        }
        #expect(pages == [["hn:4", "hn:3"], ["hn:2", "hn:1"], ["hn:0"]])
    }
}
