import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// Reddit's comment tree as `/comments/{id}.json?raw_json=1` sends it (THREADS-AND-FEEDS.md T1,
/// from reddit's own templates): nested `replies` (`""` when none), a deleted comment kept,
/// `more` stubs expanded through `/api/morechildren` only when a page starts at them, and
/// "continue this thread" through the thread focused on the stub's parent.
struct RedditCommentsSourceTests {
    static let base = "http://127.0.0.1:8080/reddit"
    static let tree = #"""
        [{"kind":"Listing","data":{"after":null,"dist":1,"children":[{"kind":"t3","data":{"id":"abc123","name":"t3_abc123","title":"A post","author":"op",
           "num_comments":412,"selftext":"...","selftext_html":"<!-- SC_OFF --><div class=\"md\">...</div><!-- SC_ON -->","permalink":"/r/x/comments/abc123/slug/","subreddit":"x"}}],"before":null}},
         {"kind":"Listing","data":{"after":null,"children":[
           {"kind":"t1","data":{"id":"c1","name":"t1_c1","parent_id":"t3_abc123","link_id":"t3_abc123","author":"alice",
             "body":"Top **level**","body_html":"<!-- SC_OFF --><div class=\"md\"><p>Top <strong>level</strong></p>\n</div><!-- SC_ON -->",
             "score":12,"score_hidden":false,"created_utc":1700000000.0,"edited":false,"depth":0,"distinguished":null,"stickied":false,
             "is_submitter":false,"collapsed":false,"permalink":"/r/x/comments/abc123/slug/c1/",
             "replies":{"kind":"Listing","data":{"after":null,"children":[
               {"kind":"t1","data":{"id":"c2","parent_id":"t1_c1","depth":1,"author":"[deleted]","body":"[deleted]","replies":{"kind":"Listing","data":{"children":[
                 {"kind":"more","data":{"count":0,"name":"t1__","id":"_","parent_id":"t1_c2","depth":2,"children":[]}}]}}}},
               {"kind":"more","data":{"count":7,"name":"t1_c9","id":"c9","parent_id":"t1_c1","depth":1,"children":["c9","ca"]}}]}}}},
           {"kind":"t1","data":{"id":"d0","parent_id":"t3_abc123","author":"bo","body":"second","score":3,"created_utc":1700000100.0,"replies":""}},
           {"kind":"more","data":{"count":340,"name":"t1_d1","id":"d1","parent_id":"t3_abc123","depth":0,"children":["d1","d2"]}}]}}]
        """#

    func source() -> (RedditCommentsSource, FakeTransport) {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/comments/abc123.json?raw_json=1", body: Self.tree)
        return (RedditCommentsSource(postID: "abc123", baseURL: URL(string: Self.base)!, transport: transport), transport)
    }

    static func moreURL(_ ids: String) -> String {
        "\(base)/api/morechildren.json?api_type=json&link_id=t3_abc123&children=\(ids)&sort=confidence&limit_children=false&raw_json=1"
    }

    @Test func stubsAreFetchedOnlyWhenAPageStartsAtThem() async throws {
        let (source, transport) = source()
        let first = try await source.load(source.firstKey, pageSize: 10)
        // The page ends before the first stub (continue this thread, under the deleted c2).
        #expect(first.items.map(\.id) == ["reddit:t1_c1", "reddit:t1_c2"])
        #expect(first.items.map(\.depth) == [0, 1])
        #expect(first.items[0].title == "Top level")
        #expect(first.items[0].facts.first?.labelText == "12 points")
        #expect(first.items[1].author == "[deleted]", "a deleted comment with replies keeps its place")
        #expect(first.subject?.id == "reddit:t3_abc123")
        #expect(transport.requestedURLs.count == 1)

        // Continue this thread: the thread focused on c2, its replies one level below it.
        transport.serve("\(Self.base)/comments/abc123/_/c2.json?raw_json=1", body: #"""
            [{"kind":"Listing","data":{"children":[{"kind":"t3","data":{"id":"abc123","name":"t3_abc123","title":"A post"}}]}},
             {"kind":"Listing","data":{"children":[{"kind":"t1","data":{"id":"c2","parent_id":"t1_c1","depth":0,"author":"[deleted]","body":"[deleted]",
               "replies":{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"id":"c3","parent_id":"t1_c2","depth":1,"author":"cy","body":"deep","replies":""}}]}}}}]}}]
            """#)
        let second = try await source.load(try #require(first.next), pageSize: 10)
        #expect(second.items.map(\.id) == ["reddit:t1_c3"])
        #expect(second.items.map(\.depth) == [2])
        #expect(transport.requestedURLs.count == 2)

        // Load more comments: morechildren's flat list, depths from the parents it names.
        transport.serve(Self.moreURL("c9%2Cca"), body: #"""
            {"json":{"errors":[],"data":{"things":[
              {"kind":"t1","data":{"id":"c9","parent_id":"t1_c1","author":"di","body":"nine","replies":""}},
              {"kind":"t1","data":{"id":"cb","parent_id":"t1_c9","author":"ed","body":"under nine","replies":""}},
              {"kind":"t1","data":{"id":"ca","parent_id":"t1_c1","author":"fa","body":"ten","replies":""}}]}}}
            """#)
        let third = try await source.load(try #require(second.next), pageSize: 10)
        #expect(third.items.map(\.id) == ["reddit:t1_c9", "reddit:t1_cb", "reddit:t1_ca", "reddit:t1_d0"])
        #expect(third.items.map(\.depth) == [1, 2, 1, 0])
        #expect(third.items[3].body == "second", "a comment without body_html shows its Markdown as typed")
        #expect(transport.requestedURLs.count == 3)
        // The top-level stub is the last place: fetched only when asked for.
        transport.serve(Self.moreURL("d1%2Cd2"), body: #"{"json":{"errors":[],"data":{"things":[]}}}"#)
        let last = try await source.load(try #require(third.next), pageSize: 10)
        #expect(last.items.isEmpty && last.next == nil, "what morechildren leaves out ends the thread")
        #expect(transport.requestedURLs.count == 4)
    }

    @Test func postIDsAreReadFromWhatUsersPaste() {
        #expect(RedditCommentsSource.postID("abc123") == "abc123")
        #expect(RedditCommentsSource.postID("t3_abc123") == "abc123")
        #expect(RedditCommentsSource.postID("reddit:t3_abc123") == "abc123")
        #expect(RedditCommentsSource.postID("https://www.reddit.com/r/swift/comments/abc123/a_slug/") == "abc123")
        #expect(RedditCommentsSource.postID("https://www.reddit.com/r/swift/") == nil)
        #expect(RedditCommentsSource.postID("ABC") == nil)
        #expect(RedditCommentsSource.forItem("reddit:t1_abc", baseURL: URL(string: Self.base)!, transport: FakeTransport()) == nil)
    }

    @Test func repliesThatAreNeitherAListingNorEmptyAreAMalformedBody() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/comments/abc123.json?raw_json=1", body: #"""
            [{"kind":"Listing","data":{"children":[]}},{"kind":"Listing","data":{"children":[{"kind":"t1","data":{"id":"c1","replies":42}}]}}]
            """#)
        let source = RedditCommentsSource(postID: "abc123", baseURL: URL(string: Self.base)!, transport: transport)
        await #expect(throws: FeedError.self) { try await source.load(source.firstKey, pageSize: 10) }
    }
}
