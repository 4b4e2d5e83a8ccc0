import FeedFormats
import Foundation
import Testing

/// The parsers on real feeds collected from public test suites (Fixtures/README.md says where
/// each came from) and on broken feeds built to show each of the ten breakages: what every
/// format yields, field by field.
@Suite struct FeedCorpusTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
        return Array(try Data(contentsOf: url))
    }

    static func parse(_ name: String, contentType: String? = nil, url: String? = nil) throws -> FeedDocument {
        try FeedParser.parse(fixture(name), contentType: contentType, url: url.flatMap(URL.init(string:)))
    }

    // MARK: - Every format, well-formed

    @Test func netscapeRSS091() throws {
        let feed = try Self.parse("newsboat-rss091_1.xml")
        #expect(feed.head.format == .rss091)
        #expect(feed.head.title == "Example Channel")
        #expect(feed.head.links.site == "http://example.com/")
        #expect(feed.entries.count == 1)
        let entry = try #require(feed.entries.first)
        // The title's `&lt;` decodes to a `<` that opens no tag: it stays text.
        #expect(entry.title == "1 < 2")
        #expect(entry.url == "http://example.com/1_less_than_2.html")
        #expect(entry.isDerivedID)  // 0.91 has no guid
        #expect(entry.summary?.plain().hasPrefix("1 < 2, 3 < 4.") == true)
    }

    @Test func rss092WithXMLBaseAndCDATA() throws {
        let feed = try Self.parse("newsboat-rss092_1.xml")
        #expect(feed.head.format == .rss092)
        #expect(feed.entries.map(\.title) == ["1 < 2", "A second item", "A third item"])
        // `/a_third_item.html` resolves against the xml:base on <rss>.
        #expect(feed.entries[2].url == "http://example.com/a_third_item.html")
        #expect(feed.entries[1].url == "http://example.com/a_second_item.html")
        #expect(Set(feed.entries.map(\.id)).count == 3)
    }

    @Test func rss10RDF() throws {
        let feed = try Self.parse("newsboat-rss10_1.xml")
        #expect(feed.head.format == .rss10)
        #expect(feed.head.title == "Example Dot Org")  // not the image's "Example"
        let entry = try #require(feed.entries.first)
        #expect(feed.entries.count == 1)
        #expect(entry.id == "http://www.example.org/status/")  // rdf:about
        #expect(!entry.isDerivedID)
        #expect(entry.url == "http://www.example.org/status/foo")
        #expect(entry.published == 1_230_621_600)  // 2008-12-30T08:20:00+01:00
    }

    @Test func rss10WithContentAndDublinCore() throws {
        let feed = try Self.parse("feedparser-rss10.rdf")
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "http://www.example.org/1")
        #expect(entry.author == "Aaron Swartz")
        #expect(entry.tags == ["Politics"])
        #expect(entry.published == 1_085_948_634)  // 2004-05-30T14:23:54-06:00
        #expect(entry.summary?.plain() == "Americans are fat. Smokers are stupid. People who don't speak Perl are irrelevant.")
        let content = try #require(entry.content?.plain())
        #expect(content.hasPrefix("Ian Hickson: "))
        #expect(content.contains("Americans are fat."))
    }

    @Test func rss20() throws {
        let feed = try Self.parse("newsboat-rss20_1.xml")
        #expect(feed.head.format == .rss20)
        let entry = try #require(feed.entries.first)
        #expect(entry.id == "http://example.com/blog/this_is_an_item.html")
        #expect(entry.author == "Andreas Krennmair")
        #expect(entry.commentsURL == "http://example.com/blog/this_is_an_item.html#comments")
        #expect(entry.published == 1_229_045_770)  // Fri, 12 Dec 2008 02:36:10 +0100
        #expect(entry.content == .html("oh well, this is the content."))
    }

    @Test func atom10LinksAndAuthors() throws {
        let feed = try Self.parse("newsboat-atom10_1.xml")
        #expect(feed.head.format == .atom10)
        #expect(feed.head.title == "test atom")
        #expect(feed.entries.map(\.title) == [
            "A gentle introduction to Atom testing", "A missing rel attribute", "alternate link isn't first",
        ])
        // A missing rel is alternate; a `comments` link before the alternate one is not the URL.
        #expect(feed.entries.allSatisfy { $0.url == "http://example.com/atom_testing.html" })
        #expect(feed.entries.allSatisfy { $0.author == "A Person" })
        #expect(feed.entries.map(\.id) == [
            "tag:example.com,2008-12-30:/atom_testing", "tag:example.com,2008-12-30:/atom_testing1",
            "tag:example.com,2008-12-30:/atom_testing2",
        ])
    }

    @Test func atomEntriesWithoutTitlesAndARepeatedID() throws {
        let feed = try Self.parse("newsboat-items_without_titles.xml")
        #expect(feed.entries.count == 4)
        // An entry with no title shows the start of its content instead.
        #expect(feed.entries.allSatisfy { $0.title == "some content" })
        // The fourth repeats the third's id with another link: it keeps its place, derived.
        #expect(feed.entries[3].isDerivedID)
        #expect(feed.entries[2].id == "tag:example.com,2008-12-30:/atom_testing2")
        #expect(feed.entries[3].url == "http://example.com/a-test-for-htm-extension.htm")
    }

    @Test func atomPrefersTheHTMLAlternate() throws {
        let feed = try Self.parse("newsboat-multiple_item_links.atom")
        #expect(feed.head.links.this == "http://www.test.org/index.atom")
        #expect(feed.head.links.site == "http://www.test.org/")
        let entry = try #require(feed.entries.first)
        #expect(entry.url == "http://www.test.org/tests")
        #expect(entry.author == "Tester")  // inherited from the feed
    }

    @Test func atom10XHTMLSummaryLosesItsWrapper() throws {
        let feed = try Self.parse("feedkit-Atom+XHTML.xml")
        let summary = try #require(feed.entries.first?.summary)
        guard case .html(let html) = summary else { Issue.record("xhtml must become HTML"); return }
        #expect(!html.contains("xmlns"))
        #expect(html.contains("<strong>Some markings</strong>"))
        #expect(summary.plain() == "Some markingsExample\n\nOn a quote...")
    }

    @Test func atom03() throws {
        let feed = try Self.parse("feedparser-entry_content_value.xml")
        #expect(feed.head.format == .atom03)
        #expect(feed.entries.first?.content?.plain() == "Example Atom")
        let titled = try Self.parse("feedparser-relative_uri_inherit_2.xml")
        #expect(titled.head.format == .atom03)
        #expect(titled.head.title == "Example test")
    }

    @Test func jsonFeed10WithNextURL() throws {
        let feed = try Self.parse("feedkit-feed.json")
        #expect(feed.head.format == .jsonFeed10)
        #expect(feed.head.links.next == "https://example.org/feed.json?p=2")
        #expect(feed.entries.count == 2)
        let first = feed.entries[0]
        #expect(first.id == "http://therecord.co/chris-parrish")
        #expect(first.author == "Brent Simmons")
        #expect(first.tags == ["tag1", "tag2"])
        #expect(first.enclosures.map(\.length) == [63_207_998, 89_970_236])
        #expect(first.published == 1_399_662_240)  // 2014-05-09T12:04:00-07:00
        #expect(first.content?.plain().hasPrefix("Chris has worked at Adobe and") == true)
        #expect(feed.entries[1].author == "Brent Simmons")  // inherited
    }

    @Test func jsonFeed11Authors() throws {
        let feed = try Self.parse("feedkit-feed_v1_1.json")
        #expect(feed.head.format == .jsonFeed11)
        // The first item's only author has no name: it falls back to the feed's authors.
        #expect(feed.entries.map(\.author) == ["Brent Simmons, John Gruber", "Brent Simmons, John Gruber"])
        #expect(feed.entries.map(\.title) == ["Hello, world!", "Hello again, world!"])
    }

    // MARK: - Paging links

    @Test func archiveDocumentsAtomAndRSS() throws {
        let atom = try Self.parse("feedkit-AtomFeedHistory.xml")
        #expect(atom.head.isArchive)
        #expect(atom.head.links.prevArchive == "http://example.org/2003/10/index.atom")
        #expect(atom.head.links.current == "http://example.org/index.atom")
        let rss = try Self.parse("feedkit-RSSFeedHistory.xml")
        #expect(rss.head.isArchive)
        #expect(rss.head.links.prevArchive == "http://liftoff.example.net/2003/04/index.rss")
        #expect(rss.head.links.current == "http://liftoff.example.net/index.rss")
        #expect(rss.entries.count == 1)
    }

    // MARK: - Broken feeds

    @Test func corruptedAmpersandsStayOneAmpersand() throws {
        let feed = try Self.parse("feedparser-rss_item_link_corrupted_ampersands.xml")
        #expect(feed.entries.first?.url == "http://link/get?a=1&b=2")
    }

    @Test func characterReferencesOutOfRangeBecomeReplacementCharacters() throws {
        let feed = try Self.parse("feedparser-charref_out_of_range.xml")
        #expect(feed.head.title == "a \u{FFFD} b \u{FFFD} c \u{FFFD} d")
    }

    @Test func lossyNumbersAreIgnoredNotFatal() throws {
        let feed = try Self.parse("feedkit-LossyRSS.xml")
        let entry = try #require(feed.entries.first)
        #expect(entry.enclosures == [
            FeedEnclosure(url: "https://example.com/audio/episode-1.mp3", type: "audio/mpeg", length: nil),
            FeedEnclosure(url: "https://example.com/video/episode-1.mp4", type: nil, length: nil),
        ])
    }

    @Test func latin1DeclarationBareAmpersandsInGuids() throws {
        let feed = try Self.parse("feedkit-Ampersand-trimmed.xml")
        #expect(feed.head.charset == "windows-1252")
        #expect(feed.entries.count == 2)
        #expect(feed.entries[1].title == "Brøndby til fans: Tag ikke til Horsens")
        #expect(feed.entries[0].id.hasSuffix("?utm_source=bolddk&utm_medium=rss&utm_campaign=rss"))
        #expect(feed.entries[0].enclosures.first?.length == nil)
    }

    @Test func entitiesBOMDoubleEscapingAndRepeatedGuids() throws {
        let feed = try Self.parse("broken-entities-bom-guids.xml", url: "https://cafe.example/feed/")
        #expect(feed.head.title == "Café & Bar\u{A0}News")
        #expect(feed.head.isWordPress)
        // The fourth item repeats the first whole: dropped. The third reuses its guid: derived.
        #expect(feed.entries.count == 3)
        let first = feed.entries[0]
        #expect(first.id == "https://cafe.example/?p=12")
        #expect(first.title == "Tom & Jerry 's bold move")
        #expect(first.url == "https://cafe.example/2024/01/02/tom-and-jerry/?a=1&b=2")
        #expect(first.published == 1_704_187_800)  // Tue, 02 Jan 2024 09:30 GMT
        #expect(first.author == "Ann")
        #expect(first.summary?.plain() == "Cafés … and a bell here &unknownentity; too")
        #expect(feed.entries[1].isDerivedID)
        #expect(feed.entries[1].published == 1_704_153_600)  // 2 January 2024
        #expect(feed.entries[2].isDerivedID)
        #expect(feed.entries[2].published == 1_704_114_000)  // Mon, 01 Jan 24 08:00:00 EST
        #expect(feed.head.repairs.contains { $0.contains("undeclared HTML entit") })
        #expect(feed.head.repairs.contains { $0.contains("repeated entr") })
    }

    @Test func windows1252BytesUnderAUTF8Declaration() throws {
        let feed = try Self.parse("broken-cp1252-declared-utf8.xml")
        #expect(feed.head.charset == "windows-1252")
        #expect(feed.head.title == "Café ’quotes’")
        #expect(feed.entries.first?.title == "Naïve café “smart”")
    }

    @Test func truncatedFeedKeepsWhatCameBefore() throws {
        let feed = try Self.parse("broken-truncated.xml")
        #expect(feed.entries.prefix(2).map(\.title) == ["One", "Two"])
        #expect(feed.head.repairs.contains { $0.contains("broke off") })
    }

    @Test func unterminatedCDATAIsClosed() throws {
        let feed = try Self.parse("broken-unterminated-cdata.xml")
        #expect(feed.entries.first?.title == "Fine")
        #expect(feed.head.repairs.contains { $0.contains("CDATA") })
    }

    @Test func jsonFeedOddIDs() throws {
        let feed = try Self.parse("jsonfeed-odd-ids.json", url: "https://odd.example/feed.json")
        #expect(feed.entries.map(\.id) == ["42", "x"])
        #expect(feed.entries[0].url == "https://odd.example/42")
        #expect(feed.entries[1].title == "Title of the wrong type")
        #expect(feed.entries[1].tags == ["a", "b"])
        // A next_url equal to the feed's own URL is a loop, not a next page.
        #expect(feed.head.links.next == nil)
        #expect(feed.head.repairs.contains { $0.contains("3 items without an id") })
    }

    // MARK: - Not feeds

    @Test(arguments: [
        ("not-a-feed-challenge.html", "HTML page"),
        ("feedkit-FeedNotFound.xml", "root is <element>"),
        ("not-a-feed-api-error.json", "not a JSON Feed"),
    ])
    func notAFeedIsOneClearError(name: String, phrase: String) throws {
        do {
            _ = try FeedParser.parse(Self.fixture(name))
            Issue.record("\(name) parsed as a feed")
        } catch let error as FeedParseError {
            #expect(error.kind == .notAFeed)
            #expect(error.message.contains(phrase))
        }
    }

    @Test func invalidJSONFailsWhole() throws {
        do {
            _ = try FeedParser.parse(Self.fixture("broken-truncated.json"))
            Issue.record("truncated JSON parsed")
        } catch let error as FeedParseError {
            #expect(error.kind == .malformed)
        }
    }

    @Test func emptyBodyIsNotAFeed() {
        #expect(throws: FeedParseError.self) { try FeedParser.parse([]) }
        #expect(throws: FeedParseError.self) { try FeedParser.parse(Array("   \n".utf8)) }
    }
}
