import FeedModel
import Foundation

/// A DEV article's conversation: the article itself from `/articles/{id}` (its `body_html` is
/// the detail's body, where the list has only a description) and its comment tree from
/// `/comments?a_id={id}`, nested in `children`, oldest first, with no score and no parent id.
///
/// Both come whole, so the thread is paged locally (`WholeThread`). Deleted comments and those
/// hidden by the author keep their place with their placeholder text (`[deleted]`) and an empty
/// `user`, so their replies hang under them.
public struct DevToCommentsSource: FeedSource {
    public let articleID: Int64
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let thread = WholeThread()

    public var name: String { "devto comments \(articleID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    public init(articleID: Int64, baseURL: URL = DevToSource.defaultBaseURL, transport: any HTTPTransport) {
        self.articleID = articleID
        self.baseURL = baseURL
        self.transport = transport
    }

    /// The conversation of a `DevToSource` item (`devto:123`), if it is one.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport) -> Self? {
        guard let id = articleID(itemID) else { return nil }
        return Self(articleID: id, baseURL: baseURL, transport: transport)
    }

    /// An article id as a user may give it: `123` or `devto:123`.
    public static func articleID(_ text: String) -> Int64? {
        let digits = text.hasPrefix("devto:") ? String(text.dropFirst(6)) : text
        guard let id = Int64(digits), id > 0 else { return nil }
        return id
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        try await thread.page(key, size: pageSize.clampedPageSize(maximum: maxPageSize), api: "devto") { () throws(FeedError) in
            let headers = ["Accept": "application/vnd.forem.api-v1+json"]
            let articleURL = APIEndpoint.url(base: baseURL, path: "articles/\(articleID)")
            let (article, _) = try await transport.fetchJSON(
                DevToArticleDTO.self, from: articleURL, headers: headers, api: "devto", context: context)
            let commentsURL = APIEndpoint.url(base: baseURL, path: "comments", query: [("a_id", String(articleID))])
            let (roots, _) = try await transport.fetchJSON(
                [CommentDTO].self, from: commentsURL, headers: headers, api: "devto", context: context)
            return WholeThread.Fetched(comments: Self.flatten(roots, article: articleID), subject: article.feedItem)
        }
    }

    public func startOver() {
        thread.forget()
    }

    // MARK: - Helpers

    /// Depth-first, oldest reply first, as the API nests them (`CommentWalk`, no recursion);
    /// every comment is shown, placeholders included.
    private static func flatten(_ roots: [CommentDTO], article: Int64) -> [FeedItem] {
        var walk = CommentWalk(roots: roots.map { Node(comment: $0, parent: nil) })
        var unbounded = Int.max
        let visits = walk.take(shown: .max, budget: &unbounded) { node in
            .comment(replies: (node.comment.children ?? []).map { Node(comment: $0, parent: node.comment.id_code) }, isShown: true)
        }
        return visits.map { $0.place.entry.feedItem(depth: $0.place.depth, article: article) }
    }

    private struct Node {
        var comment: CommentDTO
        var parent: String?

        func feedItem(depth: Int, article: Int64) -> FeedItem {
            comment.feedItem(depth: depth, parent: parent.map { "devto:c/\($0)" } ?? "devto:\(article)")
        }
    }
}

// MARK: - Wire format

private struct CommentDTO: Decodable {
    struct User: Decodable { var username: String?; var name: String? }

    var id_code: String
    var created_at: String?
    /// HTML.
    var body_html: String?
    /// `{}` for a deleted or hidden comment.
    var user: User?
    var children: [CommentDTO]?

    func feedItem(depth: Int, parent: String) -> FeedItem {
        let line = String(FieldText.htmlLine(body_html ?? "").prefix(200))
        let author = user?.username ?? user?.name
        // DEV's own placeholder for a deleted or hidden comment (`<p>[deleted]</p>`,
        // `<p>[hidden by post author]</p>`, an empty `user`): kept as one line, its words alone.
        let placeholder = author == nil && line.hasPrefix("[") && line.hasSuffix("]") ? line : nil
        return FeedItem(
            id: "devto:c/\(id_code)",
            title: line,
            author: author,
            time: created_at.flatMap(WireTime.iso8601).map { Int64($0) },
            body: placeholder,
            bodyHTML: placeholder == nil ? FieldText.nonEmpty(body_html) : nil,
            depth: depth,
            parentID: parent
        )
    }
}
