import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

struct GitHubSearchSourceTests {
    static let base = "http://127.0.0.1:8080/github"

    static let react = #"""
        {"id":10270250,"node_id":"MDEwOlJlcG9zaXRvcnkxMDI3MDI1MA==","name":"react","full_name":"facebook/react","private":false,
         "owner":{"login":"facebook","id":69631,"avatar_url":"https://avatars.githubusercontent.com/u/69631?v=4","html_url":"https://github.com/facebook","type":"Organization","site_admin":false},
         "html_url":"https://github.com/facebook/react","description":"The library for web and native user interfaces.","fork":false,
         "url":"https://api.github.com/repos/facebook/react",
         "created_at":"2013-05-24T16:15:54Z","updated_at":"2024-07-14T12:29:48Z","pushed_at":"2024-07-13T20:33:48Z",
         "homepage":"https://react.dev","size":541263,"stargazers_count":225265,"watchers_count":225265,"language":"JavaScript",
         "forks_count":45936,"mirror_url":null,"archived":false,"disabled":false,"open_issues_count":899,
         "license":{"key":"mit","name":"MIT License","spdx_id":"MIT","url":"https://api.github.com/licenses/mit","node_id":"MDc6TGljZW5zZTEz"},
         "topics":["declarative","frontend"],"visibility":"public","forks":45936,"open_issues":899,"watchers":225265,"default_branch":"main","score":1.0}
        """#
    static let bare = #"""
        {"id":42,"name":"x","full_name":"someone/x","owner":{"login":"someone"},"html_url":"https://github.com/someone/x",
         "description":null,"language":null,"homepage":null,"license":null,"stargazers_count":3,"open_issues_count":0,
         "created_at":"2020-01-01T00:00:00Z","pushed_at":null}
        """#

    private func source(_ transport: FakeTransport, log: SourceLog? = nil) -> GitHubSearchSource {
        GitHubSearchSource(query: "language:swift stars:>100", baseURL: URL(string: Self.base)!, transport: transport, log: log)
    }

    private func url(page: Int, perPage: Int = 30) -> String {
        "\(Self.base)/search/repositories?q=language%3Aswift%20stars%3A%3E100&sort=stars&order=desc&per_page=\(perPage)&page=\(page)"
    }

    @Test func pageWithLinkHeaderAndNulls() async throws {
        let transport = FakeTransport()
        transport.serve(
            url(page: 1),
            headers: ["Link": #"<https://api.github.com/search/repositories?q=language%3Aswift&per_page=30&page=2>; rel="next", <https://api.github.com/search/repositories?q=language%3Aswift&per_page=30&page=34>; rel="last""#],
            body: #"{"total_count":5295423,"incomplete_results":true,"items":[\#(Self.react),\#(Self.bare)]}"#)
        let s = source(transport)
        let page = try await loadPage(s, s.firstKey, pageSize: 30)
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == url(page: 1))
        #expect(request.headers["Accept"] == "application/vnd.github+json")
        #expect(request.headers["X-GitHub-Api-Version"] == "2022-11-28")
        #expect(page.next == .page(2))
        #expect(page.total == 5_295_423)
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "github:10270250", title: "facebook/react — The library for web and native user interfaces.",
            url: "https://github.com/facebook/react", author: "facebook", score: 225_265,
            time: 1_720_902_828, body: "MIT · 899 open issues", discussionURL: "https://github.com/facebook/react/issues",
            pictureURL: "https://avatars.githubusercontent.com/u/69631?v=4"))
        // Stars, forks, language and when it was updated: GitHub's words, not points and comments.
        #expect(page.items[0].factLines == [
            "stars=225265 ★ 225,265", "forks=45936 45,936 forks", "language=JavaScript JavaScript",
            "time=@1720902828 (age updated)", "open_issues=899 (hidden)", "license=MIT (hidden)", "author=facebook (hidden)",
        ])
        #expect(page.items[1].title == "someone/x")
        #expect(page.items[1].body == "0 open issues")
        #expect(page.items[1].factLines == [
            "stars=3 ★ 3", "time=@1577836800 (age updated)", "open_issues=0 (hidden)", "author=someone (hidden)",
        ])
        #expect(page.items[1].time == 1_577_836_800)
    }

    @Test func noLinkHeaderIsTheLastPage() async throws {
        let transport = FakeTransport()
        transport.serve(url(page: 1, perPage: 100), body: #"{"total_count":1,"incomplete_results":false,"items":[\#(Self.bare)]}"#)
        let page = try await loadPage(source(transport), .page(1), pageSize: 500)
        #expect(page.items.count == 1)
        #expect(page.next == nil)
    }

    @Test func the1000ResultCapEndsCleanly() async throws {
        let transport = FakeTransport()
        transport.serve(
            url(page: 35), status: 422,
            body: #"{"message":"Only the first 1000 search results are available","documentation_url":"https://docs.github.com/v3/search/"}"#)
        let notes = Mutex<[String]>([])
        let page = try await loadPage(source(transport, log: { n in notes.withLock { $0.append(n) } }), .page(35), pageSize: 30)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
        #expect(notes.withLock { $0 } == ["github: Only the first 1000 search results are available; the feed ends here"])
    }

    @Test func otherValidationFailuresAreInvalidRequests() async throws {
        let transport = FakeTransport()
        transport.serve(url(page: 1), status: 422, body: #"{"message":"Validation Failed","errors":[{"message":"bad q"}]}"#)
        let error = try #require(await loadError(source(transport), .page(1), pageSize: 30))
        #expect(error == FeedError(.invalidRequest, "github: Validation Failed"))
    }

    @Test func rateLimited403() async throws {
        let transport = FakeTransport()
        transport.serve(
            url(page: 2), status: 403,
            headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1704110460", "date": "Mon, 01 Jan 2024 12:00:00 GMT", "x-ratelimit-resource": "search"],
            body: #"{"message":"API rate limit exceeded for 1.2.3.4.","documentation_url":"https://docs.github.com/rest"}"#)
        let error = try #require(await loadError(source(transport), .page(2), pageSize: 30))
        #expect(error.kind == .rateLimited)
        #expect(error.retryAfter == 60)
    }

    @Test func emptyQueryIsRejectedWithoutARequest() async {
        let transport = FakeTransport()
        let s = GitHubSearchSource(query: " ", baseURL: URL(string: Self.base)!, transport: transport)
        #expect(await loadError(s, .page(1))?.kind == .invalidRequest)
        #expect(transport.requests.isEmpty)
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .page(1), url: url(page: 1, perPage: 10), transport: transport, api: "github",
            truncated: #"{"total_count":1,"items":[{"id":"#, wrongType: #"{"items":[{"id":"abc"}]}"#)
    }
}
