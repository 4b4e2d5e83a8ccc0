import FeedModel
import Foundation

/// A Mastodon status's conversation: the status from `/api/v1/statuses/{id}` and its context
/// from `/api/v1/statuses/{id}/context` (`ancestors`, root first, and `descendants`).
///
/// The context is not a clean pre-order (Mastodon moves the author's own replies to the front
/// and caps both lists silently), so the tree is rebuilt from `in_reply_to_id`, replies oldest
/// first by snowflake id. A status that answers others is shown in its place: its ancestors
/// above it, one level each, then the status, then its replies below it. Paged locally
/// (`WholeThread`); statuses that are gone are simply absent, as the API leaves them out.
public struct MastodonThreadSource: FeedSource {
    public let statusID: String
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let thread = WholeThread()

    public var name: String { "mastodon thread \(statusID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    public init(statusID: String, baseURL: URL = MastodonSource.defaultBaseURL, transport: any HTTPTransport) {
        self.statusID = statusID
        self.baseURL = baseURL
        self.transport = transport
    }

    /// The thread of a `MastodonSource` item (`mastodon:123`), if it is one.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport) -> Self? {
        guard let id = statusID(itemID) else { return nil }
        return Self(statusID: id, baseURL: baseURL, transport: transport)
    }

    /// A status id as a user may give it: `1234`, `mastodon:1234`, or its URL
    /// (`https://host/@user/1234`, `https://host/users/user/statuses/1234`).
    public static func statusID(_ text: String) -> String? {
        var id = text.hasPrefix("mastodon:") ? String(text.dropFirst(9)) : text
        if let url = URL(string: id), url.scheme != nil {
            let parts = url.path.split(separator: "/")
            guard let last = parts.last, parts.count >= 2, parts[0].hasPrefix("@") || parts.contains("statuses") else { return nil }
            id = String(last)
        }
        guard !id.isEmpty, id.count <= 24, id.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return id
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        try await thread.page(key, size: pageSize.clampedPageSize(maximum: maxPageSize), api: "mastodon") { () throws(FeedError) in
            let statusURL = APIEndpoint.url(base: baseURL, path: "api/v1/statuses/\(statusID)")
            let (status, _) = try await transport.fetchJSON(MastodonStatusDTO.self, from: statusURL, api: "mastodon", context: context)
            let contextURL = APIEndpoint.url(base: baseURL, path: "api/v1/statuses/\(statusID)/context")
            let (conversation, _) = try await transport.fetchJSON(MastodonContextDTO.self, from: contextURL, api: "mastodon", context: context)
            return WholeThread.Fetched(comments: Self.arrange(conversation, around: status), subject: status.feedItem)
        }
    }

    public func startOver() {
        thread.forget()
    }

    // MARK: - Helpers

    /// Ancestors (root first) one level each, the status itself when it has any, then the
    /// descendants depth-first with replies oldest first.
    static func arrange(_ conversation: MastodonContextDTO, around status: MastodonStatusDTO) -> [FeedItem] {
        var items: [FeedItem] = []
        var parent: String?
        for ancestor in conversation.ancestors {
            items.append(ancestor.comment(depth: items.count, parent: parent))
            parent = ancestor.status.id
        }
        let base = items.count
        if !conversation.ancestors.isEmpty {
            items.append(MastodonThreadStatusDTO(status: status, in_reply_to_id: parent).comment(depth: base, parent: parent))
        }
        let replyDepth = conversation.ancestors.isEmpty ? 0 : base + 1
        let known = Set(conversation.descendants.map(\.status.id))
        var replies: [String: [MastodonThreadStatusDTO]] = [:]
        var roots: [MastodonThreadStatusDTO] = []
        for descendant in conversation.descendants {
            // A reply whose parent the capped context left out hangs directly under the status.
            if let to = descendant.in_reply_to_id, to != status.id, known.contains(to) {
                replies[to, default: []].append(descendant)
            } else {
                roots.append(descendant)
            }
        }
        func older(_ a: MastodonThreadStatusDTO, _ b: MastodonThreadStatusDTO) -> Bool {
            (a.status.id.count, a.status.id) < (b.status.id.count, b.status.id)
        }
        var stack: [(MastodonThreadStatusDTO, Int, String)] = roots.sorted(by: older).reversed().map { ($0, replyDepth, status.id) }
        while let (next, depth, parentID) = stack.popLast() {
            items.append(next.comment(depth: depth, parent: parentID))
            stack += (replies[next.status.id] ?? []).sorted(by: older).reversed().map { ($0, depth + 1, next.status.id) }
        }
        return items
    }
}

// MARK: - Wire format

struct MastodonContextDTO: Decodable {
    var ancestors: [MastodonThreadStatusDTO]
    var descendants: [MastodonThreadStatusDTO]
}

/// A status of a context, with the parent it answers.
struct MastodonThreadStatusDTO: Decodable {
    var status: MastodonStatusDTO
    var in_reply_to_id: String?

    private enum CodingKeys: String, CodingKey { case in_reply_to_id }

    init(status: MastodonStatusDTO, in_reply_to_id: String?) {
        self.status = status
        self.in_reply_to_id = in_reply_to_id
    }

    init(from decoder: any Decoder) throws {
        status = try MastodonStatusDTO(from: decoder)
        in_reply_to_id = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .in_reply_to_id)
    }

    func comment(depth: Int, parent: String?) -> FeedItem {
        var item = status.feedItem
        item.depth = depth
        item.parentID = parent.map { "mastodon:\($0)" }
        // A comment's header says its favourites; its author and age are drawn anyway.
        item.facts = item.facts.filter { $0.name == "favourites" }
        // In a thread the text is the comment's; its title is only for pipes and search.
        item.pictureURL = nil
        return item
    }
}
