import FeedModel
import Foundation

/// Lobsters' front page or newest stories: `/hottest.json?page=N`, 1-based, 25 a page.
///
/// There is no has-more flag: fewer than 25 stories (or `[]`) ends the feed. The page size is
/// fixed by the server; `pageSize` is ignored.
public struct LobstersSource: FeedSource {
    public enum List: String, Sendable, CaseIterable {
        case hottest, newest
    }

    public static let defaultBaseURL = URL(string: "https://lobste.rs")!
    /// `StoriesPaginator::STORIES_PER_PAGE`.
    public static let storiesPerPage = 25

    public let list: List
    public let baseURL: URL
    private let transport: any HTTPTransport

    public var name: String { "lobsters \(list.rawValue)" }
    public var firstKey: PageKey { .page(1) }
    public var defaultPageSize: Int { Self.storiesPerPage }
    public var maxPageSize: Int { Self.storiesPerPage }

    /// - Parameters:
    ///   - list: `hottest` (the front page) or `newest`.
    ///   - baseURL: the site root, `https://lobste.rs` or a replica's.
    ///   - transport: the network.
    public init(list: List = .hottest, baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport) {
        self.list = list
        self.baseURL = baseURL
        self.transport = transport
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .page(number) = key, number >= 1 else {
            throw FeedError(.invalidRequest, "lobsters: unsupported page key \(key)")
        }
        let url = APIEndpoint.url(base: baseURL, path: "\(list.rawValue).json", query: [("page", String(number))])
        let (stories, _) = try await transport.fetchJSON([LobstersStoryDTO].self, from: url, api: "lobsters", context: context)
        let items = stories.map(\.feedItem)
        let next: PageKey? = items.count < Self.storiesPerPage ? nil : .page(number + 1)
        return Page(key: key, items: items, next: next)
    }
}

// MARK: - Wire format

/// `submitter_user` (and a comment's `commenting_user`) is a username string today and was an object in 2020 captures, which
/// carried an `avatar_url` (relative to the site).
struct LobstersUserDTO: Decodable {
    var username: String?
    var avatarURL: String?

    private struct Object: Decodable { var username: String?; var avatar_url: String? }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let name = try? container.decode(String.self) {
            username = name
        } else if let object = try? container.decode(Object.self) {
            username = object.username
            avatarURL = object.avatar_url
        } else {
            username = nil
        }
    }
}

/// One story as the list and the story page (`/s/ID.json`) both send it. Internal, not private:
/// `LobstersCommentsSource` shows a thread's story as the list would.
struct LobstersStoryDTO: Decodable {
    var short_id: String
    var short_id_url: String?
    var created_at: String?
    var title: String?
    var url: String?
    var score: Int?
    var comment_count: Int?
    var description_plain: String?
    var description: String?
    var comments_url: String?
    var submitter_user: LobstersUserDTO?
    var tags: [String]?

    var feedItem: FeedItem {
        // `title` and `description_plain` are plain text (the Markdown as typed); `description` is HTML.
        let discussion = comments_url ?? short_id_url
        let text = description_plain.map(FieldText.plainText)
            ?? description.map(FieldText.htmlText)
        let tagLine = (tags ?? []).joined(separator: " ")
        let body = [text ?? "", tagLine.isEmpty ? "" : "tags: \(tagLine)"].filter { !$0.isEmpty }.joined(separator: "\n\n")
        return FeedItem(
            id: "lobsters:\(short_id)",
            title: nonEmptyTitle(title.map(FieldText.plainLine) ?? ""),
            url: url.flatMap { $0.isEmpty ? nil : $0 } ?? discussion,
            author: submitter_user?.username,
            score: score,
            commentCount: comment_count,
            time: created_at.flatMap(WireTime.iso8601).map { Int64($0) },
            body: body.isEmpty ? nil : body,
            discussionURL: discussion,
            facts: facts,
            pictureURL: submitter_user?.avatarURL.flatMap { avatar in
                PictureLink.http(URL(string: avatar, relativeTo: discussion.flatMap { URL(string: $0) })?.absoluteString)
            }
        )
    }

    /// `43 points · 29 comments · [android] [security] · heinrich5991 · 3h`.
    private var facts: [ItemFact] {
        var facts: [ItemFact] = []
        if let score { facts.append(.count("score", score, "point")) }
        if let comment_count { facts.append(.count("comments", comment_count, "comment")) }
        if let tags, !tags.isEmpty {
            facts.append(ItemFact("tags", .list(tags), label: .text(tags.map { "[\($0)]" }.joined(separator: " "))))
        }
        if let name = submitter_user?.username { facts.append(.author(name)) }
        if let time = created_at.flatMap(WireTime.iso8601) { facts.append(.age(Int64(time))) }
        return facts
    }
}
