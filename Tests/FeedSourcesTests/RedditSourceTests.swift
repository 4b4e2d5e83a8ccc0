import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct RedditSourceTests {
    static let base = "http://127.0.0.1:8080/reddit"

    static let listing = #"""
        {"kind":"Listing","data":{"after":"t3_14ql5o5","dist":25,"modhash":"","geo_filter":"","children":[
          {"kind":"t3","data":{"approved_at_utc":null,"subreddit":"Unexpected","selftext":"","author_fullname":"t2_8si64","title":"Here's how you say thanks & more",
           "subreddit_name_prefixed":"r/Unexpected","name":"t3_14qefea","upvote_ratio":0.92,"ups":56895,"score":56895,
           "thumbnail":"nsfw","edited":false,"is_self":false,"created":1688475187.0,"domain":"v.redd.it","selftext_html":null,
           "over_18":true,"preview":{"images":[{"source":{"url":"https://external-preview.redd.it/abc.png?width=720&s=def","width":720,"height":464}}]},
           "id":"14qefea","author":"Xador3d","num_comments":1206,"permalink":"/r/Unexpected/comments/14qefea/heres_how_you_say_thanks_for_avoiding_a_traffic/",
           "stickied":false,"url":"https://example.com/v?a=1&b=2","subreddit_subscribers":10526001,"created_utc":1688475187.0,
           "media":{"reddit_video":{"fallback_url":"x"}},"is_video":true}},
          {"kind":"t3","data":{"name":"t3_14ql5o5","id":"14ql5o5","title":"A self post","selftext":"Body & soul <3","is_self":true,
           "author":"me","score":1,"num_comments":0,"created_utc":1688475000.5,"edited":1688475100.0,
           "permalink":"/r/Unexpected/comments/14ql5o5/a_self_post/","url":"https://www.reddit.com/r/Unexpected/comments/14ql5o5/a_self_post/"}}],
         "before":null}}
        """#

    private func source(_ transport: FakeTransport, _ sub: String = "Unexpected") -> RedditSource {
        RedditSource(subreddit: sub, baseURL: URL(string: Self.base)!, transport: transport)
    }

    /// The preview's source first, then the thumbnail; its words ("self", "default", "nsfw",
    /// "spoiler") and empty strings are not links.
    @Test(arguments: [
        (#""thumbnail":"https://b.thumbs.redditmedia.com/t.jpg""#, "https://b.thumbs.redditmedia.com/t.jpg"),
        (#""thumbnail":"https://b.thumbs.redditmedia.com/t.jpg","preview":{"images":[{"source":{"url":"https://preview.redd.it/p.png?s=1"}}]}"#, "https://preview.redd.it/p.png?s=1"),
        (#""thumbnail":"self""#, nil), (#""thumbnail":"default""#, nil), (#""thumbnail":"nsfw""#, nil),
        (#""thumbnail":"spoiler""#, nil), (#""thumbnail":"""#, nil), (#""thumbnail":"self","preview":{"images":[]}"#, nil),
    ] as [(String, String?)])
    func pictureFromPreviewOrThumbnail(fields: String, expected: String?) async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/r/pics/new.json?limit=25&raw_json=1", body: #"""
            {"kind":"Listing","data":{"after":null,"children":[{"kind":"t3","data":{"name":"t3_a","title":"t","permalink":"/r/pics/comments/a/t/",\#(fields)}}]}}
            """#)
        let s = source(transport, "pics")
        let page = try await loadPage(s, s.firstKey, pageSize: 25)
        #expect(page.items.first?.pictureURL == expected)
    }

    @Test func firstPageDecodesAsWrittenWithRawJSON() async throws {
        let transport = FakeTransport()
        let url = "\(Self.base)/r/Unexpected/new.json?limit=25&raw_json=1"
        transport.serve(url, body: Self.listing)
        let s = source(transport, "r/Unexpected")
        let page = try await loadPage(s, s.firstKey, pageSize: 25)
        #expect(transport.requestedURLs == [url])
        #expect(transport.requests.first?.headers["User-Agent"] == RedditSource.defaultUserAgent)
        #expect(page.next == .cursor("t3_14ql5o5"))
        #expect(page.items[0].factLines == [
            "score=56895 56,895 points", "comments=1206 1,206 comments", "subreddit=Unexpected r/Unexpected",
            "author=Xador3d u/Xador3d", "time=@1688475187 (age)",
        ])
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "reddit:t3_14qefea", title: "Here's how you say thanks & more", url: "https://example.com/v?a=1&b=2",
            author: "Xador3d", score: 56895, commentCount: 1206, time: 1_688_475_187, body: nil,
            discussionURL: "https://www.reddit.com/r/Unexpected/comments/14qefea/heres_how_you_say_thanks_for_avoiding_a_traffic/",
            pictureURL: "https://external-preview.redd.it/abc.png?width=720&s=def"))
        #expect(page.items[1].pictureURL == nil)
        #expect(page.items[1].body == "Body & soul <3")
        #expect(page.items[1].time == 1_688_475_000)
    }

    @Test func afterIsSentAndNullAfterEnds() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/r/Unexpected/new.json?limit=100&raw_json=1&after=t3_14ql5o5",
            body: #"{"kind":"Listing","data":{"after":null,"dist":0,"children":[],"before":null}}"#)
        let page = try await loadPage(source(transport), .cursor("t3_14ql5o5"), pageSize: 250)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
    }

    @Test(arguments: ["", "r/", "no spaces", "../etc", "a/b"])
    func badSubredditNamesAreRejected(name: String) async {
        let transport = FakeTransport()
        #expect(await loadError(source(transport, name), .cursor(nil))?.kind == .invalidRequest)
        #expect(transport.requests.isEmpty)
    }

    @Test func notAListingIsADecodingError() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/r/Unexpected/new.json?limit=10&raw_json=1", body: #"{"kind":"t5","data":{"display_name":"x"}}"#)
        let error = try #require(await loadError(source(transport), .cursor(nil)))
        #expect(error == FeedError(.decoding, "reddit: unexpected response (not a Listing)"))
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .cursor(nil), url: "\(Self.base)/r/Unexpected/new.json?limit=10&raw_json=1", transport: transport,
            api: "reddit", truncated: #"{"kind":"Listing","data":{"#, wrongType: #"{"kind":"Listing","data":{"children":[{"kind":"t3","data":{"name":7}}]}}"#)
    }
}
