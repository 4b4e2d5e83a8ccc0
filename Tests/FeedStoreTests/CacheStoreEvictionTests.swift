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
