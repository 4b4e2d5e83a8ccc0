import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct LobstersSourceTests {
    static let base = "http://127.0.0.1:8080/lobsters"

    static func story(_ n: Int, submitter: String = #""heinrich5991""#, url: String = "https://security.googleblog.com/x") -> String {
        #"""
        {"short_id":"s\#(n)","short_id_url":"https://lobste.rs/s/s\#(n)","created_at":"2024-09-25T15:27:23.000-05:00",
         "title":"Eliminating memory safety vulnerabilities at the source","url":"\#(url)",
         "score":43,"flags":0,"comment_count":29,"description":"","description_plain":"",
         "comments_url":"https://lobste.rs/s/s\#(n)/eliminating_memory_safety","submitter_user":\#(submitter),
         "user_is_author":false,"tags":["android","security"]}
        """#
    }

    private func source(_ transport: FakeTransport, _ list: LobstersSource.List = .hottest) -> LobstersSource {
        LobstersSource(list: list, baseURL: URL(string: Self.base)!, transport: transport)
    }

    @Test func fullPageContinuesAndDecodesBothSubmitterShapes() async throws {
        let transport = FakeTransport()
        var stories = (0..<24).map { Self.story($0) }
        stories.append(Self.story(24, submitter: #"{"username":"jcs","created_at":"2012-06-30T18:41:05.000-05:00","is_admin":true,"karma":1234}"#, url: ""))
        transport.serve("\(Self.base)/hottest.json?page=1", body: "[\(stories.joined(separator: ","))]")
        let s = source(transport)
        let page = try await loadPage(s, s.firstKey, pageSize: 100)
        #expect(page.items.count == 25)
        #expect(page.next == .page(2))
        #expect(page.items[0].factLines == [
            "score=43 43 points", "comments=29 29 comments", "tags=[android,security] [android] [security]",
            "author=heinrich5991 heinrich5991", "time=@1727296043 (age)",
        ])
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "lobsters:s0", title: "Eliminating memory safety vulnerabilities at the source",
            url: "https://security.googleblog.com/x", author: "heinrich5991", score: 43, commentCount: 29,
            time: 1_727_296_043, body: "tags: android security",
            discussionURL: "https://lobste.rs/s/s0/eliminating_memory_safety"))
        let text = page.items[24]
        #expect(text.author == "jcs")
        #expect(text.url == "https://lobste.rs/s/s24/eliminating_memory_safety")
        #expect(text.pictureURL == nil)
    }

    /// Only the object shape of `submitter_user` carries an avatar, relative to the site.
    @Test func theSubmittersAvatarWhenTheAPIGivesOne() async throws {
        let transport = FakeTransport()
        let stories = [
            Self.story(0, submitter: #"{"username":"jcs","avatar_url":"/avatars/jcs-100.png"}"#),
            Self.story(1, submitter: #"{"username":"pushcx","avatar_url":"https://cdn.example/p.png"}"#),
            Self.story(2),
        ]
        transport.serve("\(Self.base)/hottest.json?page=1", body: "[\(stories.joined(separator: ","))]")
        let page = try await loadPage(source(transport), .page(1), pageSize: 25)
        #expect(page.items.map(\.pictureURL) == ["https://lobste.rs/avatars/jcs-100.png", "https://cdn.example/p.png", nil])
    }

    @Test func shortPageEnds() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/newest.json?page=4", body: "[\(Self.story(1))]")
        let page = try await loadPage(source(transport, .newest), .page(4))
        #expect(page.items.count == 1)
        #expect(page.next == nil)
    }

    @Test func emptyPageEnds() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/hottest.json?page=9", body: "[]")
        let page = try await loadPage(source(transport), .page(9))
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
    }

    @Test func throttledPlainTextWithRateLimitReset() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/hottest.json?page=2", status: 429,
            headers: ["RateLimit-Limit": "4", "RateLimit-Remaining": "0", "RateLimit-Reset": "1704110402", "Date": "Mon, 01 Jan 2024 12:00:00 GMT", "Content-Type": "text/plain"],
            body: "Throttled, sleep(1) between hits; see https://lobste.rs/about#ratelimit\n")
        let error = try #require(await loadError(source(transport), .page(2)))
        #expect(error == FeedError(
            .rateLimited, "lobsters: HTTP 429 (Throttled, sleep(1) between hits; see https://lobste.rs/about#ratelimit)",
            isRetryable: true, retryAfter: 2))
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .page(1), url: "\(Self.base)/hottest.json?page=1", transport: transport, api: "lobsters",
            truncated: #"[{"short_id":"#, wrongType: #"[{"short_id":12}]"#)
    }
}
