import FeedModel
import Foundation

/// A JSONPlaceholder post with its comments, in one request: `/posts/{id}?_embed=comments`
/// (json-server 0.17's embed, the post with a `comments` array). Comments are flat, with no
/// dates: `name` is a subject line, `email` the author, `body` plain text with line breaks.
public struct JSONPlaceholderCommentsSource: FeedSource {
    public let postID: Int64
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let thread = WholeThread()

    public var name: String { "jsonplaceholder comments \(postID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    public init(postID: Int64, baseURL: URL = JSONPlaceholderSource.defaultBaseURL, transport: any HTTPTransport) {
        self.postID = postID
        self.baseURL = baseURL
        self.transport = transport
    }

    /// The comments of a `JSONPlaceholderSource` post (`jsonplaceholder:1`), if it is one.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport) -> Self? {
        guard let id = postID(itemID) else { return nil }
        return Self(postID: id, baseURL: baseURL, transport: transport)
    }

    /// A post id as a user may give it: `1` or `jsonplaceholder:1`.
    public static func postID(_ text: String) -> Int64? {
        let digits = text.hasPrefix("jsonplaceholder:") ? String(text.dropFirst(16)) : text
        guard let id = Int64(digits), id > 0 else { return nil }
        return id
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        try await thread.page(key, size: pageSize.clampedPageSize(maximum: maxPageSize), api: "jsonplaceholder") { () throws(FeedError) in
            let url = APIEndpoint.url(base: baseURL, path: "posts/\(postID)", query: [("_embed", "comments")])
            let (post, _) = try await transport.fetchJSON(PostDTO.self, from: url, api: "jsonplaceholder", context: context)
            let postItemID = "jsonplaceholder:\(postID)"
            return WholeThread.Fetched(
                comments: post.comments.map { $0.feedItem(post: postItemID) },
                subject: post.post.feedItem(base: baseURL, resource: "posts"))
        }
    }

    public func startOver() {
        thread.forget()
    }
}

// MARK: - Wire format

private struct PostDTO: Decodable {
    var post: JSONPlaceholderPostDTO
    var comments: [CommentDTO]

    private enum CodingKeys: String, CodingKey { case comments }

    init(from decoder: any Decoder) throws {
        post = try JSONPlaceholderPostDTO(from: decoder)
        comments = try decoder.container(keyedBy: CodingKeys.self).decode([CommentDTO].self, forKey: .comments)
    }
}

private struct CommentDTO: Decodable {
    var id: Int64
    var name: String?
    var email: String?
    var body: String?

    func feedItem(post: String) -> FeedItem {
        // Plain text as stored; `name` is the comment's subject, shown above its body.
        let subject = FieldText.plainLine(name ?? "")
        let text = FieldText.plainText(body ?? "")
        return FeedItem(
            id: "jsonplaceholder:c/\(id)",
            title: subject.isEmpty ? String(FieldText.plainLine(text).prefix(200)) : subject,
            author: email.map(FieldText.plainLine),
            body: [subject, text].filter { !$0.isEmpty }.joined(separator: "\n\n"),
            depth: 0,
            parentID: post
        )
    }
}
