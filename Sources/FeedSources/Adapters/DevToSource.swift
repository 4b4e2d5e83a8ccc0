import FeedModel
import Foundation

/// DEV (Forem) articles: `/articles?page=&per_page=&tag=`, 1-based pages.
///
/// The body is a bare array with no link or total: `[]` or a page shorter than asked ends the
/// feed. `tag_list` and `tags` are each accepted as an array or a comma-separated string (the
/// list and detail endpoints swap them, forem#4206).
public struct DevToSource: FeedSource {
    public static let defaultBaseURL = URL(string: "https://dev.to/api")!

    public let tag: String?
    public let baseURL: URL
    private let transport: any HTTPTransport

    public var name: String { tag.map { "devto #\($0)" } ?? "devto" }
    public var firstKey: PageKey { .page(1) }
    public var defaultPageSize: Int { 30 }
    public var maxPageSize: Int { 1000 }

    /// - Parameters:
    ///   - tag: only articles with this tag; nil for the default (featured) feed.
    ///   - baseURL: the API root, `https://dev.to/api` or a replica's.
    ///   - transport: the network.
    public init(tag: String? = nil, baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport) {
        let trimmed = tag?.trimmingWhitespace()
        self.tag = trimmed.flatMap { $0.isEmpty ? nil : ($0.hasPrefix("#") ? String($0.dropFirst()) : $0) }
        self.baseURL = baseURL
        self.transport = transport
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .page(number) = key, number >= 1 else {
            throw FeedError(.invalidRequest, "devto: unsupported page key \(key)")
        }
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        var query = [("page", String(number)), ("per_page", String(size))]
        if let tag { query.append(("tag", tag)) }
        let url = APIEndpoint.url(base: baseURL, path: "articles", query: query)
        let (articles, _) = try await transport.fetchJSON(
            [DevToArticleDTO].self, from: url, headers: ["Accept": "application/vnd.forem.api-v1+json"], api: "devto", context: context)
        let items = articles.map(\.feedItem)
        let next: PageKey? = items.count < size ? nil : .page(number + 1)
        return Page(key: key, items: items, next: next)
    }
}

// MARK: - Wire format

/// One article as the list and the detail (`/articles/{id}`) send it; the detail adds
/// `body_html`. Internal, not private: `DevToCommentsSource` shows the article with its body.
struct DevToArticleDTO: Decodable {
    struct User: Decodable { var username: String?; var name: String? }

    var id: Int64
    var title: String?
    var description: String?
    var url: String?
    var comments_count: Int?
    var public_reactions_count: Int?
    var positive_reactions_count: Int?
    var published_timestamp: String?
    var published_at: String?
    var reading_time_minutes: Int?
    var tag_list: StringOrList?
    var tags: StringOrList?
    var user: User?
    /// Often null; `social_image` is the generated card every article has.
    var cover_image: String?
    var social_image: String?
    /// The detail's processed HTML (Liquid embeds rendered); absent from the list.
    var body_html: String?

    var feedItem: FeedItem {
        let tagNames = (tag_list?.values.isEmpty == false ? tag_list?.values : tags?.values) ?? []
        // `title` and `description` are plain text as the author typed them.
        let summary = description.map(FieldText.plainText) ?? ""
        let tagLine = tagNames.map { "#\($0)" }.joined(separator: " ")
        let body = [summary, tagLine].filter { !$0.isEmpty }.joined(separator: "\n\n")
        return FeedItem(
            id: "devto:\(id)",
            title: nonEmptyTitle(title.map(FieldText.plainLine) ?? ""),
            url: url,
            author: user?.username ?? user?.name,
            score: public_reactions_count ?? positive_reactions_count,
            commentCount: comments_count,
            time: (published_timestamp ?? published_at).flatMap(WireTime.iso8601).map { Int64($0) },
            body: body.isEmpty ? nil : body,
            discussionURL: url.map { "\($0)#comments" },
            bodyHTML: body_html.flatMap(FieldText.nonEmpty),
            facts: facts(tags: tagNames),
            pictureURL: PictureLink.http(cover_image) ?? PictureLink.http(social_image)
        )
    }

    /// `32 reactions · 4 comments · 3 min read · robsonmuniz16 · 3h`.
    private func facts(tags: [String]) -> [ItemFact] {
        var facts: [ItemFact] = []
        if let reactions = public_reactions_count ?? positive_reactions_count {
            facts.append(.count("reactions", reactions, "reaction"))
        }
        if let comments_count { facts.append(.count("comments", comments_count, "comment")) }
        if let minutes = reading_time_minutes {
            facts.append(ItemFact("reading_time_minutes", .number(minutes), label: .text("\(ItemFact.grouped(minutes)) min read")))
        }
        if !tags.isEmpty { facts.append(ItemFact("tags", .list(tags), label: .hidden)) }
        if let name = user?.username ?? user?.name { facts.append(.author(name)) }
        if let time = (published_timestamp ?? published_at).flatMap(WireTime.iso8601) { facts.append(.age(Int64(time))) }
        return facts
    }
}
