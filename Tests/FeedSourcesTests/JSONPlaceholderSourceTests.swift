import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct JSONPlaceholderSourceTests {
    static let base = "http://127.0.0.1:8080/jsonplaceholder"

    private func source(_ transport: FakeTransport) -> JSONPlaceholderSource {
        JSONPlaceholderSource(baseURL: URL(string: Self.base)!, transport: transport)
    }

    private func posts(_ ids: ClosedRange<Int>) -> String {
        "[" + ids.map { #"{"userId":1,"id":\#($0),"title":"et ea vero quia laudantium autem","body":"delectus reiciendis\nmolestiae"}"# }.joined(separator: ",") + "]"
    }

    @Test func pageFollowsLinkNextAndReadsTotal() async throws {
        let transport = FakeTransport()
        let url = "\(Self.base)/posts?_page=2&_limit=10"
        transport.serve(
            url,
            headers: [
                "X-Total-Count": "100",
                "Link": #"<http://jsonplaceholder.typicode.com/posts?_page=1&_limit=10>; rel="first", <http://jsonplaceholder.typicode.com/posts?_page=1&_limit=10>; rel="prev", <http://jsonplaceholder.typicode.com/posts?_page=3&_limit=10>; rel="next", <http://jsonplaceholder.typicode.com/posts?_page=10&_limit=10>; rel="last""#,
            ],
            body: posts(11...20))
        let page = try await loadPage(source(transport), .page(2), pageSize: 10)
        #expect(transport.requestedURLs == [url])
        #expect(page.next == .page(3))
        #expect(page.total == 100)
        #expect(page.items.count == 10)
        #expect(page.items[0].factLines == ["number=11 #11", "user_id=1 user 1"])
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "jsonplaceholder:11", title: "et ea vero quia laudantium autem", url: "\(Self.base)/posts/11", author: "user 1",
            body: "delectus reiciendis\nmolestiae"))
    }

    @Test func lastPageHasNoNext() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/posts?_page=10&_limit=10",
            headers: ["X-Total-Count": "100", "Link": #"<http://x/posts?_page=1&_limit=10>; rel="first", <http://x/posts?_page=9&_limit=10>; rel="prev", <http://x/posts?_page=10&_limit=10>; rel="last""#],
            body: posts(91...100))
        let page = try await loadPage(source(transport), .page(10), pageSize: 10)
        #expect(page.next == nil)
    }

    @Test func pastTheEndIsEmptyWithAnEmptyLink() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/posts?_page=11&_limit=10", headers: ["X-Total-Count": "100", "Link": ""], body: "[]")
        let page = try await loadPage(source(transport), .page(11), pageSize: 10)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
        #expect(page.total == 100)
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .page(1), url: "\(Self.base)/posts?_page=1&_limit=10", transport: transport, api: "jsonplaceholder",
            truncated: #"[{"id":1"#, wrongType: #"[{"id":"one"}]"#)
    }
}
