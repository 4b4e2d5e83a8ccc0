import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// Issue 14, item 1, with the exact inputs of its findings: wrong shapes are errors you can
/// see, never empty feeds; an empty page the API itself calls empty is still one.
struct StrictDecodingTests {
    /// Answers every request whose URL path ends with a route's suffix (queries ignored).
    struct SuffixTransport: HTTPTransport {
        var routes: [(suffix: String, body: String)]

        func send(_ request: HTTPRequest) throws(FeedError) -> HTTPResponse {
            guard let route = routes.first(where: { request.url.path.hasSuffix($0.suffix) }) else {
                return HTTPResponse(status: 404, headers: [:], body: Data("no route".utf8), url: request.url)
            }
            return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Data(route.body.utf8), url: request.url)
        }
    }

    static let base = URL(string: "http://127.0.0.1:9/api")!

    /// One source per adapter, over `transport`.
    static func source(_ api: String, _ transport: any HTTPTransport) -> any FeedSource {
        switch api {
        case "pokeapi": PokeAPISource(baseURL: base, transport: transport)
        case "stackexchange": StackExchangeSource(baseURL: base, transport: transport)
        case "wikipedia": WikipediaSource(baseURL: base, transport: transport)
        case "github": GitHubSearchSource(query: "swift", baseURL: base, transport: transport)
        case "hn-search": AlgoliaSearchSource(query: "swift", baseURL: base, transport: transport)
        case "mastodon": MastodonSource(baseURL: base, transport: transport)
        case "lobsters": LobstersSource(baseURL: base, transport: transport)
        case "devto": DevToSource(baseURL: base, transport: transport)
        case "jsonplaceholder": JSONPlaceholderSource(baseURL: base, transport: transport)
        case "reddit": RedditSource(subreddit: "swift", baseURL: base, transport: transport)
        default: HackerNewsSource(baseURL: base, transport: transport)
        }
    }

    func error(_ api: String, _ routes: [(String, String)]) async -> FeedError? {
        let source = Self.source(api, SuffixTransport(routes: routes.map { (suffix: $0.0, body: $0.1) }))
        return await loadError(source, source.firstKey)
    }

    @Test(arguments: [
        ("pokeapi", "{}", "results: missing"),
        ("stackexchange", "{}", "items: missing"),
        ("wikipedia", "{}", "query: missing"),
        ("github", "{}", "items: missing"),
        ("hn-search", "{}", "hits: missing"),
        ("reddit", #"{"kind":"Listing","data":{}}"#, "data.children: missing"),
        ("stackexchange", #"{"has_more":true}"#, "items: missing"),
        ("stackexchange", #"{"items":[],"has_more":true}"#, "has_more with no items"),
        ("pokeapi", #"{"results":null,"next":"https://pokeapi.co/api/v2/pokemon?offset=20&limit=20"}"#, "results: expected an array, found null"),
        ("mastodon", "null", "top level: expected an array, found null"),
        ("lobsters", "null", "top level: expected an array, found null"),
        ("devto", "null", "top level: expected an array, found null"),
        ("jsonplaceholder", "null", "top level: expected an array, found null"),
        ("hn", "null", "top level: expected an array, found null"),
    ])
    func wrongShapesAreErrorsNotEmptyFeeds(api: String, body: String, reason: String) async throws {
        let found = try #require(await error(api, [("", body)]), "\(api) \(body) gave a page")
        #expect(found.kind == .decoding)
        #expect(found.message == "\(api): unexpected response (\(reason))")
    }

    /// Issue 24: one byte that is not UTF-8, or a lone surrogate, in one field failed the whole
    /// page (after 8 attempts). The field shows U+FFFD where it stood; the page loads.
    @Test(arguments: [
        (Data(#"{"by":"a","id":2,"title":"bad "#.utf8) + Data([0xFF, 0xC3, 0x28]) + Data(#"","type":"story"}"#.utf8), "bad \u{FFFD}\u{FFFD}("),
        (Data(#"{"by":"a","id":2,"title":"bad \ud83d","type":"story"}"#.utf8), "bad \u{FFFD}"),
    ])
    func aFieldThatIsNotTextShowsAReplacementAndThePageLoads(_ body: Data, _ title: String) async throws {
        struct Items: HTTPTransport {
            let bad: Data
            func send(_ request: HTTPRequest) throws(FeedError) -> HTTPResponse {
                let path = request.url.path
                let body: Data = path.hasSuffix("topstories.json") ? Data("[1,2,3]".utf8)
                    : path.hasSuffix("/2.json") ? bad
                    : Data(#"{"by":"a","id":\#(path.split(separator: "/").last!.dropLast(5)),"title":"fine","type":"story"}"#.utf8)
                return HTTPResponse(status: 200, headers: [:], body: body, url: request.url)
            }
        }
        let source = HackerNewsSource(baseURL: Self.base, transport: Items(bad: body))
        let page = try await loadPage(source, source.firstKey, pageSize: 3)
        #expect(page.items.map(\.title) == ["fine", title, "fine"])
    }

    @Test(arguments: [
        ("nested 10,000 deep", Data((#"{"by":"a","id":2,"title":"t","type":"story","kids":"# + String(repeating: "[", count: 10_000)
            + String(repeating: "]", count: 10_000) + "}").utf8)),
    ])
    func hackerNewsItemsThatCannotBeReadFailThePage(_ what: String, _ body: Data) async throws {
        struct Items: HTTPTransport {
            let bad: Data
            func send(_ request: HTTPRequest) throws(FeedError) -> HTTPResponse {
                let path = request.url.path
                let body: Data = path.hasSuffix("topstories.json") ? Data("[1,2,3,4,5,6,7]".utf8)
                    : path.hasSuffix("/2.json") ? bad
                    : Data(#"{"by":"a","id":\#(path.split(separator: "/").last!.dropLast(5)),"title":"fine","type":"story"}"#.utf8)
                return HTTPResponse(status: 200, headers: [:], body: body, url: request.url)
            }
        }
        let source = HackerNewsSource(baseURL: Self.base, transport: Items(bad: body))
        let found = try #require(await loadError(source, source.firstKey, pageSize: 7), "\(what): 6 of 7 items, silently")
        #expect(found.kind == .decoding)
        #expect(found.message.hasPrefix("hn: unexpected response ("), "\(found.message)")
    }

    @Test func emptyPagesTheAPICallsEmptyStayEmptyPages() async throws {
        for (api, body) in [
            ("pokeapi", #"{"count":1302,"next":null,"previous":null,"results":[]}"#), ("mastodon", "[]"), ("lobsters", "[]"),
            ("devto", "[]"), ("jsonplaceholder", "[]"), ("hn", "[]"), ("github", #"{"total_count":0,"items":[]}"#),
            ("stackexchange", #"{"items":[],"has_more":false}"#), ("hn-search", #"{"hits":[],"nbPages":0,"page":0}"#),
            ("wikipedia", #"{"batchcomplete":true,"query":{"recentchanges":[]}}"#),
        ] {
            let source = Self.source(api, SuffixTransport(routes: [("", body)]))
            let page = try await loadPage(source, source.firstKey)
            #expect(page.items.isEmpty && page.next == nil, "\(api)")
        }
    }

    @Test func pokeAPIFollowsNextFromAnEmptyPage() async throws {
        let source = Self.source("pokeapi", SuffixTransport(routes: [
            ("", #"{"count":1302,"next":"https://pokeapi.co/api/v2/pokemon?offset=20&limit=20","results":[]}"#),
        ]))
        let page = try await loadPage(source, source.firstKey, pageSize: 20)
        #expect(page.items.isEmpty)
        #expect(page.next == .offset(20, limit: 20))
    }

    /// Issue 14, item 2: pokeapi names that differ only by control characters were one item
    /// after cleaning (28 of 58). They stay apart through the adapter and the sanitiser.
    @Test func idsThatDifferOnlyByControlsStayApart() async throws {
        let names = ["bulbasaur", #"bulba\u001b[1msaur"#, #"bulbasaur\u0007"#, #"\u009b0mbulbasaur"#]
        let results = names.map { #"{"name":"\#($0)","url":"https://pokeapi.co/api/v2/pokemon/1/"}"# }.joined(separator: ",")
        let source = Self.source("pokeapi", SuffixTransport(routes: [("", #"{"count":4,"next":null,"results":[\#(results)]}"#)]))
        let items = try await loadPage(source, source.firstKey).items.map { $0.sanitized() }
        #expect(items.count == 4)
        #expect(Set(items.map(\.id)).count == 4)
    }
}
