import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct AlgoliaCommentsSourceTests {
    static let base = "http://127.0.0.1:8080/algolia/api/v1"

    /// `/items/{id}` as Algolia answers it: the story with its comments nested in `children`.
    static let tree = #"""
        {"author":"pg","children":[
          {"author":"a","children":[
             {"author":"b","children":[],"created_at_i":3,"id":12,"options":[],"parent_id":11,"points":null,"story_id":10,
              "text":"<p>Vec&lt;T&gt; &amp;amp; more","title":null,"type":"comment","url":null}],
           "created_at_i":2,"id":11,"options":[],"parent_id":10,"points":null,"story_id":10,"text":"first","title":null,"type":"comment","url":null},
          {"author":null,"children":[
             {"author":"c","children":[],"created_at_i":5,"id":14,"options":[],"parent_id":13,"points":null,"story_id":10,
              "text":"reply to a deleted one","title":null,"type":"comment","url":null}],
           "created_at_i":4,"id":13,"options":[],"parent_id":10,"points":null,"story_id":10,"text":null,"title":null,"type":"comment","url":null},
          {"author":"d","children":[],"created_at_i":6,"id":15,"options":[],"parent_id":10,"points":null,"story_id":10,"text":"last","title":null,"type":"comment","url":null}],
         "created_at":"2024-01-01T00:00:00Z","created_at_i":1,"id":10,"options":[],"parent_id":null,"points":5,"story_id":10,
         "text":null,"title":"A story","type":"story","url":"https://example.com/"}
        """#

    @Test func oneRequestGivesTheThreadInDepthFirstPages() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/items/10", body: Self.tree)
        let source = try #require(AlgoliaCommentsSource.forItem("algolia:10", baseURL: URL(string: Self.base)!, transport: transport))
        let first = try await loadPage(source, source.firstKey, pageSize: 2)
        #expect(first.items.map(\.id) == ["hn:11", "hn:12"])
        #expect(first.items.map(\.depth) == [0, 1])
        #expect(first.items[1].parentID == "hn:11")
        #expect(first.items[1].title == "Vec<T> &amp; more")
        #expect(first.items[1].bodyHTML == "<p>Vec&lt;T&gt; &amp;amp; more")
        #expect(first.next == .cursor("2"))
        #expect(first.total == 5)
        #expect(first.subject?.id == "algolia:10" && first.subject?.title == "A story" && first.subject?.author == "pg")
        #expect(first.subject?.url == "https://example.com/" && first.subject?.score == 5)
        let second = try await loadPage(source, try #require(first.next), pageSize: 2)
        // The deleted comment with a reply is a placeholder that keeps the reply's place (issue 21).
        #expect(second.items.map(\.id) == ["hn:13", "hn:14"])
        #expect(second.items.map(\.depth) == [0, 1])
        #expect(second.items[0].title == "[deleted]" && second.items[0].body == "[deleted]")
        #expect(second.subject == nil)
        let third = try await loadPage(source, try #require(second.next), pageSize: 2)
        #expect(third.items.map(\.id) == ["hn:15"])
        #expect(third.next == nil)
        #expect(transport.requestedURLs == ["\(Self.base)/items/10"], "one request for the whole thread")
    }

    @Test func aForgottenWalkIsFetchedAgain() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/items/10", body: Self.tree)
        let source = AlgoliaCommentsSource(itemID: 10, baseURL: URL(string: Self.base)!, transport: transport)
        _ = try await loadPage(source, source.firstKey, pageSize: 2)
        source.startOver()
        let second = try await loadPage(source, .cursor("2"), pageSize: 2)
        #expect(second.items.map(\.id) == ["hn:13", "hn:14"])
        #expect(transport.requestedURLs.count == 2)
    }

    @Test func onlySearchResultIdsHaveThreads() async {
        let transport = FakeTransport()
        #expect(AlgoliaCommentsSource.forItem("hn:10", baseURL: URL(string: Self.base)!, transport: transport) == nil)
        #expect(AlgoliaCommentsSource.forItem("algolia:x", baseURL: URL(string: Self.base)!, transport: transport) == nil)
    }

    @Test func badCursorIsAnError() async {
        let transport = FakeTransport()
        let source = AlgoliaCommentsSource(itemID: 10, baseURL: URL(string: Self.base)!, transport: transport)
        #expect(await loadError(source, .cursor("x"))?.kind == .invalidRequest)
        #expect(await loadError(source, .page(1))?.kind == .invalidRequest)
    }
}
