import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// The hardening work's rule for the thread adapters too (issue 14 item 1, issue 21): a body of
/// the wrong shape is one clear error naming its API, never an empty conversation.
struct StrictThreadDecodingTests {
    static let base = URL(string: "http://127.0.0.1:9/api")!

    /// One thread adapter per API, over `transport`.
    static func source(_ api: String, _ transport: any HTTPTransport) -> any FeedSource {
        switch api {
        case "reddit": RedditCommentsSource(postID: "abc123", baseURL: base, transport: transport)
        case "lobsters": LobstersCommentsSource(storyID: "kr21hu", baseURL: base, transport: transport)
        case "mastodon": MastodonThreadSource(statusID: "100", baseURL: base, transport: transport)
        case "stackexchange": StackExchangeThreadSource(questionID: 100, baseURL: base, transport: transport)
        case "devto": DevToCommentsSource(articleID: 42, baseURL: base, transport: transport)
        case "jsonplaceholder": JSONPlaceholderCommentsSource(postID: 1, baseURL: base, transport: transport)
        case "github": GitHubRepoThreadSource(repository: .name(owner: "o", repo: "r"), baseURL: base, transport: transport)
        default: WikipediaDiffSource(itemID: "wikipedia:1@7", revisionID: 7, baseURL: base, transport: transport)
        }
    }

    @Test(arguments: [
        ("reddit", "{}"), ("reddit", "null"), ("reddit", "[]"),
        ("lobsters", "[]"), ("lobsters", "null"),
        ("mastodon", "[]"), ("mastodon", "null"),
        ("stackexchange", "{}"), ("stackexchange", "null"),
        ("devto", "null"), ("devto", "[]"),
        ("jsonplaceholder", "[]"), ("jsonplaceholder", "null"),
        ("github", "[]"), ("github", "null"),
        ("wikipedia", "{}"), ("wikipedia", "[]"), ("wikipedia", "null"),
    ])
    func aThreadOfTheWrongShapeIsAnErrorNotAnEmptyConversation(api: String, body: String) async throws {
        let source = Self.source(api, StrictDecodingTests.SuffixTransport(routes: [(suffix: "", body: body)]))
        let found = try #require(await loadError(source, source.firstKey), "\(api) \(body) gave a page")
        #expect(found.message.hasPrefix("\(api)"), "\(found.message)")
        #expect(!found.message.contains("\n"))
    }
}
