import FeedModel
import Foundation
import Synchronization

/// Hacker News through its Firebase API: a ranked id list, then one request per item.
///
/// The first `load` fetches `<list>stories.json` once and keeps it: every `.idSlice` pages over
/// that snapshot, so re-ranking between pages causes no duplicates or skips. `startOver()`
/// drops it (refresh). A page's items are fetched concurrently, at most `maxConcurrentItems` at
/// a time, and kept in ranking order; `null`, `deleted` and `dead` items are skipped, so a page
/// may be short without being the end. The end is the end of the id list.
///
/// Per-item failures: a retryable one (timeout, 5xx, 429) fails the whole page so a retry
/// re-fetches it; a final one (404, an undecodable item) skips that item only.
public struct HackerNewsSource: FeedSource {
    public enum List: String, Sendable, CaseIterable {
        case top, new, best, ask, show, job
    }

    public static let defaultBaseURL = URL(string: "https://hacker-news.firebaseio.com/v0")!

    public let list: List
    public let baseURL: URL
    public let maxConcurrentItems: Int
    private let transport: any HTTPTransport
    private let snapshot = Snapshot()

    public var name: String { "hn \(list.rawValue)" }
    public var firstKey: PageKey { .idSlice(start: 0, count: 0) }
    public var defaultPageSize: Int { 30 }
    public var maxPageSize: Int { 100 }

    /// - Parameters:
    ///   - list: which ranking (`topstories.json`, `newstories.json`, …).
    ///   - baseURL: the API root, `https://hacker-news.firebaseio.com/v0` or a replica's.
    ///   - transport: the network.
    ///   - maxConcurrentItems: item requests in flight at once for one page.
    public init(list: List = .top, baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport, maxConcurrentItems: Int = 8) {
        self.list = list
        self.baseURL = baseURL
        self.transport = transport
        self.maxConcurrentItems = max(1, maxConcurrentItems)
    }

    public func load(_ key: PageKey, pageSize: Int) throws(FeedError) -> Page {
        guard case let .idSlice(start, _) = key, start >= 0 else {
            throw FeedError(.invalidRequest, "hn: unsupported page key \(key)")
        }
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        let ids = try idList()
        let end = min(start + size, ids.count)
        let slice = start < end ? Array(ids[start..<end]) : []
        let items = try fetchItems(slice)
        let next: PageKey? = end < ids.count ? .idSlice(start: end, count: size) : nil
        // `null`, deleted and dead items are left out: the page says how many, for honest counts.
        return Page(key: key, items: items, next: next, total: ids.count, skipped: max(0, slice.count - items.count))
    }

    public func startOver() {
        snapshot.ids.withLock { $0 = nil }
    }

    // MARK: - Requests

    private func idList() throws(FeedError) -> [Int] {
        if let ids = snapshot.ids.withLock({ $0 }) { return ids }
        let url = APIEndpoint.url(base: baseURL, path: "\(list.rawValue)stories.json")
        let (ids, _) = try transport.fetchJSON([Int].self, from: url, api: "hn")
        let list = ids
        // Two first loads racing both fetch; the first stored snapshot wins so pages agree.
        return snapshot.ids.withLock { stored in
            if let stored { return stored }
            stored = list
            return list
        }
    }

    private func fetchItems(_ ids: [Int]) throws(FeedError) -> [FeedItem] {
        guard !ids.isEmpty else { return [] }
        let results = Mutex([Result<FeedItem?, FeedError>?](repeating: nil, count: ids.count))
        let nextIndex = Mutex(0)
        let group = DispatchGroup()
        let workers = min(maxConcurrentItems, ids.count)
        // Dedicated threads rather than a GCD queue: each worker blocks in the transport, and on
        // Linux a custom concurrent queue's pool does not reliably grow past the core count.
        for _ in 0..<workers {
            group.enter()
            let thread = Thread { [transport, baseURL] in
                while true {
                    let index = nextIndex.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard index < ids.count else { break }
                    let result = Result { () throws(FeedError) -> FeedItem? in
                        try Self.fetchItem(ids[index], baseURL: baseURL, transport: transport)
                    }
                    results.withLock { $0[index] = result }
                }
                group.leave()
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        group.wait()

        var items: [FeedItem] = []
        for result in results.withLock({ $0 }) {
            switch result {
            case let .success(item?): items.append(item)
            case .success(nil), nil: continue
            case let .failure(error):
                // A body that cannot be read is an error to see, not a missing item (issue 14).
                if error.isRetryable || error.kind == .cancelled || error.kind == .decoding { throw error }
            }
        }
        return items
    }

    private static func fetchItem(_ id: Int, baseURL: URL, transport: any HTTPTransport) throws(FeedError) -> FeedItem? {
        let url = APIEndpoint.url(base: baseURL, path: "item/\(id).json")
        let (dto, _) = try transport.fetchJSON(ItemDTO?.self, from: url, api: "hn")
        guard let dto, dto.deleted != true, dto.dead != true else { return nil }
        return dto.feedItem
    }

    private final class Snapshot: Sendable {
        let ids = Mutex<[Int]?>(nil)
    }
}

// MARK: - Wire format

private struct ItemDTO: Decodable {
    var id: Int
    var type: String?
    var by: String?
    var time: Int64?
    var title: String?
    var url: String?
    var text: String?
    var score: Int?
    var descendants: Int?
    var deleted: Bool?
    var dead: Bool?

    var feedItem: FeedItem {
        let discussion = "https://news.ycombinator.com/item?id=\(id)"
        let link = url.flatMap { $0.isEmpty ? nil : $0 } ?? discussion
        // `title` and `text` are HTML (entities such as `&#x27;`, and `<p>` in text).
        let body = text.map(FieldText.htmlText).flatMap(FieldText.nonEmpty)
        let fallback = body.map { HTMLText.collapse(String($0.prefix(120))) } ?? "(\(type ?? "item") \(id))"
        return FeedItem(
            id: "hn:\(id)",
            title: nonEmptyTitle(title.map(FieldText.htmlLine) ?? "", fallback: fallback),
            url: link,
            author: by,
            score: score,
            commentCount: descendants,
            time: time,
            body: body,
            discussionURL: discussion,
            bodyHTML: text.flatMap { $0.isEmpty ? nil : $0 },
            facts: facts
        )
    }

    /// `dhouston · 111 points · 71 comments · 3h`, with `job` or `poll` for those.
    private var facts: [ItemFact] {
        var facts: [ItemFact] = []
        if let by { facts.append(.author(by)) }
        if let score { facts.append(.count("score", score, "point")) }
        if let descendants { facts.append(.count("comments", descendants, "comment")) }
        if let type, type != "story" { facts.append(.text("type", type)) }
        if let time { facts.append(.age(time)) }
        return facts
    }
}
