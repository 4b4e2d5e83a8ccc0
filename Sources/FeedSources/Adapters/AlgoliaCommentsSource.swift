import FeedModel
import Foundation
import Synchronization

/// The comment thread of an HN Search result, from Algolia's `/items/{id}`: one request
/// returns the item with its whole tree nested in `children`, and pages are slices of its
/// depth-first walk, each comment with its `depth` and `parentID`.
///
/// The page key is `.cursor(nil)` for the start (which fetches the tree) and `.cursor("N")`
/// for the walk from its N-th comment. The walk is kept between pages; a later page whose
/// walk was forgotten (`startOver`) fetches the tree again. Comments without an author and
/// text (deleted) are not shown, unless they have replies: then a `[deleted]` placeholder keeps
/// their place (issue 21). `text` is HTML. The first page brings the story itself as its subject.
public struct AlgoliaCommentsSource: FeedSource {
    public let itemID: Int
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let walk = Walk()

    public var name: String { "hn-search comments \(itemID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    /// - Parameters:
    ///   - itemID: the story (or comment) whose replies to walk.
    ///   - baseURL: the API root, as for `AlgoliaSearchSource`.
    public init(itemID: Int, baseURL: URL = AlgoliaSearchSource.defaultBaseURL, transport: any HTTPTransport) {
        self.itemID = itemID
        self.baseURL = baseURL
        self.transport = transport
    }

    /// The comments source for an item id of `AlgoliaSearchSource` (`algolia:ID`), if it is one.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport) -> Self? {
        guard itemID.hasPrefix("algolia:"), let id = Int(itemID.dropFirst(8)) else { return nil }
        return Self(itemID: id, baseURL: baseURL, transport: transport)
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key else {
            throw FeedError(.invalidRequest, "hn-search comments: unsupported page key \(key)")
        }
        let start: Int
        if let token {
            guard let offset = Int(token), offset >= 0 else {
                throw FeedError(.invalidRequest, "hn-search comments: bad cursor \(token)")
            }
            start = offset
        } else {
            start = 0
        }
        var comments = walk.comments.withLock { $0 }
        var subject: FeedItem?
        if token == nil || comments == nil {
            let url = APIEndpoint.url(base: baseURL, path: "items/\(itemID)")
            let (root, _) = try await transport.fetchJSON(NodeDTO.self, from: url, api: "hn-search", context: context)
            let flat = Self.flatten(root.children ?? [])
            comments = flat
            walk.comments.withLock { $0 = flat }
            if token == nil { subject = root.subject(count: flat.count) }
        }
        let all = comments ?? []
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        let end = min(all.count, start + size)
        let items = start < end ? Array(all[start..<end]) : []
        return Page(key: key, items: items, next: end < all.count ? .cursor(String(end)) : nil, total: all.count, subject: subject)
    }

    public func startOver() {
        walk.comments.withLock { $0 = nil }
    }

    // MARK: - Helpers

    /// Depth-first, oldest reply first, as the API nests them (`CommentWalk`, no recursion).
    private static func flatten(_ nodes: [NodeDTO]) -> [FeedItem] {
        var walk = CommentWalk(roots: nodes)
        var unbounded = Int.max
        let visits = walk.take(shown: .max, budget: &unbounded) { node in
            .comment(replies: node.children ?? [], isShown: !node.isDeleted || !(node.children ?? []).isEmpty)
        }
        return visits.lazy.filter(\.isShown).map { $0.place.entry.feedItem(depth: $0.place.depth) }
    }

    private final class Walk: Sendable {
        let comments = Mutex<[FeedItem]?>(nil)
    }
}

// MARK: - Wire format

private struct NodeDTO: Decodable {
    var id: Int
    var author: String?
    /// HTML, as on Hacker News.
    var text: String?
    var created_at_i: Int64?
    var parent_id: Int?
    var children: [NodeDTO]?
    /// The story's (null on comments).
    var title: String?
    var url: String?
    var points: Int?

    /// Algolia keeps a deleted comment as a node with neither author nor text.
    var isDeleted: Bool { author == nil && (text ?? "").isEmpty }

    func feedItem(depth: Int) -> FeedItem {
        FeedItem(
            id: "hn:\(id)",
            // Decoded whole, then cut: cutting the HTML first left `<a href="…` halves in titles.
            title: isDeleted ? "[deleted]" : String(FieldText.htmlLine(text ?? "").prefix(200)),
            author: author,
            time: created_at_i,
            body: isDeleted ? "[deleted]" : nil,
            discussionURL: "https://news.ycombinator.com/item?id=\(id)",
            bodyHTML: FieldText.nonEmpty(text),
            depth: depth,
            parentID: parent_id.map { "hn:\($0)" }
        )
    }

    /// The story as the thread's subject, with the id the search lists it by.
    func subject(count: Int) -> FeedItem {
        FeedItem(
            id: "algolia:\(id)",
            title: FieldText.plainLine(title ?? "").isEmpty ? String(FieldText.htmlLine(text ?? "").prefix(200)) : FieldText.plainLine(title ?? ""),
            url: url.flatMap(FieldText.nonEmpty),
            author: author,
            score: points,
            commentCount: count,
            time: created_at_i,
            discussionURL: "https://news.ycombinator.com/item?id=\(id)",
            bodyHTML: FieldText.nonEmpty(text),
            parentID: nil
        )
    }
}
