import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct DevToSourceTests {
    static let base = "http://127.0.0.1:8080/devto/api"

    static func article(_ id: Int, tagList: String = #"["html","css","javascript","webdev"]"#, tags: String = #""html, css, javascript, webdev""#) -> String {
        #"""
        {"type_of":"article","id":\#(id),"title":"➡️ Counter Up Animation | JavaScript✨","description":"Hey DEVs, & friends",
         "readable_publish_date":"Jul 22","slug":"counter-up-animation-javascript-b92","path":"/robsonmuniz16/counter-up-animation-javascript-b92",
         "url":"https://dev.to/robsonmuniz16/counter-up-animation-javascript-b92","comments_count":0,"public_reactions_count":32,
         "collection_id":null,"published_timestamp":"2021-07-22T21:46:36Z","positive_reactions_count":32,"cover_image":null,
         "social_image":"https://dev.to/social_previews/article/769004.png","canonical_url":"https://dev.to/x",
         "created_at":"2021-07-22T21:46:36Z","edited_at":null,"crossposted_at":null,"published_at":"2021-07-22T21:46:36Z",
         "last_comment_at":"2021-07-22T21:46:36Z","reading_time_minutes":1,
         "tag_list":\#(tagList),"tags":\#(tags),
         "user":{"name":"Robson Muniz","username":"robsonmuniz16","twitter_username":"RobsonMuniz16","github_username":null,
                 "website_url":"http://x","profile_image":"https://res.cloudinary.com/x","profile_image_90":"y"}}
        """#
    }

    private func source(_ transport: FakeTransport, tag: String? = nil) -> DevToSource {
        DevToSource(tag: tag, baseURL: URL(string: Self.base)!, transport: transport)
    }

    /// The cover image when there is one, else the generated social card.
    @Test func theCoverImageComesFirst() async throws {
        let transport = FakeTransport()
        let covered = Self.article(1).replacingOccurrences(of: #""cover_image":null"#, with: #""cover_image":"https://media.dev.to/c.jpg""#)
        let bare = Self.article(2).replacingOccurrences(of: "https://dev.to/social_previews/article/769004.png", with: "")
        transport.serve("\(Self.base)/articles?page=1&per_page=3", body: "[\(covered),\(Self.article(3)),\(bare)]")
        let page = try await loadPage(source(transport), .page(1), pageSize: 3)
        #expect(page.items.map(\.pictureURL) == ["https://media.dev.to/c.jpg", "https://dev.to/social_previews/article/769004.png", nil])
    }

    @Test func fullPageContinues() async throws {
        let transport = FakeTransport()
        let url = "\(Self.base)/articles?page=1&per_page=2&tag=webdev"
        transport.serve(url, body: "[\(Self.article(769004)),\(Self.article(769005))]")
        let s = source(transport, tag: "#webdev")
        let page = try await loadPage(s, s.firstKey, pageSize: 2)
        #expect(transport.requestedURLs == [url])
        #expect(transport.requests.first?.headers["Accept"] == "application/vnd.forem.api-v1+json")
        #expect(page.next == .page(2))
        #expect(page.items[0].factLines == [
            "reactions=32 32 reactions", "comments=0 0 comments", "reading_time_minutes=1 1 min read",
            "tags=[html,css,javascript,webdev] (hidden)", "author=robsonmuniz16 robsonmuniz16", "time=@1626990396 (age)",
        ])
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "devto:769004", title: "➡️ Counter Up Animation | JavaScript✨",
            url: "https://dev.to/robsonmuniz16/counter-up-animation-javascript-b92", author: "robsonmuniz16", score: 32,
            commentCount: 0, time: 1_626_990_396, body: "Hey DEVs, & friends\n\n#html #css #javascript #webdev",
            discussionURL: "https://dev.to/robsonmuniz16/counter-up-animation-javascript-b92#comments",
            pictureURL: "https://dev.to/social_previews/article/769004.png"))
    }

    @Test func swappedTagFieldsAreTolerated() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/articles?page=3&per_page=3",
            body: "[\(Self.article(1, tagList: #""rust, wasm""#, tags: #"["rust","wasm"]"#)),\(Self.article(2, tagList: "null", tags: "null"))]")
        let page = try await loadPage(source(transport), .page(3), pageSize: 3)
        #expect(page.items[0].body == "Hey DEVs, & friends\n\n#rust #wasm")
        #expect(page.items[1].body == "Hey DEVs, & friends")
        // A short page is the end.
        #expect(page.next == nil)
    }

    @Test func emptyArrayEnds() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/articles?page=40&per_page=30", body: "[]")
        let page = try await loadPage(source(transport), .page(40), pageSize: 30)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
    }

    @Test func throttledWithRetryAfter() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/articles?page=1&per_page=30", status: 429, headers: ["Retry-After": "1"], body: #"{"error":"Retry later","status":429}"#)
        let error = try #require(await loadError(source(transport), .page(1), pageSize: 30))
        #expect(error == FeedError(.rateLimited, "devto: HTTP 429 (Retry later)", isRetryable: true, retryAfter: 1))
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .page(1), url: "\(Self.base)/articles?page=1&per_page=10", transport: transport, api: "devto",
            truncated: #"[{"id":1,"title":"x""#, wrongType: #"{"id":1}"#)
    }
}
