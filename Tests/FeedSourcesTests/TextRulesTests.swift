import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// Every adapter decodes each field as what its API writes (docs/TEXT-FIELDS.md), exactly once:
/// plain text keeps `<`, `>` and `&amp;` as written, HTML is rendered, HTML-escaped text is
/// unescaped once (so `&amp;amp;` becomes `&amp;`, never `&`).
struct TextRulesTests {
    /// The text every plain field carries, and what must come out of it unchanged.
    static let plain = #"Vec<T> & <b>bold</b> &amp; &lt;3"#
    /// The same words as HTML (what an HTML field holds when its author typed `plain`).
    static let html = #"<p>Vec&lt;T&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &amp;amp; &amp;lt;3</p>"#

    private func one(_ transport: FakeTransport, _ source: some FeedSource, _ key: PageKey? = nil, pageSize: Int = 1) async throws -> FeedItem {
        let page = try await loadPage(source, key ?? source.firstKey, pageSize: pageSize)
        return try #require(page.items.first)
    }

    private func json(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    @Test func lobstersTitleAndPlainDescriptionKeepWhatWasTyped() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/lobsters"
        transport.serve("\(base)/hottest.json?page=1", body: #"""
            [{"short_id":"a1","created_at":"2024-09-25T15:27:23.000-05:00","title":\#(json("it's <complicated> & \"fun\"")),
              "url":"","score":1,"comment_count":0,"description":\#(json(Self.html)),"description_plain":\#(json(Self.plain)),
              "submitter_user":"x","tags":["rust"]}]
            """#)
        let item = try await one(transport, LobstersSource(list: .hottest, baseURL: URL(string: base)!, transport: transport))
        #expect(item.title == "it's <complicated> & \"fun\"")
        #expect(item.body == Self.plain + "\n\ntags: rust")
    }

    @Test func lobstersHTMLDescriptionIsRenderedWhenThereIsNoPlainOne() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/lobsters"
        transport.serve("\(base)/hottest.json?page=1", body: #"""
            [{"short_id":"a1","title":"t","url":"","score":1,"comment_count":0,"description":\#(json(Self.html)),"tags":[]}]
            """#)
        let item = try await one(transport, LobstersSource(list: .hottest, baseURL: URL(string: base)!, transport: transport))
        #expect(item.body == Self.plain)
    }

    @Test func algoliaTitlesArePlainAndTextsAreHTML() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/algolia/api/v1"
        transport.serve("\(base)/search?query=&tags=story&hitsPerPage=2&page=0", body: #"""
            {"hits":[{"objectID":"1","title":\#(json(Self.plain)),"author":"pg","points":1,"num_comments":0,"created_at_i":1,
                      "story_text":\#(json(Self.html))},
                     {"objectID":"2","story_title":\#(json(Self.plain)),"comment_text":\#(json(Self.html)),"author":"dang","created_at_i":1,"story_id":1}],
             "nbHits":2,"nbPages":1,"page":0}
            """#)
        let source = AlgoliaSearchSource(baseURL: URL(string: base)!, transport: transport)
        let page = try await loadPage(source, source.firstKey, pageSize: 2)
        #expect(page.items[0].title == Self.plain)
        #expect(page.items[0].body == Self.plain)
        #expect(page.items[1].title == "Re: " + Self.plain)
        #expect(page.items[1].body == Self.plain)
    }

    @Test func hackerNewsTitleAndTextAreHTML() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/hn/v0"
        transport.serve("\(base)/topstories.json", body: "[1]")
        transport.serve("\(base)/item/1.json", body: #"""
            {"by":"pg","id":1,"time":1,"type":"story","title":"Vec&lt;T&gt; &amp;amp; &#x27;x&#x27;","text":\#(json(Self.html))}
            """#)
        let item = try await one(transport, HackerNewsSource(list: .top, baseURL: URL(string: base)!, transport: transport))
        #expect(item.title == "Vec<T> &amp; 'x'")
        #expect(item.body == Self.plain)
    }

    @Test func githubDescriptionIsPlain() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/github"
        transport.serve("\(base)/search/repositories?q=x&sort=stars&order=desc&per_page=1&page=1", body: #"""
            {"total_count":1,"items":[{"id":1,"full_name":"a/b","owner":{"login":"a"},"html_url":"https://github.com/a/b",
              "description":\#(json(Self.plain)),"stargazers_count":1}]}
            """#)
        let item = try await one(transport, GitHubSearchSource(query: "x", baseURL: URL(string: base)!, transport: transport))
        #expect(item.title == "a/b — " + Self.plain)
    }

    @Test func redditWithRawJSONIsPlainEverywhere() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/reddit"
        transport.serve("\(base)/r/swift/new.json?limit=1&raw_json=1", body: #"""
            {"kind":"Listing","data":{"after":null,"children":[{"kind":"t3","data":{"name":"t3_1","title":\#(json(Self.plain)),
              "selftext":\#(json(Self.plain)),"url":"https://example.com/?a=1&amp;b=2","permalink":"/r/swift/comments/1/x/",
              "subreddit":"swift","author":"me","score":1,"num_comments":0,"created_utc":1.0}}]}}
            """#)
        let item = try await one(transport, RedditSource(subreddit: "swift", baseURL: URL(string: base)!, transport: transport))
        #expect(item.title == Self.plain)
        #expect(item.body == Self.plain)
        #expect(item.url == "https://example.com/?a=1&amp;b=2")
    }

    @Test func devTitleAndDescriptionArePlain() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/devto/api"
        transport.serve("\(base)/articles?page=1&per_page=1", body: #"""
            [{"id":1,"title":\#(json(Self.plain)),"description":\#(json(Self.plain)),"url":"https://dev.to/x","tag_list":[]}]
            """#)
        let item = try await one(transport, DevToSource(baseURL: URL(string: base)!, transport: transport))
        #expect(item.title == Self.plain)
        #expect(item.body == Self.plain)
    }

    @Test func mastodonContentIsHTMLAndTheWarningIsPlainOnce() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/mastodon"
        transport.serve("\(base)/api/v1/timelines/public?limit=2", body: #"""
            [{"id":"2","content":\#(json(Self.html)),"spoiler_text":"","account":{"acct":"a"}},
             {"id":"1","content":"<p>x</p>","spoiler_text":\#(json(Self.plain)),"account":{"acct":"a"}}]
            """#)
        let source = MastodonSource(baseURL: URL(string: base)!, transport: transport)
        let page = try await loadPage(source, source.firstKey, pageSize: 2)
        #expect(page.items[0].title == Self.plain)
        #expect(page.items[0].body == Self.plain)
        // The warning as the poster wrote it, marked once.
        #expect(page.items[1].title == "CW: " + Self.plain)
    }

    @Test func stackExchangeTitlesAreEscapedTextDecodedOnce() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/stackexchange/2.3"
        transport.serve("\(base)/questions?site=stackoverflow&pagesize=1&page=1&order=desc&sort=creation", body: #"""
            {"items":[{"question_id":1,"title":"Vec&lt;T&gt; &amp; &lt;b&gt;bold&lt;/b&gt; &amp;amp; &amp;lt;3","link":"https://x",
              "owner":{"display_name":"O&#39;Brien &lt;ob&gt;"},"tags":[]}],"has_more":false}
            """#)
        let item = try await one(transport, StackExchangeSource(baseURL: URL(string: base)!, transport: transport))
        #expect(item.title == Self.plain)
        #expect(item.author == "O'Brien <ob>")
    }

    @Test func jsonPlaceholderAndPokeAPIArePlain() async throws {
        let transport = FakeTransport()
        let base = "http://127.0.0.1:8080/jsonplaceholder"
        transport.serve("\(base)/posts?_page=1&_limit=1", body: #"[{"id":1,"userId":1,"title":\#(json(Self.plain)),"body":\#(json(Self.plain))}]"#)
        let post = try await one(transport, JSONPlaceholderSource(baseURL: URL(string: base)!, transport: transport))
        #expect(post.title == Self.plain)
        #expect(post.body == Self.plain)

        let poke = "http://127.0.0.1:8080/pokeapi/api/v2"
        transport.serve("\(poke)/pokemon?offset=0&limit=1", body: #"{"count":1,"next":null,"results":[{"name":"mr&amp;<mime>","url":"/api/v2/pokemon/122/"}]}"#)
        let pokemon = try await one(transport, PokeAPISource(baseURL: URL(string: poke)!, transport: transport))
        #expect(pokemon.title == "Mr&amp;<mime>")
    }
}
