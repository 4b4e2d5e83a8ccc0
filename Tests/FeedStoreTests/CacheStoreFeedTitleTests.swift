import FeedModel
import Foundation
import Testing

@testable import FeedStore

/// Feeds' own titles by subscribed URL: kept across opens, replaced, asked for by URL, cleared
/// with the cache.
@Suite struct CacheStoreFeedTitleTests {
    @Test func titlesAreKeptByURLReplacedAndAskedForByURL() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            let store = try StoreFixtures.open(path)
            try store.storeFeedTitle("Old name", of: "https://a.example/feed")
            try store.storeFeedTitle("Ana’s notes — “daily”", of: "https://a.example/feed")
            try store.storeFeedTitle("B", of: "https://b.example/rss")
        }
        let reopened = try StoreFixtures.open(path)
        #expect(try reopened.feedTitles(of: ["https://a.example/feed", "https://c.example/none"]) == [
            "https://a.example/feed": "Ana’s notes — “daily”"
        ])
        #expect(try reopened.feedTitles(of: []) == [:])
        #expect(try reopened.feedTitles(of: ["https://b.example/rss", "https://a.example/feed"]).count == 2)
    }

    @Test func clearingTheCacheForgetsTitles() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        try store.storeFeedTitle("A", of: "https://a.example/feed")
        try store.clear()
        #expect(try store.feedTitles(of: ["https://a.example/feed"]) == [:])
    }
}
