import FeedModel
import Foundation

/// A Lobsters story's conversation, from `/s/{short_id}.json`: the story with every comment in
/// one flat array, already in display order (depth-first, siblings by confidence), each with
/// its `depth` (`indent_level` − 1 in captures before Aug 2023) and `parent_comment`.
///
/// Paged locally (`WholeThread`). Comments removed by their author or a moderator stay in the
/// array with their gone text, so they keep their place as a one-line placeholder and their
/// replies hang under them. `comment` is HTML; `comment_plain` is the Markdown as typed.
public struct LobstersCommentsSource: FeedSource {
    public let storyID: String
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let thread = WholeThread()

    public var name: String { "lobsters comments \(storyID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    /// - Parameters:
    ///   - storyID: the story's short id (`abc123`).
    ///   - baseURL: the site root, as for `LobstersSource`.
    public init(storyID: String, baseURL: URL = LobstersSource.defaultBaseURL, transport: any HTTPTransport) {
        self.storyID = storyID
        self.baseURL = baseURL
        self.transport = transport
    }

    /// The conversation of a `LobstersSource` item (`lobsters:abc123`), if it is one.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport) -> Self? {
        guard itemID.hasPrefix("lobsters:"), let id = shortID(String(itemID.dropFirst(9))) else { return nil }
        return Self(storyID: id, baseURL: baseURL, transport: transport)
    }

    /// A story's short id as a user may give it: `abc123`, `lobsters:abc123`, or its URL
    /// (`https://lobste.rs/s/abc123/some_slug`).
    public static func shortID(_ text: String) -> String? {
        var id = text
        if id.hasPrefix("lobsters:") { id = String(id.dropFirst(9)) }
        if let url = URL(string: id), url.scheme != nil {
            let parts = url.path.split(separator: "/")
            guard parts.count >= 2, parts[0] == "s" else { return nil }
            id = String(parts[1])
        }
        guard !id.isEmpty, id.count <= 12, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        return id
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        try await thread.page(key, size: pageSize.clampedPageSize(maximum: maxPageSize), api: "lobsters") { () throws(FeedError) in
            let url = APIEndpoint.url(base: baseURL, path: "s/\(storyID).json")
            let (story, _) = try await transport.fetchJSON(StoryDTO.self, from: url, api: "lobsters", context: context)
            return WholeThread.Fetched(comments: story.comments.map { $0.feedItem(story: story.story.short_id) }, subject: story.story.feedItem)
        }
    }

    public func startOver() {
        thread.forget()
    }
}

// MARK: - Wire format

private struct StoryDTO: Decodable {
    var story: LobstersStoryDTO
    var comments: [CommentDTO]

    private enum CodingKeys: String, CodingKey { case comments }

    init(from decoder: any Decoder) throws {
        story = try LobstersStoryDTO(from: decoder)
        comments = try decoder.container(keyedBy: CodingKeys.self).decode([CommentDTO].self, forKey: .comments)
    }
}

private struct CommentDTO: Decodable {
    var short_id: String
    var created_at: String?
    var is_deleted: Bool?
    var is_moderated: Bool?
    var score: Int?
    var parent_comment: String?
    /// HTML rendered from the Markdown.
    var comment: String?
    var depth: Int?
    /// 1-based, before `depth` replaced it.
    var indent_level: Int?
    var commenting_user: LobstersUserDTO?
    var short_id_url: String?

    func feedItem(story: String) -> FeedItem {
        let isGone = is_deleted == true || is_moderated == true
        var facts: [ItemFact] = []
        if let score, !isGone { facts.append(.count("score", score, "point")) }
        return FeedItem(
            id: "lobsters:c/\(short_id)",
            title: String(FieldText.htmlLine(comment ?? "").prefix(200)),
            author: commenting_user?.username,
            time: created_at.flatMap(WireTime.iso8601).map { Int64($0) },
            discussionURL: short_id_url,
            bodyHTML: FieldText.nonEmpty(comment),
            depth: max(0, depth ?? ((indent_level ?? 1) - 1)),
            parentID: parent_comment.map { "lobsters:c/\($0)" } ?? "lobsters:\(story)",
            facts: facts
        )
    }
}
