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
        let page = try await source.load(source.firstKey, pageSize: 100)
        #expect(page.items.map { $0.facts.map(\.labelText) } == [["1 feed"], ["saving needs the page cache"], ["not fetched yet"]])
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
