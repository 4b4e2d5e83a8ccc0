import FeedModel
import Foundation

/// JSONPlaceholder posts, as json-server 0.17 serves them: `/posts?_page=&_limit=`, 1-based.
///
/// `X-Total-Count` is the total. The next page is the `_page` of `Link rel="next"`; no such
/// link (an absent or empty `Link`, as past the last page) or an empty array ends the feed.
public struct JSONPlaceholderSource: FeedSource {
    public static let defaultBaseURL = URL(string: "https://jsonplaceholder.typicode.com")!

    public let resource: String
    public let baseURL: URL
    private let transport: any HTTPTransport

    public var name: String { "jsonplaceholder \(resource)" }
    public var firstKey: PageKey { .page(1) }
    public var defaultPageSize: Int { 10 }
    /// json-server has no maximum; 100 is all of JSONPlaceholder's posts.
    public var maxPageSize: Int { 100 }

    /// - Parameters:
    ///   - baseURL: the server root, `https://jsonplaceholder.typicode.com` or a replica's.
    ///   - transport: the network.
    ///   - resource: the collection (`posts`; `todos`, `albums` and `comments` also have titles
    ///     or names).
    public init(baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport, resource: String = "posts") {
        self.baseURL = baseURL
        self.transport = transport
        self.resource = resource
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .page(number) = key, number >= 1 else {
            throw FeedError(.invalidRequest, "jsonplaceholder: unsupported page key \(key)")
        }
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        let url = APIEndpoint.url(base: baseURL, path: resource, query: [("_page", String(number)), ("_limit", String(size))])
        let (posts, response) = try await transport.fetchJSON([JSONPlaceholderPostDTO].self, from: url, api: "jsonplaceholder", context: context)
        let items = posts.map { $0.feedItem(base: baseURL, resource: resource) }
        let nextPage = LinkHeader(response.header("link")).url(for: "next")
            .flatMap { APIEndpoint.queryValue("_page", in: $0) }.flatMap(Int.init)
        // A link that goes back is followed as given: the pager ends a feed whose links go
        // round, and says so (PagingState+Progress).
        let next: PageKey? = items.isEmpty ? nil : nextPage.flatMap { $0 >= 1 ? .page($0) : nil }
        let total = response.header("x-total-count").flatMap { Int($0.trimmingWhitespace()) }
        return Page(key: key, items: items, next: next, total: total)
    }
}

// MARK: - Wire format

/// One post (or another resource's record) as json-server stores it. Internal, not private:
/// `JSONPlaceholderCommentsSource` shows the post its comments answer.
struct JSONPlaceholderPostDTO: Decodable {
    var id: Int64
    var userId: Int64?
    var title: String?
    var name: String?
    var body: String?

    func feedItem(base: URL, resource: String) -> FeedItem {
        // json-server serves the JSON as stored: plain text.
        var facts: [ItemFact] = [ItemFact("number", .number(Int(id)), label: .text("#\(id)"))]
        if let userId { facts.append(ItemFact("user_id", .number(Int(userId)), label: .text("user \(userId)"))) }
        return FeedItem(
            id: "jsonplaceholder:\(id)",
            title: nonEmptyTitle(FieldText.plainLine(title ?? name ?? "")),
            url: APIEndpoint.url(base: base, path: "\(resource)/\(id)").absoluteString,
            author: userId.map { "user \($0)" },
            body: body.map(FieldText.plainText),
            facts: facts
        )
    }
}
