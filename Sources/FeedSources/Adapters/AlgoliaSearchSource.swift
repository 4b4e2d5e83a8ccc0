import FeedModel
import Foundation
import Synchronization

/// HN Search (Algolia): ranked search by page number, or newest-first search by a time keyset.
///
/// - Ranked (`search`): `.page(n)`, 0-based; the feed ends at `page >= nbPages - 1`, on empty
///   hits, or when Algolia answers past its 1000-hit cap with a `message` (an empty last page).
/// - By date (`search_by_date`): `.time(bound)` asks for `created_at_i<=bound`; the next bound
///   is the oldest `created_at_i` of the page. Items sharing that second come back on the next
///   page, so the adapter remembers, per bound it handed out, the `objectID`s it already
///   returned at that second and drops them (the applier de-dups by id too; this keeps pages
///   clean). If a whole page shares one second, the bound steps one second back rather than
///   looping. The feed ends on empty hits or when everything left fit on one page.
public struct AlgoliaSearchSource: FeedSource {
    public static let defaultBaseURL = URL(string: "https://hn.algolia.com/api/v1")!

    public let query: String
    public let byDate: Bool
    public let tags: String?
    public let baseURL: URL
    private let transport: any HTTPTransport
    private let log: SourceLog?
    private let boundary = Boundary()

    public var name: String { query.isEmpty ? (byDate ? "hn-search (newest)" : "hn-search") : "hn-search \(query)" }
    public var firstKey: PageKey { byDate ? .time(nil) : .page(0) }
    public var defaultPageSize: Int { 30 }
    public var maxPageSize: Int { 1000 }

    /// - Parameters:
    ///   - query: the search words; empty lists everything matching `tags`.
    ///   - byDate: newest first (`search_by_date`) instead of by relevance.
    ///   - tags: Algolia `tags` filter (`story`, `comment`, `(story,poll)`, …); nil for all.
    ///   - baseURL: the API root, `https://hn.algolia.com/api/v1` or a replica's.
    ///   - transport: the network.
    ///   - log: receives a note when the 1000-hit cap ends the feed.
    public init(
        query: String = "", byDate: Bool = false, tags: String? = "story",
        baseURL: URL = Self.defaultBaseURL, transport: any HTTPTransport, log: SourceLog? = nil
    ) {
        self.query = query
        self.byDate = byDate
        self.tags = tags
        self.baseURL = baseURL
        self.transport = transport
        self.log = log
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        let size = pageSize.clampedPageSize(maximum: maxPageSize)
        switch key {
        case let .page(number) where !byDate && number >= 0:
            return try await loadRanked(key, page: number, size: size, context: context)
        case let .time(bound) where byDate:
            return try await loadByDate(key, bound: bound, size: size, context: context)
        default:
            throw FeedError(.invalidRequest, "hn-search: unsupported page key \(key)")
        }
    }

    public func startOver() {
        boundary.seen.withLock { $0 = [:] }
    }

    // MARK: - Strategies

    private func loadRanked(_ key: PageKey, page: Int, size: Int, context: FetchContext) async throws(FeedError) -> Page {
        var query = baseQuery(size: size)
        query.append(("page", String(page)))
        let url = APIEndpoint.url(base: baseURL, path: "search", query: query)
        let (result, _) = try await transport.fetchJSON(SearchDTO.self, from: url, api: "hn-search", context: context)
        if let message = result.message, result.hits.isEmpty {
            log?("hn-search: \(ResponseCheck.oneLine(message))")
            return Page(key: key, items: [], next: nil, total: result.nbHits, cap: Self.hitCap)
        }
        let hits = result.hits
        let items = hits.map(\.feedItem)
        let pages = result.nbPages ?? 0
        let next: PageKey? = hits.isEmpty || page >= pages - 1 ? nil : .page(page + 1)
        let total = result.nbHits
        return Page(key: key, items: items, next: next, total: total, cap: total.map { $0 > Self.hitCap ? Self.hitCap : nil } ?? nil)
    }

    /// Algolia hands out the first 1000 hits of a query (`paginationLimitedTo`), whatever `nbHits` says.
    static let hitCap = 1000

    private func loadByDate(_ key: PageKey, bound: Int64?, size: Int, context: FetchContext) async throws(FeedError) -> Page {
        var query = baseQuery(size: size)
        if let bound { query.append(("numericFilters", "created_at_i<=\(bound)")) }
        let url = APIEndpoint.url(base: baseURL, path: "search_by_date", query: query)
        let (result, _) = try await transport.fetchJSON(SearchDTO.self, from: url, api: "hn-search", context: context)
        let hits = result.hits
        guard !hits.isEmpty else { return Page(key: key, items: [], next: nil, total: result.nbHits) }

        let alreadySeen = bound.flatMap { b in boundary.seen.withLock { $0[b] } } ?? []
        let fresh = hits.filter { !alreadySeen.contains($0.objectID) }
        let oldest = hits.compactMap(\.createdAt).min()
        let next: PageKey?
        if (result.nbPages ?? 2) <= 1 || oldest == nil {
            next = nil
        } else if let oldest, oldest == bound, fresh.allSatisfy({ $0.createdAt == oldest }) {
            // A full page of one second and nothing older on it: step past that second.
            next = .time(oldest - 1)
        } else if let oldest {
            let atBoundary = hits.filter { $0.createdAt == oldest }.map(\.objectID)
            boundary.seen.withLock { seen in
                seen[oldest, default: []].formUnion(atBoundary)
                if oldest == bound { seen[oldest]?.formUnion(alreadySeen) }
            }
            next = .time(oldest)
        } else {
            next = nil
        }
        return Page(key: key, items: fresh.map(\.feedItem), next: next, total: result.nbHits)
    }

    private func baseQuery(size: Int) -> [(String, String)] {
        var query: [(String, String)] = [("query", self.query)]
        if let tags, !tags.isEmpty { query.append(("tags", tags)) }
        query.append(("hitsPerPage", String(size)))
        return query
    }

    private final class Boundary: Sendable {
        let seen = Mutex<[Int64: Set<String>]>([:])
    }
}

// MARK: - Wire format

private struct SearchDTO: Decodable {
    var hits: [HitDTO]  // required (RequiredField.swift)
    var nbHits: Int?
    var nbPages: Int?
    var page: Int?
    var message: String?
}

private struct HitDTO: Decodable {
    var objectID: String
    var title: String?
    var url: String?
    var author: String?
    var points: Int?
    var num_comments: Int?
    var created_at: String?
    var created_at_i: Int64?
    var story_text: String?
    var comment_text: String?
    var story_title: String?
    var story_url: String?
    var story_id: Int?

    var createdAt: Int64? {
        created_at_i ?? created_at.flatMap(WireTime.iso8601).map { Int64($0.rounded(.down)) }
    }

    var feedItem: FeedItem {
        // Titles are plain text as the submitter typed them; `story_text` and `comment_text` are HTML.
        let isComment = comment_text != nil && title == nil
        let title: String
        if let own = self.title.map(FieldText.plainLine), !own.isEmpty {
            title = own
        } else if let story = story_title.map(FieldText.plainLine), !story.isEmpty {
            title = "Re: \(story)"
        } else {
            title = comment_text.map { String(FieldText.htmlLine($0).prefix(120)).collapsingWhitespace() } ?? ""
        }
        let text = (isComment ? comment_text : story_text).map(FieldText.htmlText).flatMap(FieldText.nonEmpty)
        let discussion = "https://news.ycombinator.com/item?id=\(objectID)"
        let link = [url, story_url].compactMap { $0 }.first { !$0.isEmpty } ?? discussion
        return FeedItem(
            id: "algolia:\(objectID)",
            title: nonEmptyTitle(title),
            url: link,
            author: author,
            score: points,
            commentCount: num_comments,
            time: createdAt,
            body: text,
            discussionURL: discussion,
            bodyHTML: FieldText.nonEmpty(isComment ? comment_text : story_text),
            facts: facts
        )
    }

    /// As on Hacker News: `pg · 57 points · 12 comments · 3h`.
    private var facts: [ItemFact] {
        var facts: [ItemFact] = []
        if let author { facts.append(.author(author)) }
        if let points { facts.append(.count("score", points, "point")) }
        if let num_comments { facts.append(.count("comments", num_comments, "comment")) }
        if let story_id, String(story_id) != objectID { facts.append(ItemFact("story_id", .number(story_id), label: .hidden)) }
        if let createdAt { facts.append(.age(createdAt)) }
        return facts
    }
}
