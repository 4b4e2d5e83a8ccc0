import FeedModel
import Foundation

/// The comment tree of one Hacker News item, as a feed: comments in depth-first order, each
/// with its `depth` and `parentID`, fetched a page at a time as the reader approaches them.
///
/// The page key is a cursor that encodes the walk's pending stack: `id:depth` pairs, the next
/// comment first (`.cursor(nil)` is the start, which reads the item's `kids`). Loading a page
/// pops comments off the stack one request (`/item/ID.json`) each, pushing each comment's
/// `kids` in front, so pages follow each other with no duplicate and no gap, and a page's
/// requests are only those of the comments it holds (plus skipped ones). `deleted` and
/// `dead` comments are not shown; their replies are, one level deeper than they were.
/// A page may be short (skips) without being the end; the end is an empty stack.
public struct HackerNewsCommentsSource: FeedSource {
    public let itemID: Int
    public let baseURL: URL
    private let transport: any HTTPTransport

    public var name: String { "hn comments \(itemID)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 100 }

    /// - Parameters:
    ///   - itemID: the story (or comment) whose replies to walk.
    ///   - baseURL: the API root, as for `HackerNewsSource`.
    public init(itemID: Int, baseURL: URL = HackerNewsSource.defaultBaseURL, transport: any HTTPTransport) {
        self.itemID = itemID
        self.baseURL = baseURL
        self.transport = transport
    }

    /// The comments source for an item id of `HackerNewsSource` (`hn:ID`), if it is one.
    public static func forItem(_ itemID: String, baseURL: URL, transport: any HTTPTransport) -> Self? {
        guard itemID.hasPrefix("hn:"), let id = Int(itemID.dropFirst(3)) else { return nil }
        return Self(itemID: id, baseURL: baseURL, transport: transport)
    }

    public func load(_ key: PageKey, pageSize: Int) throws(FeedError) -> Page {
        guard case let .cursor(token) = key else {
            throw FeedError(.invalidRequest, "hn comments: unsupported page key \(key)")
        }
        var stack: [Pending]
        if let token {
            guard let decoded = Self.decode(token) else {
                throw FeedError(.invalidRequest, "hn comments: bad cursor \(token)")
            }
            stack = decoded
        } else {
            let root = try fetch(itemID)
            stack = (root?.kids ?? []).map { Pending(id: $0, depth: 0) }
        }
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        var items: [FeedItem] = []
        // Bounded so a thread of deleted comments cannot make one page unbounded.
        var budget = size * 4
        while items.count < size, budget > 0, !stack.isEmpty {
            budget -= 1
            let next = stack.removeFirst()
            guard let dto = try fetch(next.id) else { continue }
            stack.insert(contentsOf: (dto.kids ?? []).map { Pending(id: $0, depth: next.depth + 1) }, at: 0)
            if dto.deleted == true || dto.dead == true { continue }
            items.append(dto.feedItem(depth: next.depth))
        }
        return Page(key: key, items: items, next: stack.isEmpty ? nil : .cursor(Self.encode(stack)))
    }

    // MARK: - Helpers

    struct Pending: Equatable {
        var id: Int
        var depth: Int
    }

    static func encode(_ stack: [Pending]) -> String {
        stack.map { "\($0.id):\($0.depth)" }.joined(separator: ",")
    }

    static func decode(_ token: String) -> [Pending]? {
        var stack: [Pending] = []
        for pair in token.split(separator: ",") {
            let parts = pair.split(separator: ":")
            guard parts.count == 2, let id = Int(parts[0]), let depth = Int(parts[1]), depth >= 0 else { return nil }
            stack.append(Pending(id: id, depth: depth))
        }
        return stack
    }

    /// One item; nil when it is `null` or gone (a 404). Retryable failures and bodies that
    /// cannot be read throw, so the page is tried again whole and then shown as failed.
    private func fetch(_ id: Int) throws(FeedError) -> CommentDTO? {
        let url = APIEndpoint.url(base: baseURL, path: "item/\(id).json")
        do {
            return try transport.fetchJSON(CommentDTO?.self, from: url, api: "hn").0
        } catch {
            // A body that cannot be read is an error to see, not a missing comment (issue 14).
            if error.isRetryable || error.kind == .cancelled || error.kind == .decoding { throw error }
            return nil
        }
    }
}

// MARK: - Wire format

private struct CommentDTO: Decodable {
    var id: Int
    var by: String?
    var time: Int64?
    var text: String?
    var parent: Int?
    var kids: [Int]?
    var deleted: Bool?
    var dead: Bool?

    func feedItem(depth: Int) -> FeedItem {
        FeedItem(
            id: "hn:\(id)",
            title: HTMLText.plainTitle(String((text ?? "").prefix(200))),
            author: by,
            time: time,
            discussionURL: "https://news.ycombinator.com/item?id=\(id)",
            bodyHTML: text,
            depth: depth,
            parentID: parent.map { "hn:\($0)" }
        )
    }
}
