import FeedModel
import FeedSources
import Foundation

/// One adapter as the fuzzer drives it: how to build it over a transport, its recorded first
/// page, and where in the list response its items live (to tell a legitimately empty page
/// from a silent one).
public struct FuzzTarget: Sendable {
    /// The adapter's name, as its error messages begin (`pokeapi: …`).
    public var api: String
    /// The recorded responses; the first holds the list of items.
    public var recording: Recording
    /// Where the items are in the first response: keys into objects (a number indexes an
    /// array); empty for a bare array.
    public var listPath: [String]
    /// Whether a `null` first response is a documented empty answer (an HN item that is gone).
    public var nullIsEmpty: Bool
    var make: @Sendable (any HTTPTransport) -> any FeedSource

    /// Every adapter feedscroll has (the demo feed is generated, not decoded).
    public static let all: [FuzzTarget] = {
        @Sendable func base(_ path: String) -> URL { URL(string: "http://fuzz.invalid\(path)")! }
        func recording(_ api: String) -> Recording { Recording.all.first { $0.api == api }! }
        return [
            FuzzTarget(api: "hn", recording: recording("hn"), listPath: [], nullIsEmpty: false) {
                HackerNewsSource(list: .top, baseURL: base("/hn/v0"), transport: $0)
            },
            FuzzTarget(api: "hn-comments", recording: recording("hn-comments"), listPath: ["kids"], nullIsEmpty: true) {
                HackerNewsCommentsSource(itemID: 41003531, baseURL: base("/hn/v0"), transport: $0)
            },
            FuzzTarget(api: "hn-search", recording: recording("hn-search"), listPath: ["hits"], nullIsEmpty: false) {
                AlgoliaSearchSource(query: "swift", baseURL: base("/algolia/api/v1"), transport: $0)
            },
            FuzzTarget(api: "pokeapi", recording: recording("pokeapi"), listPath: ["results"], nullIsEmpty: false) {
                PokeAPISource(baseURL: base("/pokeapi/api/v2"), transport: $0)
            },
            FuzzTarget(api: "github", recording: recording("github"), listPath: ["items"], nullIsEmpty: false) {
                GitHubSearchSource(query: "swift", baseURL: base("/github"), transport: $0)
            },
            FuzzTarget(api: "reddit", recording: recording("reddit"), listPath: ["data", "children"], nullIsEmpty: false) {
                RedditSource(subreddit: "swift", baseURL: base("/reddit"), transport: $0)
            },
            FuzzTarget(api: "mastodon", recording: recording("mastodon"), listPath: [], nullIsEmpty: false) {
                MastodonSource(baseURL: base("/mastodon"), transport: $0)
            },
            FuzzTarget(api: "stackexchange", recording: recording("stackexchange"), listPath: ["items"], nullIsEmpty: false) {
                StackExchangeSource(baseURL: base("/stackexchange/2.3"), transport: $0)
            },
            FuzzTarget(api: "lobsters", recording: recording("lobsters"), listPath: [], nullIsEmpty: false) {
                LobstersSource(list: .hottest, baseURL: base("/lobsters"), transport: $0)
            },
            FuzzTarget(api: "devto", recording: recording("devto"), listPath: [], nullIsEmpty: false) {
                DevToSource(baseURL: base("/devto/api"), transport: $0)
            },
            FuzzTarget(api: "jsonplaceholder", recording: recording("jsonplaceholder"), listPath: [], nullIsEmpty: false) {
                JSONPlaceholderSource(baseURL: base("/jsonplaceholder"), transport: $0)
            },
            FuzzTarget(api: "wikipedia", recording: recording("wikipedia"), listPath: ["query", "recentchanges"], nullIsEmpty: false) {
                WikipediaSource(baseURL: base("/wikipedia/w"), transport: $0)
            },
            FuzzTarget(api: "stackexchange-thread", recording: recording("stackexchange-thread"), listPath: ["items"], nullIsEmpty: false) {
                StackExchangeThreadSource(questionID: 64000132, baseURL: base("/stackexchange/2.3"), transport: $0)
            },
            FuzzTarget(api: "lobsters-thread", recording: recording("lobsters-thread"), listPath: ["comments"], nullIsEmpty: false) {
                LobstersCommentsSource(storyID: "kr21hu", baseURL: base("/lobsters"), transport: $0)
            },
            FuzzTarget(api: "devto-thread", recording: recording("devto-thread"), listPath: [], nullIsEmpty: false) {
                DevToCommentsSource(articleID: 700000, baseURL: base("/devto/api"), transport: $0)
            },
            FuzzTarget(api: "jsonplaceholder-thread", recording: recording("jsonplaceholder-thread"), listPath: ["comments"], nullIsEmpty: false) {
                JSONPlaceholderCommentsSource(postID: 3, baseURL: base("/jsonplaceholder"), transport: $0)
            },
            FuzzTarget(api: "mastodon-thread", recording: recording("mastodon-thread"), listPath: ["descendants"], nullIsEmpty: false) {
                MastodonThreadSource(statusID: "117681045438464059", baseURL: base("/mastodon"), transport: $0)
            },
            FuzzTarget(api: "reddit-thread", recording: recording("reddit-thread"), listPath: ["1", "data", "children"], nullIsEmpty: false) {
                RedditCommentsSource(postID: "ot283l", baseURL: base("/reddit"), transport: $0)
            },
            FuzzTarget(api: "github-thread", recording: recording("github-thread"), listPath: [], nullIsEmpty: false) {
                GitHubRepoThreadSource(repository: .id(10006474), baseURL: base("/github"), transport: $0)
            },
            // Reddit's "load more comments": the tree's first page ends at the stub, and the
            // page the fuzzer checks is the one morechildren's answer (the list response) gives.
            FuzzTarget(api: "reddit-more", recording: recording("reddit-more"), listPath: ["json", "data", "things"], nullIsEmpty: false) {
                FollowingPageSource(RedditCommentsSource(postID: "ot2m75", baseURL: base("/reddit"), transport: $0))
            },
            // A Wikipedia edit's diff is the thread's subject, with no comments under it.
            FuzzTarget(api: "wikipedia-diff", recording: recording("wikipedia-diff"), listPath: ["compare", "body"], nullIsEmpty: false) {
                WikipediaDiffSource(itemID: "wikipedia:1700002398@1250003597", revisionID: 1_250_003_597, baseURL: base("/wikipedia/w"), transport: $0)
            },
        ]
    }()

    /// The prefix every error message of this adapter starts with.
    var errorPrefix: String {
        if api == "hn-comments" { return "hn" }
        if api == "reddit-more" { return "reddit" }
        if api == "wikipedia-diff" { return "wikipedia" }
        return api.hasSuffix("-thread") ? String(api.dropLast("-thread".count)) : api
    }

    /// Whether `body`, the first response as served, says the page is empty: the item list is
    /// there and empty (or the response is a documented `null`).
    func saysEmpty(_ body: Data) -> Bool {
        guard let document = try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) else { return false }
        if document is NSNull { return nullIsEmpty }
        var node: Any = document
        for key in listPath {
            // A number indexes an array (Reddit's thread is two Listings: the post, the comments).
            if let array = node as? [Any], let index = Int(key) {
                guard index < array.count else { return false }
                node = array[index]
                continue
            }
            guard let object = node as? [String: Any], let next = object[key] else {
                // HN: an item without `kids` has no comments.
                return api == "hn-comments" && (node as? [String: Any]) != nil
            }
            node = next
        }
        return (node as? [Any])?.isEmpty ?? false
    }
}

/// A source whose first page is the page after its inner source's first: how the fuzzer reaches
/// a request that is made only when the reader gets to it (Reddit's `more` stub). When the
/// first page has no next page (a mutation took the stub away), it is that first page.
struct FollowingPageSource: FeedSource {
    let inner: any FeedSource

    init(_ inner: any FeedSource) { self.inner = inner }

    var name: String { inner.name }
    var firstKey: PageKey { inner.firstKey }
    var defaultPageSize: Int { inner.defaultPageSize }
    var maxPageSize: Int { inner.maxPageSize }

    func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        let first = try await inner.load(key, pageSize: pageSize, context: context)
        guard key == inner.firstKey, let next = first.next else { return first }
        return try await inner.load(next, pageSize: pageSize, context: context)
    }
}
