import FeedModel
import Testing

@testable import FeedStore

@Suite struct FeedStoreEvictionTests {
    private func feed(_ name: String) -> FeedKey { FeedKey(source: name, parameters: "") }

    @Test func leastRecentlyUsedFeedsGoFirst() throws {
        let scratch = try ScratchDirectory()
        // Each page is a little over 3 KB; the bound holds three of them.
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"), limitBytes: 10_000)
        let big = StoreFixtures.page(0, perPage: 3, last: 0, titleBytes: 1_000)
        try store.store(big, index: 0, of: feed("a"), at: 1)
        try store.store(big, index: 0, of: feed("b"), at: 2)
        try store.store(big, index: 0, of: feed("c"), at: 3)
        #expect(try store.feeds() == [feed("c"), feed("b"), feed("a")])
        // `a` is used again (a run read it from the cache), so `b` is now the oldest.
        try store.touch(feed("a"), at: 4)
        try store.store(big, index: 0, of: feed("d"), at: 5)
        #expect(try store.feeds() == [feed("d"), feed("a"), feed("c")])
        #expect(try store.cachedBytes() <= 10_000)
        #expect(try store.pages(of: feed("b"), from: .page(0)).isEmpty)
        #expect(try store.pages(of: feed("a"), from: .page(0)).count == 1)
    }

    @Test func aFeedLargerThanTheBoundKeepsItsFirstPages() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"), limitBytes: 10_000)
        for number in 0..<6 {
            let page = StoreFixtures.page(number, perPage: 3, last: 5, titleBytes: 1_000)
            try store.store(page, index: number, of: feed("long"), at: Double(number))
        }
        let kept = try store.pages(of: feed("long"), from: .page(0))
        #expect(kept.map(\.index) == [0, 1, 2])
        #expect(try store.cachedBytes() <= 10_000)
        #expect(try store.cachedBytes() > 5_000)
    }

    /// A pipe longer than the cache: once a page like the feed's last would not fit, pages after
    /// it are skipped (eviction would take each back at once), in one batch as one by one, and
    /// the cache ends as it did when they were written and evicted: the first pages kept.
    @Test func pagesPastAFullCacheAreSkippedAndTheFirstPagesKept() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"), limitBytes: 10_000)
        let writes = (0..<8).map { number in
            PageWrite(page: StoreFixtures.page(number, perPage: 3, last: 7, titleBytes: 1_000), index: number, feed: feed("long"), time: Double(number))
        }
        // Pages 0-2 fit (a little over 3 KB each); page 3 would take the feed over (it would be
        // written and evicted at once), so it and every later page are skipped.
        #expect(try store.store(Array(writes[0..<5])) == [true, true, true, false, false])
        #expect(try store.pages(of: feed("long"), from: .page(0)).map(\.index) == [0, 1, 2])
        #expect(try store.store([writes[5]]) == [false])
        #expect(try store.store(Array(writes[6...])) == [false, false])
        #expect(try store.pages(of: feed("long"), from: .page(0)).map(\.index) == [0, 1, 2])
        #expect(try store.cachedBytes() <= 10_000)
        // A page the feed holds is still written over (refreshed), full or not.
        let refreshed = PageWrite(page: StoreFixtures.page(1, perPage: 3, last: 7, titleBytes: 1_000), index: 1, feed: feed("long"), time: 20)
        #expect(try store.store([refreshed]) == [true])
        #expect(try store.pages(of: feed("long"), from: .page(0)).map(\.fetchedAt) == [0, 20, 2])
        // Another feed's first page is written: the rule is about a feed's own farthest page.
        #expect(try store.store([PageWrite(page: StoreFixtures.page(0), index: 0, feed: feed("other"), time: 30)]) == [true])
    }

    @Test func readMarksAndVisitsOutliveEviction() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"), limitBytes: 4_000)
        try store.setRead("hn:0", true, at: 1)
        try store.recordVisit(ThreadVisit(threadID: "hn:0", visitedAt: 1, commentCount: 3))
        let big = StoreFixtures.page(0, perPage: 3, last: 0, titleBytes: 1_000)
        try store.store(big, index: 0, of: feed("a"), at: 1)
        try store.store(big, index: 0, of: feed("b"), at: 2)
        #expect(try store.feeds() == [feed("b")])
        #expect(try store.readItemIDs() == ["hn:0"])
        #expect(try store.visits().count == 1)
    }
}
