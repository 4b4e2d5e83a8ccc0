import FeedModel
import Testing

@testable import FeedConfig

/// `[[subscriptions]]`: TOML's array of tables, validated into `Subscription`s, and bad entries
/// named with their element and line.
@Suite struct ConfigSubscriptionTests {
    @Test func arraysOfTablesBecomeSubscriptionsInFileOrder() throws {
        let config = try ConfigFile.parse("""
            page_size = 20

            [[subscriptions]]
            url = "https://example.org/feed.xml"
            name = "Example"
            tags = ["news", "tech"]

            [[subscriptions]]
            url = "http://127.0.0.1:8765/feeds/atom-paged"

            [feeds.x]
            source = "hn"
            """)
        #expect(config.subscriptions == [
            Subscription(url: "https://example.org/feed.xml", name: "Example", tags: ["news", "tech"]),
            Subscription(url: "http://127.0.0.1:8765/feeds/atom-paged"),
        ])
        #expect(config.pageSize == 20)
        #expect(config.feeds["x"]?.source == "hn")
    }

    @Test func anInlineArrayOfTablesReadsTheSame() throws {
        let config = try ConfigFile.parse("""
            subscriptions = [{ url = "https://a.example/rss" }, { url = "https://b.example/atom", name = "B" }]
            """)
        #expect(config.subscriptions.map(\.url) == ["https://a.example/rss", "https://b.example/atom"])
        #expect(config.subscriptions.map(\.name) == [nil, "B"])
    }

    /// Each bad entry is one line naming the element (1-based) and the line it is on.
    @Test(arguments: [
        ("[[subscriptions]]\nurl = \"https://a.example/\"\n[[subscriptions]]\nurl = \"ftp://b.example/feed\"\n",
         "config:4: subscriptions[2].url: \"ftp://b.example/feed\" is not a feed URL; give http://HOST/… or https://HOST/…"),
        ("[[subscriptions]]\nname = \"no url\"\n",
         "config:1: subscriptions[1]: missing \"url\", the feed's address (http://… or https://…)"),
        ("[[subscriptions]]\nurl = \"https://a.example/\"\ncolour = \"red\"\n",
         "config:3: subscriptions[1].colour: unknown key; expected one of: url, name, tags"),
        ("[[subscriptions]]\nurl = \"https://a.example/\"\ntags = \"news\"\n",
         "config:3: subscriptions[1].tags: expected an array of strings, got a string"),
        ("[[subscriptions]]\nurl = \"https://a.example/\"\n[[subscriptions]]\nurl = \"https://a.example/\"\n",
         "config:4: subscriptions[2].url: \"https://a.example/\" is listed twice"),
        ("subscriptions = \"https://a.example/\"\n",
         "config:1: subscriptions: expected an array of tables ([[subscriptions]]), got a string"),
        ("[[subscriptions]]\nurl = \"https:///nohost\"\n",
         "config:2: subscriptions[1].url: \"https:///nohost\" is not a feed URL; give http://HOST/… or https://HOST/…"),
    ])
    func aBadEntryIsOneLineWithItsPlace(file: String, message: String) {
        #expect(throws: ConfigError.self) { try ConfigFile.parse(file) }
        do {
            _ = try ConfigFile.parse(file)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theLocatorNumbersArrayElements() {
        let locator = KeyLocator(source: """
            [[subscriptions]]
            url = "a"

            [[subscriptions]]
            name = "b"
            url = "b"
            [keys]
            down = "j"
            """)
        #expect(locator.line(of: ["subscriptions[1]", "url"]) == 2)
        #expect(locator.line(of: ["subscriptions[2]"]) == 4)
        #expect(locator.line(of: ["subscriptions[2]", "url"]) == 6)
        #expect(locator.line(of: ["keys", "down"]) == 8)
    }

    @Test(arguments: [
        ("https://example.org/feed", true), ("http://127.0.0.1:8765/feeds/rdf", true), ("HTTPS://EXAMPLE.ORG", true),
        ("ftp://example.org/feed", false), ("example.org/feed", false), ("https://", false), ("https:///x", false),
        ("https://exa mple.org/", false), ("https://example.org/\u{1B}[31m", false), ("javascript:alert(1)", false),
    ])
    func feedURLs(url: String, isFeed: Bool) {
        #expect(Subscription.isFeedURL(url) == isFeed)
    }
}
