import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// The subscription list's unread counts come from the ids each page is stored with
/// (`v7 page item ids`), counted without decoding a page; a cache written before the ids gets
/// them once, and counts the same. The id lists are read by hand, exactly as `JSONDecoder`
/// reads them.
@Suite struct CacheStoreUnreadCountTests {
    /// Pages whose ids overlap (an entry on two pages, as a feed's pages shift) and a read mark
    /// on some of them, for `feeds` feeds of `pages` pages each.
    static func pages(feed: Int, count: Int) -> [Page] {
        (0..<count).map { number in
            // Pages of 5 starting every 4 entries: each page repeats its predecessor's last id.
            let items = (0..<5).map { offset in FeedItem(id: "f\(feed):\(number * 4 + offset)", title: "Entry \(number * 4 + offset)") }
            return Page(key: .page(number), items: items, next: number + 1 < count ? .page(number + 1) : nil)
        }
    }

    static let feeds = (0..<3).map { FeedKey(source: "feed", parameters: "https://f\($0).example/rss 5") }

    /// Distinct ids of the feed's pages less the read ones, counted here by hand.
    static func expected(feed: Int, pages: Int, read: Set<String>) -> Int {
        Set(Self.pages(feed: feed, count: pages).flatMap { $0.items.map(\.id) }).subtracting(read).count
    }

    @Test func countsAreDistinctIDsWithoutAReadMarkCountedFromTheStoredIDs() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        for (number, feed) in Self.feeds.enumerated() {
            for (index, page) in Self.pages(feed: number, count: 4 + number).enumerated() {
                try store.store(page, index: index, of: feed, at: 1)
            }
        }
        let read: Set<String> = ["f0:0", "f0:4", "f1:3", "f1:300", "f2:16"]
        for id in read { try store.setRead(id, true, at: 2) }
        let stored = try store.pool.read { try String.fetchAll($0, sql: "SELECT itemIDs FROM pageItemIDs ORDER BY rowid LIMIT 1") }
        #expect(stored == [#"["f0:0","f0:1","f0:2","f0:3","f0:4"]"#])
        let counts = try store.unreadCounts(of: Self.feeds + [FeedKey(source: "feed", parameters: "never")])
        #expect(counts == [
            Self.feeds[0]: Self.expected(feed: 0, pages: 4, read: read),
            Self.feeds[1]: Self.expected(feed: 1, pages: 5, read: read),
            Self.feeds[2]: Self.expected(feed: 2, pages: 6, read: read),
        ])
        #expect(counts[Self.feeds[0]] == 15)  // 17 ids, two read

        // A page replaced under a new key, and a whole feed evicted: their ids go with them.
        try store.store(Page(key: .page(99), items: [FeedItem(id: "f0:new", title: "New")], next: nil), index: 0, of: Self.feeds[0], at: 3)
        try store.pool.write {
            try $0.execute(sql: "DELETE FROM feed WHERE source = ? AND parameters = ?", arguments: [Self.feeds[2].source, Self.feeds[2].parameters])
        }
        let (pages, withIDs) = try store.pool.read {
            (try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM page"), try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM pageItemIDs"))
        }
        #expect(pages == 9 && withIDs == 9)
        let replaced = try store.unreadCounts(of: Self.feeds)
        // f0:0…3 went with the replaced page; f0:4 (on page 1 too) is read; "f0:new" came.
        #expect(replaced[Self.feeds[0]] == 15 - 3 + 1)
        #expect(replaced[Self.feeds[2]] == nil)

        // A feed with a page stored without ids (as an older version left it) is counted by
        // decoding its pages: the same figures.
        try store.pool.write { try $0.execute(sql: "DELETE FROM pageItemIDs WHERE key = ?", arguments: [try CacheStore.encode(.page(1))]) }
        #expect(try store.unreadCounts(of: Self.feeds) == replaced)
    }

    @Test func aCacheFromBeforeTheIDsGetsThemOnceAndCountsAlike() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            // Written by the version before `v7 page item ids`, as it wrote pages.
            let pool = try DatabasePool(path: path)
            try CacheStore.migrator.migrate(pool, upTo: "v6 articles")
            try pool.write { db in
                for (number, feed) in Self.feeds.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO feed (source, parameters, usedAt, bytes) VALUES (?, ?, 42, 0)", arguments: [feed.source, feed.parameters])
                    let feedID = db.lastInsertedRowID
                    for (index, page) in Self.pages(feed: number, count: 3).enumerated() {
                        try db.execute(
                            sql: "INSERT INTO page (feedID, key, pageIndex, items, fetchedAt, bytes) VALUES (?, ?, ?, ?, 42, 10)",
                            arguments: [feedID, try CacheStore.encode(page.key), index, try CacheStore.encoder.encode(page.items)])
                    }
                }
                // A page no version decodes any more counted for nothing, and still does.
                try db.execute(
                    sql: "INSERT INTO page (feedID, key, pageIndex, items, fetchedAt, bytes) VALUES (1, 'garbled', 9, ?, 42, 10)",
                    arguments: [Data("[{\"title\": 1}]".utf8)])
                try db.execute(sql: "INSERT INTO readMark (itemID, readAt) VALUES ('f0:1', 1), ('f2:8', 1)")
            }
        }
        let store = try StoreFixtures.open(path)
        let (pages, withIDs) = try store.pool.read {
            (try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM page"), try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM pageItemIDs"))
        }
        #expect(pages == 10 && withIDs == 10)
        let read: Set<String> = ["f0:1", "f2:8"]
        #expect(try store.unreadCounts(of: Self.feeds) == [
            Self.feeds[0]: Self.expected(feed: 0, pages: 3, read: read),
            Self.feeds[1]: Self.expected(feed: 1, pages: 3, read: read),
            Self.feeds[2]: Self.expected(feed: 2, pages: 3, read: read),
        ])
    }

    /// Ids with every character `JSONEncoder` escapes (and more) read back as they were written.
    @Test func idListsReadBackExactlyAsWritten() throws {
        let hard = [
            "", "plain", "tag:replica.feedscroll,2024:huge/99999", "a\"quote\"", "back\\slash", "https://x.example/a?b=c&d=e",
            "tab\tnew\nline\rret", "\u{01}\u{1F}ctl", "é ü 漢字 🧵", "\u{2028}\u{2029}", "end\\",
        ]
        #expect(CacheStore.decodeIDs(try CacheStore.encodeIDs(hard)) == hard)
        #expect(CacheStore.decodeIDs(try CacheStore.encodeIDs([])) == [])
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab/\\\"\n\t\u{0}\u{7F}é漢🧵 :,[]{}")
        for _ in 0..<500 {
            let ids = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
            let text = try CacheStore.encodeIDs(ids)
            #expect(CacheStore.decodeIDs(text) == ids, "\(text)")
        }
        // What is not a list of strings is no list.
        for broken in ["", "[", "[\"a\"", "[\"a\",]x", "{\"a\":1}", "[1,2]", "[\"a\" \"b\"]"] {
            #expect(CacheStore.decodeIDs(broken) == nil, "\(broken)")
        }
    }
}
