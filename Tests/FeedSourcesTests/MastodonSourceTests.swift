import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct MastodonSourceTests {
    static let base = "http://127.0.0.1:8080/mastodon"

    static func status(id: String, content: String, spoiler: String = "") -> String {
        #"""
        {"id":"\#(id)","created_at":"2019-12-08T03:48:33.901Z","in_reply_to_id":null,"in_reply_to_account_id":null,
         "sensitive":false,"spoiler_text":"\#(spoiler)","visibility":"public","language":"en",
         "uri":"https://mastodon.social/users/Gargron/statuses/\#(id)","url":"https://mastodon.social/@Gargron/\#(id)",
         "replies_count":5,"reblogs_count":6,"favourites_count":11,"favourited":false,"reblogged":false,"muted":false,"bookmarked":false,
         "content":"\#(content)","reblog":null,"application":{"name":"Web","website":null},
         "account":{"id":"1","username":"Gargron","acct":"Gargron","display_name":"Eugen","locked":false,"bot":false,
           "url":"https://mastodon.social/@Gargron","avatar":"https://files.mastodon.social/a.jpg","followers_count":322930},
         "media_attachments":[],"mentions":[],"tags":[],"emojis":[],"card":null,"poll":null}
        """#
    }

    static let guardian = #"<p>&quot;I lost my inheritance ...&quot;</p><p><a href=\"https://www.theguardian.com/money/2019/dec/07/x\" rel=\"nofollow noopener noreferrer\" target=\"_blank\"><span class=\"invisible\">https://www.</span><span class=\"ellipsis\">theguardian.com/money/2019/dec</span><span class=\"invisible\">/07/x</span></a></p>"#

    private func source(_ transport: FakeTransport) -> MastodonSource {
        MastodonSource(baseURL: URL(string: Self.base)!, transport: transport)
    }

    @Test func pageFollowsLinkNext() async throws {
        let transport = FakeTransport()
        let url = "\(Self.base)/api/v1/timelines/public?limit=20"
        transport.serve(
            url,
            headers: ["Link": #"<https://mastodon.social/api/v1/timelines/public?limit=20&max_id=103206804086086361>; rel="next", <https://mastodon.social/api/v1/timelines/public?limit=20&min_id=103270115826048975>; rel="prev""#],
            body: "[\(Self.status(id: "103270115826048975", content: Self.guardian)),\(Self.status(id: "103206804086086361", content: "<p>second</p>", spoiler: "food"))]")
        let s = source(transport)
        let page = try await loadPage(s, s.firstKey, pageSize: 20)
        #expect(transport.requestedURLs == [url])
        #expect(page.next == .keyset("103206804086086361"))
        #expect(page.items[0].factLines == [
            "favourites=11 ★ 11", "boosts=6 6 boosts", "replies=5 5 replies", "author=Gargron @Gargron", "time=@1575776913 (age)",
        ])
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "mastodon:103270115826048975", title: "\"I lost my inheritance ...\" theguardian.com/money/2019/dec…",
            url: "https://mastodon.social/@Gargron/103270115826048975", author: "Gargron", score: 11, commentCount: 5,
            time: 1_575_776_913, body: "\"I lost my inheritance ...\"\n\ntheguardian.com/money/2019/dec…",
            discussionURL: "https://mastodon.social/@Gargron/103270115826048975", bodyHTML: Self.guardian.replacingOccurrences(of: #"\""#, with: "\""),
            pictureURL: "https://files.mastodon.social/a.jpg"))
        #expect(page.items[1].title == "CW: food")
        #expect(page.items[1].body == "second")
    }

    /// The first attachment's picture (an image itself, a video's preview frame), else the avatar;
    /// a boost shows the boosted status's.
    @Test func picturesComeFromMediaThenTheAvatar() async throws {
        let transport = FakeTransport()
        let withMedia = Self.status(id: "2", content: "<p>m</p>").replacingOccurrences(
            of: #""media_attachments":[]"#,
            with: #""media_attachments":[{"type":"audio","url":"https://files.mastodon.social/a.mp3","preview_url":null},{"type":"video","url":"https://files.mastodon.social/v.mp4","preview_url":"https://files.mastodon.social/v.png"}]"#)
        let badAvatar = Self.status(id: "1", content: "<p>x</p>").replacingOccurrences(
            of: "https://files.mastodon.social/a.jpg", with: "/avatars/original/missing.png")
        transport.serve("\(Self.base)/api/v1/timelines/public?limit=20", body: "[\(withMedia),\(badAvatar)]")
        let page = try await loadPage(source(transport), .keyset(nil), pageSize: 20)
        #expect(page.items.map(\.pictureURL) == ["https://files.mastodon.social/v.png", nil])
    }

    @Test func emptyArrayWithoutLinkEnds() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/api/v1/timelines/public?limit=40&max_id=1", body: "[]")
        let page = try await loadPage(source(transport), .keyset("1"), pageSize: 100)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
    }

    @Test func missingLinkOnANonEmptyPageFallsBackToTheLastID() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/api/v1/timelines/public?limit=5&max_id=200", body: "[\(Self.status(id: "150", content: "x"))]")
        let page = try await loadPage(source(transport), .keyset("200"), pageSize: 5)
        #expect(page.next == .keyset("150"))
    }

    @Test func localOnlyAddsTheFlag() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/api/v1/timelines/public?limit=20&local=true", body: "[]")
        let s = MastodonSource(baseURL: URL(string: Self.base)!, transport: transport, isLocalOnly: true)
        _ = try await loadPage(s, s.firstKey, pageSize: 20)
        #expect(transport.requestedURLs.count == 1)
    }

    @Test func disabledPublicPreviewIsA401WithTheServersWords() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/api/v1/timelines/public?limit=20", status: 401, body: #"{"error":"The access token is invalid"}"#)
        let error = try #require(await loadError(source(transport), .keyset(nil), pageSize: 20))
        #expect(error == FeedError(.http(status: 401), "mastodon: HTTP 401 (The access token is invalid)"))
    }

    @Test func rateLimitResetIsISO8601() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/api/v1/timelines/public?limit=20", status: 429,
            headers: ["X-RateLimit-Limit": "300", "X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "2024-01-01T12:05:00.000000Z", "Date": "Mon, 01 Jan 2024 12:00:00 GMT"],
            body: #"{"error":"Too many requests"}"#)
        let error = try #require(await loadError(source(transport), .keyset(nil), pageSize: 20))
        #expect(error.kind == .rateLimited)
        #expect(error.retryAfter == 300)
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .keyset(nil), url: "\(Self.base)/api/v1/timelines/public?limit=10", transport: transport,
            api: "mastodon", truncated: #"[{"id":"1","#, wrongType: #"[{"id":103270115826048975}]"#)
    }
}
