import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

@Suite struct FeedStorePagesTests {
    @Test func pagesComeBackInFeedOrderWithTheirTimes() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        // Stored out of order, as pages can arrive.
        for number in [2, 0, 1] {
            try store.store(StoreFixtures.page(number), index: number, of: StoreFixtures.feed, at: 1000 + Double(number))
        }
        let pages = try store.pages(of: StoreFixtures.feed, from: .page(0))
        #expect(pages.map(\.page) == [StoreFixtures.page(0), StoreFixtures.page(1), StoreFixtures.page(2)])
        #expect(pages.map(\.index) == [0, 1, 2])
        #expect(pages.map(\.fetchedAt) == [1000, 1001, 1002])
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0), limit: 2).count == 2)
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(1)).map(\.index) == [1, 2])
    }

    @Test func otherFeedsAndMissingPagesGiveNothing() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        try store.store(StoreFixtures.page(0), index: 0, of: StoreFixtures.feed, at: 1)
        #expect(try store.pages(of: FeedKey(source: "hn top", parameters: "page_size=30"), from: .page(0)).isEmpty)
        #expect(try store.pages(of: StoreFixtures.feed, from: .cursor(nil)).isEmpty)
        // The chain stops where the cache does: page 1 was never stored.
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).count == 1)
    }

    @Test func aPageAtTheSameIndexWithANewKeyReplacesTheOld() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let old = Page(key: .cursor(nil), items: [FeedItem(id: "d:1", title: "one")], next: .cursor("a"))
        let oldSecond = Page(key: .cursor("a"), items: [FeedItem(id: "d:2", title: "two")], next: nil)
        try store.store(old, index: 0, of: StoreFixtures.feed, at: 1)
        try store.store(oldSecond, index: 1, of: StoreFixtures.feed, at: 1)
        let fresh = Page(key: .cursor("b"), items: [FeedItem(id: "d:3", title: "three")], next: nil)
        try store.store(fresh, index: 1, of: StoreFixtures.feed, at: 2)
        let rows = try store.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM page")! }
        #expect(rows == 2)
        // The first page still points at the old cursor, which is gone: the chain ends there.
        #expect(try store.pages(of: StoreFixtures.feed, from: .cursor(nil)).map(\.page) == [old])
    }

    @Test func remoteTextIsSanitisedAgainOnTheWayOut() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        try store.store(StoreFixtures.page(0, last: 0), index: 0, of: StoreFixtures.feed, at: 1)
        // Someone (another program, an older feedscroll) wrote raw escapes into the file.
        let hostile = [FeedItem(id: "hn:1", title: "evil\u{1B}]52;c;AAAA\u{07}\u{1B}[2Jtitle", author: "a\u{9B}31mb")]
        let data = try JSONEncoder().encode(hostile)
        try store.pool.write { try $0.execute(sql: "UPDATE page SET items = ?", arguments: [data]) }
        let item = try #require(try store.pages(of: StoreFixtures.feed, from: .page(0)).first?.page.items.first)
        #expect(item == hostile[0].sanitized())
        #expect(!item.title.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!(item.author ?? "").unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    }

    @Test func aPageThatNoLongerDecodesEndsTheChainInsteadOfFailing() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        for number in 0..<3 {
            try store.store(StoreFixtures.page(number), index: number, of: StoreFixtures.feed, at: 1)
        }
        // Page 1 as an older feedscroll wrote it: items without fields this version requires.
        try store.pool.write {
            try $0.execute(sql: "UPDATE page SET items = ? WHERE pageIndex = 1", arguments: [Data(#"[{"title":"x"}]"#.utf8)])
        }
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).map(\.index) == [0])
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(1)).isEmpty)
    }

    @Test func readMarksAreByItemAcrossFeeds() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            let store = try StoreFixtures.open(path)
            try store.setRead("hn:1", true, at: 10)
            try store.setRead("hn:2", true, at: 11)
            try store.setRead("hn:2", false, at: 12)
            try store.setRead("hn:3", true, at: 13)
        }
        let reopened = try StoreFixtures.open(path)
        #expect(try reopened.readItemIDs() == ["hn:1", "hn:3"])
    }

    @Test func visitsKeepTheLatestCountAndSeenCommentsAccumulate() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        try store.recordVisit(ThreadVisit(threadID: "hn:1", visitedAt: 100, commentCount: 4))
        try store.recordVisit(ThreadVisit(threadID: "hn:1", visitedAt: 200, commentCount: 7))
        try store.recordVisit(ThreadVisit(threadID: "hn:2", visitedAt: 150, commentCount: 0))
        #expect(try store.visits() == [
            "hn:1": ThreadVisit(threadID: "hn:1", visitedAt: 200, commentCount: 7),
            "hn:2": ThreadVisit(threadID: "hn:2", visitedAt: 150, commentCount: 0),
        ])
        try store.markSeen(["hn:10", "hn:11"], in: "hn:1")
        try store.markSeen(["hn:11", "hn:12"], in: "hn:1")
        #expect(try store.seenComments(in: "hn:1") == ["hn:10", "hn:11", "hn:12"])
        #expect(try store.seenComments(in: "hn:2").isEmpty)
    }

    @Test func clearForgetsEverything() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        try store.store(StoreFixtures.page(0), index: 0, of: StoreFixtures.feed, at: 1)
        try store.setRead("hn:1", true, at: 1)
        try store.recordVisit(ThreadVisit(threadID: "hn:1", visitedAt: 1, commentCount: 1))
        try store.clear()
        #expect(try store.feeds().isEmpty)
        #expect(try store.readItemIDs().isEmpty)
        #expect(try store.visits().isEmpty)
        #expect(try store.cachedBytes() == 0)
    }
}
