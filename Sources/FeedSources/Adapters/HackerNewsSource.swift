import FeedModel
import Foundation
import Synchronization

/// Hacker News through its Firebase API: a ranked id list, then one request per item.
///
/// The first `load` fetches `<list>stories.json` once and keeps it: every `.idSlice` pages over
/// that snapshot, so re-ranking between pages causes no duplicates or skips. `startOver()`
/// drops it (refresh). A page's items are fetched concurrently through one `FanOut`, at most
/// `maxConcurrentItems` at a time, and kept in ranking order (the first page's items also go to
/// `context.progress` as they arrive, in ranking order: `RankedPrefix`); `null`, `deleted` and `dead`
/// items are skipped, so a page may be short without being the end. The end is the end of the
/// id list.
///
/// Per-item failures: each item request retries by itself (a `RetryingTransport`), so one bad
/// item never costs its siblings a second request. An item that still fails with a transient
/// error fails the page; one that fails for good (a 404) is left out and listed in
/// `Page.omittedCount`, never silently.
///
/// With `hints`, every story shown records its first reply ids there, so opening its thread
/// can fetch them together with the story (`HackerNewsCommentsSource`).
public struct HackerNewsSource: FeedSource {
    public enum List: String, Sendable, CaseIterable {
        case top, new, best, ask, show, job
    }

    public static let defaultBaseURL = URL(string: "https://hacker-news.firebaseio.com/v0")!

    public let list: List
    public let baseURL: URL
    public let maxConcurrentItems: Int
    /// Where the stories shown leave their reply ids for their threads, if anywhere.
    public let hints: HackerNewsThreadHints?
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
    ///   - hints: where the stories shown leave their reply ids, if anywhere.
    public init(
        list: List = .top, baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport, maxConcurrentItems: Int = 8,
        hints: HackerNewsThreadHints? = nil
    ) {
        self.hints = hints
        self.list = list
        self.baseURL = baseURL
        self.transport = transport
        self.maxConcurrentItems = max(1, maxConcurrentItems)
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .idSlice(start, _) = key, start >= 0 else {
            throw FeedError(.invalidRequest, "hn: unsupported page key \(key)")
        }
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        let ids = try await idList(context: context)
        let end = min(start + size, ids.count)
        let slice = start < end ? Array(ids[start..<end]) : []
        // The first page's rows go to `context.progress` as they arrive, in rank order: under
        // a rate limit its last item comes seconds after its first (issue 23).
        let (items, failed) = try await fetchItems(slice, context: context, reportsProgress: start == 0)
        let next: PageKey? = end < ids.count ? .idSlice(start: end, count: size) : nil
        // `null`, deleted and dead items are left out and counted (honest counts); items that
        // failed for good are reported apart, never silently.
        return Page(
            key: key, items: items, next: next, total: ids.count,
            omittedCount: max(0, slice.count - items.count - failed.count), itemFailures: failed)
    }

    public func startOver() {
        snapshot.ids.withLock { $0 = nil }
    }

    // MARK: - Requests

    private func idList(context: FetchContext) async throws(FeedError) -> [Int] {
        if let ids = snapshot.ids.withLock({ $0 }) { return ids }
        let url = APIEndpoint.url(base: baseURL, path: "\(list.rawValue)stories.json")
        let (ids, _) = try await transport.fetchJSON([Int].self, from: url, api: "hn", context: context)
        // Each id once, at its first place: a list naming one story 500 times is one story,
        // one request, not 500 (the pager would drop the repeats anyway, after fetching them).
        var seen: Set<Int> = []
        let list = ids.filter { seen.insert($0).inserted }
        // Two first loads racing both fetch; the first stored snapshot wins so pages agree.
        return snapshot.ids.withLock { stored in
            if let stored { return stored }
            stored = list
            return list
        }
    }

    private func fetchItems(
        _ ids: [Int], context: FetchContext, reportsProgress: Bool
    ) async throws(FeedError) -> ([FeedItem], [FeedError]) {
        let prefix = reportsProgress ? context.progress.map { RankedPrefix(count: ids.count, progress: $0) } : nil
        let places = Array(ids.enumerated())
        let results = try await FanOut.map(places, width: maxConcurrentItems) { [transport, baseURL, hints] place throws(FeedError) in
            do throws(FeedError) {
                let item = try await Self.fetchItem(place.element, baseURL: baseURL, transport: transport, hints: hints, context: context)
                prefix?.arrived(item, at: place.offset)
                return Result<FeedItem?, FeedError>.success(item)
            } catch {
                // Only an item the list named that answers 404 is left out (and reported); a body that
                // cannot be read is an error to see, not a missing item (issue 14).
                if error.kind != .http(status: 404) { throw error }
                prefix?.arrived(nil, at: place.offset)
                return .failure(error)
            }
        }
        var items: [FeedItem] = []
        var failed: [FeedError] = []
        for result in results {
            switch result {
            case let .success(item?): items.append(item)
            case .success(nil): continue
            case let .failure(error): failed.append(error)
            }
        }
        return (items, failed)
    }

    private static func fetchItem(
        _ id: Int, baseURL: URL, transport: any HTTPTransport, hints: HackerNewsThreadHints?, context: FetchContext
    ) async throws(FeedError) -> FeedItem? {
        let url = APIEndpoint.url(base: baseURL, path: "item/\(id).json")
        let (dto, _) = try await transport.fetchJSON(HackerNewsItemDTO?.self, from: url, api: "hn", context: context)
        guard let dto, dto.deleted != true, dto.dead != true else { return nil }
        hints?.record(dto.id, kids: dto.kids ?? [])
        return dto.feedItem
    }

    private final class Snapshot: Sendable {
        let ids = Mutex<[Int]?>(nil)
    }
}

// MARK: - Wire format

/// One `/item/ID.json` as a list row. Internal, not private: `HackerNewsCommentsSource` reads
/// its thread's root with it, so a detail opened by id shows the same row the list would.
struct HackerNewsItemDTO: Decodable, Sendable {
    var id: Int
    var type: String?
    var by: String?
    var time: Int64?
    var title: String?
    var url: String?
    var text: String?
    var score: Int?
    var descendants: Int?
    var kids: [Int]?
    var deleted: Bool?
    var dead: Bool?

    var feedItem: FeedItem {
        let discussion = "https://news.ycombinator.com/item?id=\(id)"
        let link = url.flatMap { $0.isEmpty ? nil : $0 } ?? discussion
        // `title` and `text` are HTML (entities such as `&#x27;`, and `<p>` in text).
        let body = text.map(FieldText.htmlText).flatMap(FieldText.nonEmpty)
        let fallback = body.map { String($0.prefix(120)).collapsingWhitespace() } ?? "(\(type ?? "item") \(id))"
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
