import FeedModel
import Foundation

/// A subreddit's newest posts: `/r/{sub}/new.json`, paged by the `after` fullname.
///
/// `.cursor(after)`; `data.after == null` ends the feed (an unknown subreddit comes back as an
/// empty listing, which ends it at once). Requests carry `raw_json=1`, and URLs are decoded
/// anyway in case a server escapes them (`&amp;`). Reddit wants a unique `User-Agent`.
public struct RedditSource: FeedSource {
    public static let defaultBaseURL = URL(string: "https://www.reddit.com")!
    /// Reddit's requested form: `<platform>:<app id>:<version> (by <contact>)`.
    public static let defaultUserAgent = "linux:feedscroll:\(FeedscrollVersion.string) (terminal feed browser)"

    public let subreddit: String
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let userAgent: String

    public var name: String { "reddit r/\(subreddit)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 25 }
    public var maxPageSize: Int { 100 }

    /// - Parameters:
    ///   - subreddit: the name, with or without `r/`; letters, digits, `_` (and `+` to combine).
    ///   - baseURL: the site root, `https://www.reddit.com` or a replica's.
    ///   - transport: the network.
    ///   - userAgent: a unique agent string, as Reddit's API rules require.
    public init(subreddit: String, baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport, userAgent: String = Self.defaultUserAgent) {
        var name = subreddit.trimmingWhitespace()
        for prefix in ["/r/", "r/", "/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
        while name.hasSuffix("/") { name.removeLast() }
        self.subreddit = name
        self.baseURL = baseURL
        self.transport = transport
        self.userAgent = userAgent
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(after) = key else {
            throw FeedError(.invalidRequest, "reddit: unsupported page key \(key)")
        }
        let allowed = subreddit.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "+"
        }
        guard !subreddit.isEmpty, allowed else {
            throw FeedError(.invalidRequest, "reddit: not a subreddit name: \(subreddit)")
        }
        var query = [("limit", String(pageSize.clampedPageSize(maximum: maxPageSize))), ("raw_json", "1")]
        if let after { query.append(("after", after)) }
        let url = APIEndpoint.url(base: baseURL, path: "r/\(subreddit)/new.json", query: query)
        let (listing, _) = try await transport.fetchJSON(ListingDTO.self, from: url, headers: ["User-Agent": userAgent], api: "reddit", context: context)
        guard listing.kind == nil || listing.kind == "Listing", let data = listing.data else {
            throw FeedError(.decoding, "reddit: unexpected response (not a Listing)")
        }
        let posts = data.children.compactMap { $0.kind == "t3" || $0.kind == nil ? $0.data : nil }
        let items = posts.map { $0.feedItem }
        let next: PageKey? = data.after.flatMap { $0.isEmpty || $0 == after ? nil : .cursor($0) }
        return Page(key: key, items: items, next: next)
    }
}

// MARK: - Wire format

private struct ListingDTO: Decodable {
    struct Listing: Decodable {
        var after: String?
        var children: [Child]  // required (RequiredField.swift)
    }
    struct Child: Decodable {
        var kind: String?
        var data: RedditPostDTO?
    }
    var kind: String?
    var data: Listing?

    private enum CodingKeys: String, CodingKey { case kind, data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decodeIfPresent(String.self, forKey: .kind)
        // Another kind of thing is "not a Listing" (said in `load`); a Listing needs its children.
        data = kind == nil || kind == "Listing" ? try container.decode(Listing.self, forKey: .data) : nil
    }
}

/// One post as a listing and the comments page (`[0]` of `/comments/{id}.json`) send it.
/// Internal, not private: `RedditCommentsSource` shows the post it opens as the list would.
struct RedditPostDTO: Decodable {
    var name: String
    var title: String?
    var author: String?
    var url: String?
    var permalink: String?
    var selftext: String?
    var score: Int?
    var num_comments: Int?
    var created_utc: Double?
    var is_self: Bool?
    var subreddit: String?
    /// A URL, or a word: `"self"`, `"default"`, `"nsfw"`, `"spoiler"`.
    var thumbnail: String?
    var preview: Preview?

    struct Preview: Decodable {
        struct Image: Decodable { var source: Source? }
        struct Source: Decodable { var url: String? }
        var images: [Image]?
    }

    var feedItem: FeedItem {
        // `raw_json=1` is asked for: every string is plain text as written, not HTML-escaped
        // (without it `&`, `<`, `>` arrive as `&amp;`, `&lt;`, `&gt;`), so nothing is decoded.
        let discussion = permalink.map { "https://www.reddit.com" + $0 }
        let link = url.flatMap(FieldText.nonEmpty) ?? discussion
        let text = selftext.map(FieldText.plainText)
        return FeedItem(
            id: "reddit:\(name)",
            title: nonEmptyTitle(title.map(FieldText.plainLine) ?? ""),
            url: link,
            author: author,
            score: score,
            commentCount: num_comments,
            time: created_utc.map { Int64($0) },
            body: text.flatMap(FieldText.nonEmpty),
            discussionURL: discussion,
            facts: facts,
            // The preview's source is the larger picture; the thumbnail is 140 px at most.
            pictureURL: PictureLink.http(preview?.images?.first?.source?.url) ?? PictureLink.http(thumbnail)
        )
    }

    /// `123 points · 45 comments · r/swift · u/alice · 3h`.
    private var facts: [ItemFact] {
        var facts: [ItemFact] = []
        if let score { facts.append(.count("score", score, "point")) }
        if let num_comments { facts.append(.count("comments", num_comments, "comment")) }
        if let subreddit = FieldText.nonEmpty(subreddit) { facts.append(.text("subreddit", subreddit, shown: "r/\(subreddit)")) }
        if let author { facts.append(.author(author, shown: "u/\(author)")) }
        if let created_utc { facts.append(.age(Int64(created_utc))) }
        return facts
    }
}
