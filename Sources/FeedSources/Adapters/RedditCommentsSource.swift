import FeedModel
import Foundation
import Synchronization

/// A Reddit post's conversation, from `/comments/{id}.json`: a pair of Listings, the post and
/// its comment tree nested in `replies` (`""` when there are none), with `more` stubs where
/// Reddit left comments out.
///
/// The tree is walked depth-first into a thread whose comments are paged locally; a stub stays
/// in it as a place. A page ends before a stub, and the page that starts at one expands it
/// first, so a stub costs a request only when the reader reaches it:
/// - "load more comments" (`children` ids): `/api/morechildren.json` with up to 100 of them
///   (a flat list in display order, rebuilt by `parent_id`; what it leaves out stays a stub);
/// - "continue this thread" (`id` `_`): the thread again, focused on the stub's parent
///   (`/comments/{link}/_/{parent}.json`), whose replies come back with depths from 0.
/// Deleted and removed comments that kept replies stay in place (`[deleted]`, `[removed]`).
public struct RedditCommentsSource: FeedSource {
    public let postID: String
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let userAgent: String
    private let held = Held()

    public var name: String { "reddit comments \(postID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    /// Ids `/api/morechildren` takes at once.
    static let moreBatch = 100

    public init(postID: String, baseURL: URL = RedditSource.defaultBaseURL, transport: any HTTPTransport,
                userAgent: String = RedditSource.defaultUserAgent) {
        self.postID = postID
        self.baseURL = baseURL
        self.transport = transport
        self.userAgent = userAgent
    }

    /// The conversation of a `RedditSource` item (`reddit:t3_abc123`), if it is one.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport) -> Self? {
        guard itemID.hasPrefix("reddit:t3_"), let id = postID(itemID) else { return nil }
        return Self(postID: id, baseURL: baseURL, transport: transport)
    }

    /// A post id as a user may give it: `abc123`, `t3_abc123`, `reddit:t3_abc123` (as `--json`
    /// prints it), or its permalink (`https://www.reddit.com/r/x/comments/abc123/slug/`).
    public static func postID(_ text: String) -> String? {
        var id = text.hasPrefix("reddit:") ? String(text.dropFirst(7)) : text
        if id.hasPrefix("t3_") { id = String(id.dropFirst(3)) }
        if let url = URL(string: id), url.scheme != nil {
            let parts = url.path.split(separator: "/")
            guard let at = parts.firstIndex(of: "comments"), at + 1 < parts.count else { return nil }
            id = String(parts[at + 1])
        }
        guard !id.isEmpty, id.count <= 13, id.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) }) else { return nil }
        return id
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key else { throw FeedError(.invalidRequest, "reddit comments: unsupported page key \(key)") }
        var start = 0
        if let token {
            guard let offset = Int(token), offset >= 0 else { throw FeedError(.invalidRequest, "reddit comments: bad cursor \(token)") }
            start = offset
        }
        var entries = held.entries.withLock { $0 }
        var subject: FeedItem?
        if token == nil || entries == nil {
            let (post, tree) = try await thread(focus: nil, context: context)
            subject = token == nil ? post?.feedItem : nil
            entries = Self.entries(tree, depth: 0)
        }
        var all = entries ?? []
        // The page that starts at a stub expands it first (one request), then reads on.
        var expansions = 0
        while start < all.count, case let .more(stub) = all[start], expansions < 4 {
            all.replaceSubrange(start...start, with: try await expand(stub, context: context))
            expansions += 1
        }
        held.entries.withLock { $0 = all }
        var items: [FeedItem] = []
        var end = start
        while end < all.count, items.count < pageSize.clampedPageSize(maximum: maxPageSize), case let .comment(item) = all[end] {
            items.append(item)
            end += 1
        }
        return Page(key: key, items: items, next: end < all.count ? .cursor(String(end)) : nil, subject: subject)
    }

    public func startOver() {
        held.entries.withLock { $0 = nil }
    }

    // MARK: - Helpers

    private final class Held: Sendable {
        let entries = Mutex<[Entry]?>(nil)
    }

    /// A place of the thread: a comment, or a stub for comments not fetched yet.
    enum Entry: Sendable {
        case comment(FeedItem)
        case more(Stub)
    }

    struct Stub: Sendable {
        /// The direct replies left out ("load more"), or empty for "continue this thread".
        var children: [String]
        /// The fullname of the comment (or post) they answer.
        var parent: String
        var depth: Int
    }

    /// The post and the comment Listing; focused on a comment when `focus` is its id36.
    private func thread(focus: String?, context: FetchContext) async throws(FeedError) -> (RedditPostDTO?, [RedditThingDTO]) {
        let path = focus.map { "comments/\(postID)/_/\($0).json" } ?? "comments/\(postID).json"
        let url = APIEndpoint.url(base: baseURL, path: path, query: [("raw_json", "1")])
        let (pair, _) = try await transport.fetchJSON(
            [ListingDTO].self, from: url, headers: ["User-Agent": userAgent], api: "reddit", context: context)
        guard pair.count == 2 else { throw FeedError(.decoding, "reddit: unexpected response (not a post and its comments)") }
        return (pair[0].data.children.first?.post, pair[1].data.children)
    }

    /// What a stub stands for, fetched: comments and the stubs the answer still has.
    private func expand(_ stub: Stub, context: FetchContext) async throws(FeedError) -> [Entry] {
        if stub.children.isEmpty {
            // Continue this thread: the parent's replies, depths from 0 under the parent at 0.
            let parentID = String(stub.parent.drop { $0 != "_" }.dropFirst())
            let (_, focused) = try await thread(focus: parentID, context: context)
            let replies = focused.first?.comment?.replies ?? []
            return Self.entries(replies, depth: stub.depth)
        }
        let batch = Array(stub.children.prefix(Self.moreBatch))
        let url = APIEndpoint.url(base: baseURL, path: "api/morechildren.json", query: [
            ("api_type", "json"), ("link_id", "t3_\(postID)"), ("children", batch.joined(separator: ",")),
            ("sort", "confidence"), ("limit_children", "false"), ("raw_json", "1"),
        ])
        let (answer, _) = try await transport.fetchJSON(
            MoreChildrenDTO.self, from: url, headers: ["User-Agent": userAgent], api: "reddit", context: context)
        // A flat list in display order: depths from the parents it names (the stub's level for
        // the ids asked for), so a payload without `depth` reads the same.
        var depthOf: [String: Int] = [:]
        var entries: [Entry] = []
        for thing in answer.json.data.things {
            let parent = thing.parentFullname
            let depth = parent.flatMap { depthOf[$0].map { $0 + 1 } } ?? stub.depth
            switch thing.kind {
            case "t1":
                guard let comment = thing.comment else { continue }
                depthOf["t1_\(comment.id)"] = depth
                entries.append(.comment(comment.feedItem(depth: depth)))
            case "more":
                if let more = thing.more { entries.append(.more(Stub(children: more.children ?? [], parent: more.parent_id ?? stub.parent, depth: depth))) }
            default:
                continue
            }
        }
        let rest = Array(stub.children.dropFirst(Self.moreBatch))
        if !rest.isEmpty { entries.append(.more(Stub(children: rest, parent: stub.parent, depth: stub.depth))) }
        return entries
    }

    /// A nested tree depth-first, replies in the order Reddit gave them, stubs kept as places.
    /// No recursion: a deep chain is a loop.
    static func entries(_ roots: [RedditThingDTO], depth: Int) -> [Entry] {
        var entries: [Entry] = []
        var stack = roots.reversed().map { ($0, depth) }
        while let (thing, level) = stack.popLast() {
            switch thing.kind {
            case "t1":
                guard let comment = thing.comment else { continue }
                entries.append(.comment(comment.feedItem(depth: level)))
                stack += (comment.replies ?? []).reversed().map { ($0, level + 1) }
            case "more":
                guard let more = thing.more else { continue }
                entries.append(.more(Stub(children: more.children ?? [], parent: more.parent_id ?? "", depth: level)))
            default:
                continue
            }
        }
        return entries
    }
}

// MARK: - Wire format

private struct ListingDTO: Decodable {
    struct Listing: Decodable { var children: [RedditThingDTO] }
    var data: Listing
}

/// A thing of a comment Listing: a post (`t3`), a comment (`t1`) or a stub (`more`).
struct RedditThingDTO: Decodable {
    var kind: String
    var post: RedditPostDTO?
    var comment: RedditCommentDTO?
    var more: RedditMoreDTO?

    private enum CodingKeys: String, CodingKey { case kind, data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "t3": post = try container.decode(RedditPostDTO.self, forKey: .data)
        case "t1": comment = try container.decode(RedditCommentDTO.self, forKey: .data)
        case "more": more = try container.decode(RedditMoreDTO.self, forKey: .data)
        default: break
        }
    }

    /// The fullname of what it answers.
    var parentFullname: String? { comment?.parent_id ?? more?.parent_id }
}

struct RedditCommentDTO: Decodable {
    var id: String
    var parent_id: String?
    var author: String?
    /// Markdown as typed; `body_html` is its rendering.
    var body: String?
    var body_html: String?
    var score: Int?
    var score_hidden: Bool?
    var created_utc: Double?
    var permalink: String?
    var stickied: Bool?
    var distinguished: String?
    /// A Listing, or `""` when there are no replies.
    var replies: [RedditThingDTO]?

    private enum CodingKeys: String, CodingKey {
        case id, parent_id, author, body, body_html, score, score_hidden, created_utc, permalink, stickied, distinguished, replies
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        parent_id = try container.decodeIfPresent(String.self, forKey: .parent_id)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        body = try container.decodeIfPresent(String.self, forKey: .body)
        body_html = try container.decodeIfPresent(String.self, forKey: .body_html)
        score = try container.decodeIfPresent(Int.self, forKey: .score)
        score_hidden = try container.decodeIfPresent(Bool.self, forKey: .score_hidden)
        created_utc = try container.decodeIfPresent(Double.self, forKey: .created_utc)
        permalink = try container.decodeIfPresent(String.self, forKey: .permalink)
        stickied = try container.decodeIfPresent(Bool.self, forKey: .stickied)
        distinguished = try container.decodeIfPresent(String.self, forKey: .distinguished)
        // `replies` is a Listing, or the empty string: decoded as the sum type it is.
        if let listing = try? container.decode(ListingDTO.self, forKey: .replies) {
            replies = listing.data.children
        } else if let text = try? container.decode(String.self, forKey: .replies), text.isEmpty {
            replies = nil
        } else if container.contains(.replies), !(try container.decodeNil(forKey: .replies)) {
            throw DecodingError.dataCorruptedError(forKey: .replies, in: container, debugDescription: "replies: neither a Listing nor \"\"")
        }
    }

    func feedItem(depth: Int) -> FeedItem {
        // `raw_json=1`: `body_html` is HTML with its own entities, `body` the Markdown.
        let html = body_html.flatMap(FieldText.nonEmpty)
        var facts: [ItemFact] = []
        if let score, score_hidden != true { facts.append(.count("score", score, "point")) }
        if distinguished == "moderator" || distinguished == "admin" { facts.append(.text("distinguished", distinguished ?? "", shown: distinguished)) }
        if stickied == true { facts.append(.text("stickied", "pinned", shown: "pinned")) }
        return FeedItem(
            id: "reddit:t1_\(id)",
            title: String((html.map(FieldText.htmlLine) ?? FieldText.plainLine(body ?? "")).prefix(200)),
            author: author,
            time: created_utc.map { Int64($0) },
            body: html == nil ? body.map(FieldText.plainText) : nil,
            discussionURL: permalink.map { "https://www.reddit.com" + $0 },
            bodyHTML: html,
            depth: depth,
            parentID: parent_id.map { "reddit:\($0)" },
            facts: facts
        )
    }
}

struct RedditMoreDTO: Decodable {
    var id: String?
    var parent_id: String?
    var count: Int?
    var children: [String]?
}

private struct MoreChildrenDTO: Decodable {
    struct JSON: Decodable {
        struct Things: Decodable { var things: [RedditThingDTO] }
        var data: Things
    }
    var json: JSON
}
