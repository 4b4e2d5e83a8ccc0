import FeedModel
import Foundation
import Testing

@testable import FeedStore

/// Imported subscriptions, unread counts from cached pages and read marks, saved items.
@Suite struct CacheStoreSubscriptionTests {
    @Test func importsAppendInOrderAndUpdateWhatIsListed() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let first = try store.importSubscriptions(
            [Subscription(url: "https://a.example/feed", name: "A", tags: ["news"]), Subscription(url: "https://b.example/rss")], at: 1)
        #expect(first == .init(added: 2, updated: 0))
        let second = try store.importSubscriptions(
            [
                Subscription(url: "https://c.example/atom", name: "C"),
                Subscription(url: "https://a.example/feed", tags: ["news", "daily"]),  // no name: keeps "A"
                Subscription(url: "https://b.example/rss"),  // unchanged
            ], at: 2)
        #expect(second == .init(added: 1, updated: 1))
        #expect(try store.subscriptions() == [
            Subscription(url: "https://a.example/feed", name: "A", tags: ["news", "daily"]),
            Subscription(url: "https://b.example/rss"),
            Subscription(url: "https://c.example/atom", name: "C"),
        ])
    }

    @Test func subscriptionsAndSavedItemsOutliveClearingTheCache() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            let store = try StoreFixtures.open(path)
            try store.importSubscriptions([Subscription(url: "https://a.example/feed")], at: 1)
            try store.save(FeedItem(id: "hn:1", title: "kept"), at: 1)
            try store.clear()
        }
        let reopened = try StoreFixtures.open(path)
        #expect(try reopened.subscriptions().map(\.url) == ["https://a.example/feed"])
        #expect(try reopened.savedItems().map(\.title) == ["kept"])
    }

    @Test func unreadCountsAreDistinctCachedIDsWithoutAReadMark() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let other = FeedKey(source: "feed b.example", parameters: "feed https://b.example/rss page_size=3")
        let never = FeedKey(source: "feed c.example", parameters: "feed https://c.example/rss page_size=3")
        for number in 0...2 { try store.store(StoreFixtures.page(number), index: number, of: StoreFixtures.feed, at: 1) }
        // The same first page stored again at another key of another feed counts there too.
        try store.store(StoreFixtures.page(0), index: 0, of: other, at: 1)
        try store.setRead("hn:0", true, at: 2)
        try store.setRead("hn:4", true, at: 2)
        let counts = try store.unreadCounts(of: [StoreFixtures.feed, other, never])
        #expect(counts[StoreFixtures.feed] == 7)
        #expect(counts[other] == 2)
        #expect(counts[never] == nil)
        try store.setRead("hn:4", false, at: 3)
        #expect(try store.unreadCounts(of: [StoreFixtures.feed])[StoreFixtures.feed] == 8)
    }

    @Test func savedItemsComeBackLatestFirstAndUnsave() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let items = (1...5).map { FeedItem(id: "feed:\($0)", title: "Entry \($0)", url: "https://a.example/\($0)") }
        for (offset, item) in items.enumerated() { try store.save(item, at: Double(100 + offset)) }
        // Saved again: renewed, so first.
        try store.save(items[1], at: 200)
        #expect(try store.savedItems().map(\.id) == ["feed:2", "feed:5", "feed:4", "feed:3", "feed:1"])
        #expect(try store.savedItems(offset: 1, limit: 2).map(\.id) == ["feed:5", "feed:4"])
        #expect(try store.savedItems().first == items[1])
        try store.unsave("feed:4")
        #expect(try store.savedItemIDs() == ["feed:1", "feed:2", "feed:3", "feed:5"])
        #expect(try store.savedItemCount() == 4)
    }
}

/// A page's own end words survive the cache (they were dropped before `v5 page notes`).
@Suite struct CacheStorePageNoteTests {
    @Test func endNoteAndCapComeBackWithThePage() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let first = Page(key: .cursor(nil), items: [FeedItem(id: "f:1", title: "one")], next: .cursor("b"))
        var last = Page(
            key: .cursor("b"), items: [FeedItem(id: "f:2", title: "two")], next: nil,
            endNote: "this feed keeps only its latest 2 entries")
        last.cap = 2
        try store.store(first, index: 0, of: StoreFixtures.feed, at: 1)
        try store.store(last, index: 1, of: StoreFixtures.feed, at: 1)
        let pages = try store.pages(of: StoreFixtures.feed, from: .cursor(nil))
        #expect(pages.map(\.page) == [first, last])
        #expect(pages.last?.page.endNote == "this feed keeps only its latest 2 entries")
        #expect(pages.last?.page.cap == 2)
        #expect(pages.first?.page.endNote == nil)
    }

    /// What comes back from the cache file is cleaned like what came from the network: a file
    /// written by an older build, or by hand, cannot put a control character on the screen.
    @Test func anEndNoteFromTheCacheComesBackSanitised() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let page = Page(
            key: .cursor(nil), items: [FeedItem(id: "f:1", title: "one\u{1B}[2J")], next: nil,
            endNote: "end\u{1B}]0;title\u{07} of history\u{9B}2J")
        try store.store(page, index: 0, of: StoreFixtures.feed, at: 1)
        let back = try store.pages(of: StoreFixtures.feed, from: .cursor(nil)).first?.page
        #expect(back?.endNote == "end of history")
        #expect(back?.items.first?.title == "one")
    }
}
