import FeedModel
import Foundation

/// A Mastodon instance's public timeline, paged down by `max_id` (a snowflake keyset).
///
/// `.keyset(max_id)`: the next anchor comes from `Link rel="next"`. An empty array ends the
/// feed. Mastodon sets `Link` on every non-empty page; if a proxy stripped it, the last
/// status's id is the same anchor, so the adapter continues from it.
public struct MastodonSource: FeedSource {
    public static let defaultBaseURL = URL(string: "https://mastodon.social")!

    public let baseURL: URL
    public let isLocalOnly: Bool
    private let transport: any HTTPTransport

    public var name: String { "mastodon \(baseURL.host ?? baseURL.absoluteString)" }
    public var firstKey: PageKey { .keyset(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 40 }

    /// - Parameters:
    ///   - baseURL: the instance root, `https://mastodon.social` (or `https://<instance>`).
    ///   - transport: the network.
    ///   - isLocalOnly: only this instance's own posts (`local=true`).
    public init(baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport, isLocalOnly: Bool = false) {
        self.baseURL = baseURL
        self.transport = transport
        self.isLocalOnly = isLocalOnly
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .keyset(maxID) = key else {
            throw FeedError(.invalidRequest, "mastodon: unsupported page key \(key)")
        }
        var query = [("limit", String(pageSize.clampedPageSize(maximum: maxPageSize)))]
        if isLocalOnly { query.append(("local", "true")) }
        if let maxID { query.append(("max_id", maxID)) }
        let url = APIEndpoint.url(base: baseURL, path: "api/v1/timelines/public", query: query)
        let (statuses, response) = try await transport.fetchJSON([MastodonStatusDTO].self, from: url, api: "mastodon", context: context)
        let list = statuses
        guard !list.isEmpty else { return Page(key: key, items: [], next: nil) }
        let linked = LinkHeader(response.header("link")).url(for: "next")
            .flatMap { APIEndpoint.queryValue("max_id", in: $0) }
        let anchor = linked ?? list.last?.id
        let next: PageKey? = anchor.flatMap { $0 == maxID ? nil : .keyset($0) }
        return Page(key: key, items: list.map(\.feedItem), next: next)
    }
}

// MARK: - Wire format

struct MastodonAccountDTO: Decodable {
    var acct: String?
    var username: String?
    var avatar: String?
}

struct MastodonMediaDTO: Decodable {
    /// `image`, `gifv`, `video`, `audio`, `unknown`.
    var type: String?
    var url: String?
    var preview_url: String?

    /// A still picture of the attachment: the image itself, or a video's preview frame.
    var picture: String? {
        type == "image" ? PictureLink.http(url) ?? PictureLink.http(preview_url) : PictureLink.http(preview_url)
    }
}

/// The boosted status inside a reblog (same fields, no further nesting).
struct MastodonInnerStatusDTO: Decodable {
    var id: String?
    var url: String?
    var uri: String?
    var content: String?
    var spoiler_text: String?
    var account: MastodonAccountDTO?
    var replies_count: Int?
    var reblogs_count: Int?
    var favourites_count: Int?
    var created_at: String?
    var media_attachments: [MastodonMediaDTO]?
}

/// One status as the timeline and `/statuses/{id}` send it. Internal, not private:
/// `MastodonThreadSource` shows the opened status as the list would.
struct MastodonStatusDTO: Decodable {
    var id: String
    var url: String?
    var uri: String?
    var content: String?
    var spoiler_text: String?
    var account: MastodonAccountDTO?
    var replies_count: Int?
    var reblogs_count: Int?
    var favourites_count: Int?
    var created_at: String?
    var reblog: MastodonInnerStatusDTO?
    var media_attachments: [MastodonMediaDTO]?

    var feedItem: FeedItem {
        let shown = reblog
        // `content` is sanitised HTML; `spoiler_text` (the content warning) is plain text.
        let content = shown?.content ?? self.content ?? ""
        let spoiler = FieldText.plainLine(shown?.spoiler_text ?? spoiler_text ?? "")
        let text = FieldText.htmlLine(content)
        let title = spoiler.isEmpty ? text : "CW: \(spoiler)"
        let author = (shown?.account ?? account).flatMap { $0.acct ?? $0.username }
        let link = shown?.url ?? shown?.uri ?? url ?? uri
        let body = FieldText.htmlText(content)
        return FeedItem(
            id: "mastodon:\(id)",
            title: nonEmptyTitle(title, fallback: "(no text)"),
            url: link,
            author: author,
            score: shown?.favourites_count ?? favourites_count,
            commentCount: shown?.replies_count ?? replies_count,
            time: (shown?.created_at ?? created_at).flatMap(WireTime.iso8601).map { Int64($0) },
            body: body.isEmpty ? nil : body,
            discussionURL: link,
            bodyHTML: body.isEmpty ? nil : content,
            facts: facts(author: author),
            // The first attachment's picture, else the author's avatar.
            pictureURL: (shown?.media_attachments ?? media_attachments ?? []).lazy.compactMap(\.picture).first
                ?? PictureLink.http((shown?.account ?? account)?.avatar)
        )
    }

    /// `★ 12 · 3 boosts · 4 replies · @alice@example.social · 2h`, and who boosted it.
    private func facts(author: String?) -> [ItemFact] {
        var facts: [ItemFact] = []
        if let favourites = shown(\.favourites_count, favourites_count) { facts.append(.count("favourites", favourites, symbol: "★")) }
        if let boosts = shown(\.reblogs_count, reblogs_count) { facts.append(.count("boosts", boosts, "boost")) }
        if let replies = shown(\.replies_count, replies_count) { facts.append(.count("replies", replies, "reply", many: "replies")) }
        if let author { facts.append(.author(author, shown: "@\(author)")) }
        if reblog != nil, let booster = account.flatMap({ $0.acct ?? $0.username }) {
            facts.append(.text("boosted_by", booster, shown: "boosted by @\(booster)"))
        }
        if let time = (reblog?.created_at ?? created_at).flatMap(WireTime.iso8601) { facts.append(.age(Int64(time))) }
        return facts
    }

    /// A count of the boosted status when this is a boost, else the status's own.
    private func shown(_ inner: KeyPath<MastodonInnerStatusDTO, Int?>, _ own: Int?) -> Int? {
        if let reblog { return reblog[keyPath: inner] }
        return own
    }
}
