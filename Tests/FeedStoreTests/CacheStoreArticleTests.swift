import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// The reader's articles kept for reading offline: by the address asked for, replaced when read
/// again, bounded by bytes (the read longest ago go first), sanitised on the way out, and a copy
/// that no longer decodes reads as none.
@Suite struct CacheStoreArticleTests {
    func article(_ title: String, paragraphs: Int = 3, bytes: Int = 40) -> ArticleText {
        ArticleText(
            url: "https://example.org/\(title)", title: title, about: "Ada · Example",
            blocks: (1...paragraphs).map {
                TextBlock($0 == 2 ? .preformatted : .paragraph, lines: ["Line \($0) " + String(repeating: "w", count: bytes)], indent: $0 % 2, marker: $0 == 3 ? "• " : nil)
            },
            links: ["https://example.org/one"])
    }

    @Test func anArticleIsKeptByItsAddressAndReplacedWhenReadAgain() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            let store = try StoreFixtures.open(path)
            #expect(try store.keptArticle(from: "https://example.org/a") == nil)
            try store.keepArticle(article("first"), from: "https://example.org/a", at: 10)
            try store.keepArticle(article("other"), from: "https://example.org/b", at: 11)
            try store.keepArticle(article("second"), from: "https://example.org/a", at: 12)
        }
        let reopened = try StoreFixtures.open(path)
        let kept = try #require(try reopened.keptArticle(from: "https://example.org/a"))
        #expect(kept.article == article("second"))
        #expect(kept.fetchedAt == 12)
        #expect(try reopened.keptArticleCount() == 2)
        try reopened.clear()
        #expect(try reopened.keptArticleCount() == 0)
    }

    @Test func articlesStayUnderTheirBoundReadLongestAgoGoingFirst() throws {
        let scratch = try ScratchDirectory()
        // A 4 MB cache keeps at most 1 MB of articles; each of these is about 40 KB.
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"), limitBytes: 4 << 20)
        #expect(store.articleLimitBytes == 1 << 20)
        for number in 0..<60 {
            try store.keepArticle(article("n\(number)", paragraphs: 10, bytes: 4_000), from: "https://example.org/\(number)", at: Double(number))
        }
        let count = try store.keptArticleCount()
        #expect(count > 10 && count < 60, "\(count) kept")
        #expect(try store.keptArticle(from: "https://example.org/59") != nil, "the newest stays")
        #expect(try store.keptArticle(from: "https://example.org/0") == nil, "the oldest went")
        let bytes = try store.read { db in try Int.fetchOne(db, sql: "SELECT SUM(bytes) FROM article") ?? 0 }
        #expect(bytes <= store.articleLimitBytes)
    }

    /// The file is not trusted more than the network: escape sequences written into it do not
    /// come back, and a blob that is not an article is dropped.
    @Test func whatComesBackIsSanitisedAndABrokenCopyIsNone() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        var hostile = article("x")
        hostile.title = "Title\u{1B}]0;pwned\u{07} here"
        hostile.blocks[0].lines = ["text \u{1B}[31mred\u{1B}[0m and \u{9B}2J"]
        hostile.blocks[1].lines = ["    let x = 1\u{1B}[2J"]
        try store.keepArticle(hostile, from: "https://example.org/x", at: 1)
        let kept = try #require(try store.keptArticle(from: "https://example.org/x")).article
        #expect(kept.title == "Title here")
        #expect(kept.blocks[0].lines == ["text red and "])
        #expect(kept.blocks[1].lines == ["    let x = 1"], "code keeps its indentation")
        #expect(!kept.blocks.flatMap(\.lines).joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B })

        try store.write { db in
            try db.execute(sql: "UPDATE article SET article = ? WHERE url = ?", arguments: [Data("{\"not\": 1}".utf8), "https://example.org/x"])
        }
        #expect(try store.keptArticle(from: "https://example.org/x") == nil)
        #expect(try store.keptArticleCount() == 0, "the broken copy was dropped")
    }
}
