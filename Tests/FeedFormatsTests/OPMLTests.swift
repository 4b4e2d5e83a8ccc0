import FeedFormats
import FeedModel
import Foundation
import Testing

/// OPML subscription lists: newsboat's test files (Fixtures/README.md), broken ones, and the
/// round trip through `OPML.write`.
@Suite struct OPMLTests {
    static func parse(_ name: String) throws -> OPML.Document {
        try OPML.parse(FeedCorpusTests.fixture(name))
    }

    @Test func nestedFoldersBecomeTags() throws {
        let document = try Self.parse("newsboat-example.opml")
        #expect(document.title == "Example OPML file for Newsboat tests")
        #expect(document.subscriptions == [
            Subscription(url: "https://example.com/feed.xml", name: "example.com website"),
            Subscription(url: "https://example.com/mirrors/distrowatch.rss", name: "Distrowatch mirror"),
            Subscription(url: "https://example.com/feed.atom", name: "example.com website (Atom feed)"),
            Subscription(url: "https://example.com/feed.rss09", name: "example.com website (RSS 0.9 feed)"),
            Subscription(url: "https://blogs.example.com/~john/posts.rss", name: "John's musings", tags: ["Blogs"]),
            Subscription(url: "https://blogs.example.com/~mike/.rss", name: "Notes by Mike", tags: ["Blogs", "friends"]),
            Subscription(url: "https://fred.example.com/writing/index.php?type=rss", name: "Fred on everything", tags: ["eloquent"]),
        ])
        #expect(document.skipped == 0)
    }

    @Test func categoriesAreTagsAndAnEmptyTitleIsNoName() throws {
        let document = try Self.parse("newsboat-category.opml")
        #expect(document.subscriptions == [
            Subscription(url: "http://feeds.bbci.co.uk/news/business/rss.xml?edition=int", name: nil,
                         tags: ["tag one", "tag_two", "tag/three"]),
        ])
    }

    @Test func urlStandsInForAMissingXMLURL() throws {
        let document = try Self.parse("newsboat-xmlurl-missing-but-url-exists.opml")
        #expect(document.subscriptions.map(\.url) == ["https://example.com/feed.xml"])
    }

    @Test func onlyHTTPFeedsAreKeptAndTheRestCounted() throws {
        let document = try Self.parse("newsboat-with_unsupported_schemas.opml")
        #expect(document.subscriptions.map(\.url) == ["https://example.com/feed.atom"])
        #expect(document.skipped == 2)
    }

    @Test func aListWithoutABodyHasNoSubscriptions() throws {
        let document = try Self.parse("newsboat-body-element-missing.opml")
        #expect(document.title == "The body element is missing")
        #expect(document.subscriptions.isEmpty)
    }

    @Test func whatIsNotOPMLIsOneClearError() throws {
        #expect(throws: FeedParseError.self) { try OPML.parse([]) }
        #expect(throws: FeedParseError.self) { try Self.parse("newsboat-rss20_1.xml") }
        #expect(throws: FeedParseError(.notAFeed, "the file is XML whose root is <rss>, not OPML")) {
            try OPML.parse(FeedCorpusTests.fixture("newsboat-rss20_1.xml"))
        }
    }

    @Test func brokenListsStillGiveTheirFeeds() throws {
        // A bare `&` in a URL, an HTML entity in a name, a duplicate URL in a second folder, a
        // list cut off before its end.
        let text = """
            <opml version="2.0"><head><title>Mine &amp; yours</title></head><body>
            <outline text="News"><outline text="Caf&eacute; &amp; bar" xmlUrl="https://a.example/feed?x=1&y=2"/></outline>
            <outline text="Food"><outline text="again" xmlUrl="https://a.example/feed?x=1&y=2"/></outline>
            <outline text="cut" xmlUrl="https://b.example/rss"/>
            <outline text="Folder">
            """
        let document = try OPML.parse(Array(text.utf8))
        #expect(document.title == "Mine & yours")
        #expect(document.subscriptions == [
            Subscription(url: "https://a.example/feed?x=1&y=2", name: "Café & bar", tags: ["News", "Food"]),
            Subscription(url: "https://b.example/rss", name: "cut"),
        ])
    }

    @Test func writeThenParseGivesTheSameList() throws {
        let original = OPML.Document(title: "feeds <of> \"mine\"", subscriptions: [
            Subscription(url: "https://example.com/feed.xml?a=1&b=2", name: "A & B <c> \"d\"", tags: ["tech", "long, read"]),
            Subscription(url: "http://example.org/atom", name: nil, tags: []),
            Subscription(url: "https://example.net/feed.json", name: "Ünïcode 日本", tags: ["a/b"]),
        ])
        let written = OPML.write(original)
        var expected = original
        expected.subscriptions[0].tags = ["tech", "long read"]  // a comma is a separator; spaces collapse
        let back = try OPML.parse(Array(written.utf8))
        #expect(back == expected, "\(written)\n\(back)")
        // newsboat's own list survives the trip too.
        let newsboat = try Self.parse("newsboat-example.opml")
        #expect(try OPML.parse(Array(OPML.write(newsboat).utf8)) == newsboat)
    }
}
