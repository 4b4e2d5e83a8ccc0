import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// DEV's article with its comment tree, and JSONPlaceholder's post with its comments: payloads
/// as the services send them (THREADS-AND-FEEDS.md T5 and T8; the JSONPlaceholder comment is
/// the real service's first).
struct ConversationSourcesTests {
    static let devBase = "http://127.0.0.1:8080/devto/api"
    static let article = #"""
        {"type_of":"article","id":42,"title":"Vec<T> & you","description":"A summary","url":"https://dev.to/ann/vec-42",
         "comments_count":3,"public_reactions_count":7,"published_timestamp":"2024-01-01T00:00:00Z","reading_time_minutes":3,
         "tag_list":"rust, swift","tags":["rust","swift"],"user":{"name":"Ann","username":"ann"},
         "body_html":"<p>The <em>whole</em> article &amp; its code</p><pre><code>let x = 1\n</code></pre>",
         "body_markdown":"The *whole* article"}
        """#
    static let comments = #"""
        [{"type_of":"comment","id_code":"1cc","created_at":"2024-01-02T03:04:05Z","body_html":"<p>Great post</p>\n",
          "user":{"name":"Ann","username":"ann","twitter_username":null,"github_username":"ann","user_id":12,"website_url":null,
                  "profile_image":"https://example.com/640.png","profile_image_90":"https://example.com/90.png"},
          "children":[{"type_of":"comment","id_code":"1cd","created_at":"2024-01-02T04:00:00Z","body_html":"<p>[deleted]</p>","user":{},
                       "children":[{"type_of":"comment","id_code":"1ce","created_at":"2024-01-02T05:00:00Z","body_html":"<p>reply to a deleted one</p>",
                                    "user":{"name":"Bo","username":"bo"},"children":[]}]}]},
         {"type_of":"comment","id_code":"1cf","created_at":"2024-01-03T00:00:00Z","body_html":"<p>Second &lt;root&gt;</p>",
          "user":{"name":"Cy","username":"cy"},"children":[]}]
        """#

    @Test func devCommentsAreDepthFirstWithDeletedOnesKeptAndTheArticleBringsItsBody() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.devBase)/articles/42", body: Self.article)
        transport.serve("\(Self.devBase)/comments?a_id=42", body: Self.comments)
        let source = DevToCommentsSource(articleID: 42, baseURL: URL(string: Self.devBase)!, transport: transport)
        let first = try await source.load(source.firstKey, pageSize: 3)
        #expect(first.items.map(\.id) == ["devto:c/1cc", "devto:c/1cd", "devto:c/1ce"])
        #expect(first.items.map(\.depth) == [0, 1, 2])
        #expect(first.items.map(\.parentID) == ["devto:42", "devto:c/1cc", "devto:c/1cd"])
        #expect(first.items.map(\.author) == ["ann", nil, "bo"])
        #expect(first.items[1].title == "[deleted]", "a deleted comment keeps its place as a one-line placeholder")
        #expect(first.items[1].author == nil && first.items[1].body == "[deleted]" && first.items[1].bodyHTML == nil,
                "DEV's `<p>[deleted]</p>` is a placeholder's words, not a comment's text")
        #expect(first.items[0].time == 1_704_164_645)
        let subject = try #require(first.subject)
        #expect(subject.id == "devto:42")
        #expect(subject.title == "Vec<T> & you")
        #expect(subject.bodyHTML?.contains("<em>whole</em>") == true)
        let second = try await source.load(try #require(first.next), pageSize: 3)
        #expect(second.items.map(\.id) == ["devto:c/1cf"])
        #expect(second.items[0].title == "Second <root>")
        #expect(second.next == nil)
        #expect(transport.requestedURLs.count == 2, "the article and its comments, once")
    }

    @Test func devArticleIDsAreReadFromWhatUsersPaste() {
        #expect(DevToCommentsSource.articleID("42") == 42)
        #expect(DevToCommentsSource.articleID("devto:42") == 42)
        #expect(DevToCommentsSource.articleID("devto:") == nil)
        #expect(DevToCommentsSource.articleID("-3") == nil)
        #expect(DevToCommentsSource.forItem("lobsters:abc", baseURL: URL(string: Self.devBase)!, transport: FakeTransport()) == nil)
    }

    static let placeholderBase = "http://127.0.0.1:8080/jsonplaceholder"

    @Test func aJSONPlaceholderPostComesWithItsCommentsInOneRequest() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.placeholderBase)/posts/1?_embed=comments", body: #"""
            {"userId":1,"id":1,"title":"sunt aut facere repellat provident occaecati excepturi optio reprehenderit",
             "body":"quia et suscipit\nsuscipit recusandae consequuntur expedita et cum",
             "comments":[{"postId":1,"id":1,"name":"id labore ex et quam laborum","email":"Eliseo@gardner.biz",
                          "body":"laudantium enim quasi est quidem magnam voluptate ipsam eos\ntempora quo necessitatibus"},
                         {"postId":1,"id":2,"name":"quo vero reiciendis velit similique earum","email":"Jayne_Kuhic@sydney.com",
                          "body":"est natus enim nihil est dolore omnis voluptatem numquam\net omnis occaecati quod ullam at"}]}
            """#)
        let source = JSONPlaceholderCommentsSource(postID: 1, baseURL: URL(string: Self.placeholderBase)!, transport: transport)
        let page = try await source.load(source.firstKey, pageSize: 20)
        #expect(page.items.map(\.id) == ["jsonplaceholder:c/1", "jsonplaceholder:c/2"])
        #expect(page.items[0].title == "id labore ex et quam laborum")
        #expect(page.items[0].author == "Eliseo@gardner.biz")
        #expect(page.items[0].body == "id labore ex et quam laborum\n\nlaudantium enim quasi est quidem magnam voluptate ipsam eos\ntempora quo necessitatibus")
        #expect(page.items.allSatisfy { $0.depth == 0 && $0.parentID == "jsonplaceholder:1" })
        #expect(page.subject?.id == "jsonplaceholder:1")
        #expect(page.next == nil)
        #expect(transport.requestedURLs.count == 1)
    }

    @Test func aJSONPlaceholderPostThatIsNotThereIsOneClearError() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.placeholderBase)/posts/999?_embed=comments", status: 404, body: "{}")
        let source = JSONPlaceholderCommentsSource(postID: 999, baseURL: URL(string: Self.placeholderBase)!, transport: transport)
        await #expect(throws: FeedError.self) { try await source.load(source.firstKey, pageSize: 20) }
    }
}

/// Mastodon's context as the API sends it: ancestors root first, descendants depth-first but
/// with the author's own replies moved to the front (`Status::ThreadingConcern`).
struct MastodonThreadSourceTests {
    static let base = "http://127.0.0.1:8080/mastodon"

    static func status(_ id: String, replyTo: String?, acct: String, text: String) -> String {
        let parent = replyTo.map { "\"\($0)\"" } ?? "null"
        return #"{"id":"\#(id)","created_at":"2024-05-01T10:00:00.000Z","in_reply_to_id":\#(parent),"content":"<p>\#(text)</p>","#
            + #""account":{"id":"1","username":"\#(acct)","acct":"\#(acct)"},"replies_count":0,"favourites_count":1}"#
    }

    @Test func theTreeIsRebuiltFromInReplyToWithAncestorsAboveTheStatus() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/api/v1/statuses/100", body: Self.status("100", replyTo: "90", acct: "op", text: "the status"))
        // 103 is op's own reply to 101: Mastodon sends it first.
        let descendants = [
            Self.status("103", replyTo: "101", acct: "op", text: "own reply"),
            Self.status("101", replyTo: "100", acct: "bo", text: "first reply"),
            Self.status("104", replyTo: "100", acct: "cy", text: "second reply"),
            Self.status("102", replyTo: "101", acct: "di", text: "earlier reply to first"),
            Self.status("999", replyTo: "555", acct: "ed", text: "parent left out by the cap"),
        ]
        transport.serve("\(Self.base)/api/v1/statuses/100/context", body: #"{"ancestors":["#
            + Self.status("80", replyTo: nil, acct: "root", text: "the root") + "," + Self.status("90", replyTo: "80", acct: "mid", text: "a reply")
            + #"],"descendants":["# + descendants.joined(separator: ",") + "]}")
        let source = MastodonThreadSource(statusID: "100", baseURL: URL(string: Self.base)!, transport: transport)
        let page = try await source.load(source.firstKey, pageSize: 50)
        #expect(page.items.map(\.id) == ["80", "90", "100", "101", "102", "103", "104", "999"].map { "mastodon:\($0)" })
        #expect(page.items.map(\.depth) == [0, 1, 2, 3, 4, 4, 3, 3])
        #expect(page.items.map(\.parentID) == [nil, "mastodon:80", "mastodon:90", "mastodon:100", "mastodon:101", "mastodon:101", "mastodon:100", "mastodon:100"])
        #expect(page.items[5].title == "own reply")
        #expect(page.items[7].title == "parent left out by the cap", "an orphan hangs under the status, in id order")
        #expect(page.subject?.id == "mastodon:100")
        #expect(transport.requestedURLs.count == 2)
    }

    @Test func statusIDsAreReadFromWhatUsersPaste() {
        #expect(MastodonThreadSource.statusID("109372843234") == "109372843234")
        #expect(MastodonThreadSource.statusID("mastodon:109372843234") == "109372843234")
        #expect(MastodonThreadSource.statusID("https://mastodon.social/@Gargron/109372843234") == "109372843234")
        #expect(MastodonThreadSource.statusID("https://mastodon.social/users/Gargron/statuses/109372843234") == "109372843234")
        #expect(MastodonThreadSource.statusID("https://mastodon.social/@Gargron") == nil)
        #expect(MastodonThreadSource.statusID("12a") == nil)
    }
}
