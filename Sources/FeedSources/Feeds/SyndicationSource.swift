import FeedFormats
import FeedModel
import Foundation
import Synchronization

/// One RSS, Atom or JSON Feed, with its whole history by infinite scroll.
///
/// A page is a slice of one document's entries; when a document is used up the next page starts
/// the document its history link names: RFC 5005 `next` (paged feeds) or `prev-archive`
/// (archived feeds), JSON Feed `next_url`, or WordPress's `?paged=N+1` when the feed is
/// WordPress's and links nothing. Keys are `.cursor` tokens naming the document and the entry
/// to start at, so a page dropped from memory is loaded again from the same place.
///
/// - Archive documents (`fh:archive`) are fetched once ever: kept in the `FeedDocumentCache`
///   and read from it afterwards without a request.
/// - The subscription document is kept with its `ETag`/`Last-Modified`; fetching it again sends
///   them, and a 304 reuses the entries already parsed (no parse) or the stored body.
/// - An entry met in an earlier (newer) document of the walk is left out of a later one, so
///   entries are de-duplicated by id across pages; within a document the parser already did.
/// - A site's URL works too: an HTML page's `<link rel="alternate">` names the feed.
/// - The end says why: `endNote` is "end of history" when the walk followed history links to
///   their end, "this feed keeps only its latest N entries" when the feed links none (whose
///   last page also carries `cap`, so the footer says the source returns no more).
public struct SyndicationSource: FeedSource {
    public let url: URL
    private let transport: any HTTPTransport
    private let cache: any FeedDocumentCache
    private let state = SyndicationState()
    private let now: @Sendable () -> Double

    /// Documents a walk follows at most: a feed whose history never ends stops here.
    public static let maxDocuments = 5_000
    public static let accept = "application/atom+xml, application/rss+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5"

    public var name: String { state.title ?? "feed \(url.host ?? url.absoluteString)" }
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 25 }
    public var maxPageSize: Int { 500 }

    /// - Parameters:
    ///   - url: the feed's URL, or a site's (its feed is discovered).
    ///   - transport: the network.
    ///   - cache: where archive and subscription documents are kept between runs.
    public init(url: URL, transport: any HTTPTransport, cache: any FeedDocumentCache = MemoryFeedDocumentCache(),
                now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.url = url
        self.transport = transport
        self.cache = cache
        self.now = now
    }

    /// A refresh fetches the subscription document again (conditionally); archives stay.
    public func startOver() { state.forgetWalk() }

    /// Why the feed ended, once its last page was loaded.
    public var endNote: String? { state.endNote }

    /// How documents were obtained so far: fetched whole, answered 304, read from the cache without a request.
    public var counters: SyndicationCounters { state.counters }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key, let position = Position(token) else {
            throw FeedError(.invalidRequest, "feed: unsupported page key \(key)")
        }
        let documentURL = position.url ?? state.subscriptionURL ?? url.absoluteString
        let document = try await document(at: documentURL, isSubscription: position.url == nil, context: context)
        let entries = document.entries
        let start = min(position.index, entries.count)
        let end = min(start + max(pageSize, 1), entries.count)
        let items = entries[start..<end].map { Self.item($0, feed: document.head.title) }
        var next: PageKey?
        var note: String?
        if end < entries.count {
            next = .cursor(Position(url: documentURL, index: end).token)
        } else if let following = followingDocument(document, at: documentURL) {
            next = .cursor(Position(url: following, index: 0).token)
        } else {
            note = state.walkedHistory || document.followedFrom != nil
                ? "end of history"
                : document.head.isComplete ? "end of history (the feed is complete)"
                : "this feed keeps only its latest \(document.rawCount) entr\(document.rawCount == 1 ? "y" : "ies")"
        }
        var page = Page(key: key, items: items, next: next)
        if let note {
            state.setEndNote(note)
            // A feed without history hands out only what its one document holds: said the way
            // the footer says it for every API that stops early.
            if !state.walkedHistory, document.followedFrom == nil, !document.head.isComplete { page.cap = document.rawCount }
        }
        return page
    }

    // MARK: - Documents

    private func followingDocument(_ document: ParsedDocument, at documentURL: String) -> String? {
        let head = document.head
        var candidate = head.links.next ?? head.links.prevArchive
        if candidate == nil, head.isWordPress, !document.entries.isEmpty || document.rawCount > 0,
           var components = URLComponents(string: documentURL)
        {
            let current = components.queryItems?.first { $0.name == "paged" }.flatMap { Int($0.value ?? "") } ?? 1
            var query = (components.queryItems ?? []).filter { $0.name != "paged" }
            query.append(URLQueryItem(name: "paged", value: String(current + 1)))
            components.queryItems = query
            candidate = components.string
        }
        guard let candidate, candidate != documentURL else { return nil }
        return state.link(from: documentURL, to: candidate, limit: Self.maxDocuments) ? candidate : nil
    }

    private func document(at address: String, isSubscription: Bool, context: FetchContext) async throws(FeedError) -> ParsedDocument {
        if let parsed = state.parsed(address) { return parsed }
        let stored = cache.document(at: address)
        if let stored, stored.isArchive {
            state.count(\.fromCache)
            return try remember(parse(stored.body, contentType: stored.contentType, url: address), at: address)
        }
        guard let requestURL = URL(string: address) else { throw FeedError(.invalidRequest, "feed: not a URL: \(address)") }
        var headers = ["Accept": Self.accept]
        if let stored {
            if let etag = stored.etag { headers["If-None-Match"] = etag }
            if let lastModified = stored.lastModified { headers["If-Modified-Since"] = lastModified }
        }
        let api = ArticleFetch.hostName(requestURL)
        let isWordPressPage = address.contains("paged=")
        let response = try await transport.exchange(HTTPRequest(url: requestURL, headers: headers, context: context)) {
            response throws(FeedError) -> HTTPResponse in
            if response.status == 304 || (isWordPressPage && response.status == 404) { return response }
            try ResponseCheck.requireSuccess(response, api: api, now: Date(timeIntervalSince1970: now()))
            return response
        }
        if response.status == 304, let stored {
            state.count(\.notModified)
            if let kept = state.keptSubscription(address, etag: stored.etag) { return remember(kept, at: address) }
            let parsed = try parse(stored.body, contentType: stored.contentType, url: address)
            if isSubscription, let etag = stored.etag { state.keepSubscription(address, etag: etag, parsed) }
            return remember(parsed, at: address)
        }
        if response.status == 404 {
            // WordPress answers a page past the last with 404: the history ends there.
            state.count(\.fetched)
            return remember(ParsedDocument(head: FeedHead(format: .rss20), entries: [], rawCount: 0), at: address)
        }
        state.count(\.fetched)
        let body = [UInt8](response.body)
        let finalURL = response.url.absoluteString
        let parsed: ParsedDocument
        do {
            parsed = try parse(body, contentType: response.header("content-type"), url: finalURL)
        } catch let error where isSubscription && state.subscriptionURL == nil && FeedParser.looksLikeHTML(body) {
            // A site's page: follow the feed it announces.
            guard let found = FeedDiscovery.candidates(in: body, contentType: response.header("content-type"), url: response.url).first
            else { throw FeedError(.decoding, "\(api): \(error.message), and it announces no feed (<link rel=\"alternate\">)") }
            state.setSubscriptionURL(found.url)
            return try await document(at: found.url, isSubscription: true, context: context)
        }
        let document = StoredFeedDocument(
            url: address, body: body, contentType: response.header("content-type"), etag: response.header("etag"),
            lastModified: response.header("last-modified"), isArchive: parsed.head.isArchive, fetchedAt: now())
        if parsed.head.isArchive || isSubscription { cache.store(document) }
        if isSubscription, let etag = document.etag { state.keepSubscription(address, etag: etag, parsed) }
        return remember(parsed, at: address)
    }

    private func parse(_ body: [UInt8], contentType: String?, url address: String) throws(FeedError) -> ParsedDocument {
        state.count(\.parsed)
        do {
            let document = try FeedParser.parse(body, contentType: contentType, url: URL(string: address))
            return ParsedDocument(head: document.head, entries: document.entries, rawCount: document.entries.count)
        } catch {
            let host = URL(string: address).map(ArticleFetch.hostName) ?? address
            throw FeedError(.decoding, "\(host): \(error.message)")
        }
    }

    /// Keeps a parsed document for the walk, without the entries an earlier document of the
    /// walk already gave.
    private func remember(_ document: ParsedDocument, at address: String) -> ParsedDocument {
        state.remember(document, at: address)
    }

    // MARK: - Items

    /// An entry as the list, the detail and the pipes show it; its text decoded once, here.
    static func item(_ entry: FeedEntry, feed: String) -> FeedItem {
        let base = entry.base.flatMap(URL.init(string:))
        let summary = entry.summary.map { $0.plain(base: base) } ?? ""
        let content = entry.content.map { $0.plain(base: base) } ?? ""
        var facts: [ItemFact] = []
        if let author = entry.author { facts.append(.author(author)) }
        if let time = entry.time { facts.append(.age(time)) }
        facts.append(ItemFact("summary", .paragraphs(summary), label: .hidden))
        facts.append(ItemFact("content", .paragraphs(content), label: .hidden))
        // The meta line names the first enclosure's kind (`▶ audio`); --json lists them all.
        let kind = entry.enclosures.first.map { $0.type?.split(separator: "/").first.map(String.init) ?? "media" }
        facts.append(ItemFact(
            "enclosures", .media(entry.enclosures.map { ItemFact.Media(url: $0.url, type: $0.type, length: $0.length) }),
            label: kind.map { .text("▶ \($0)") } ?? .hidden))
        facts.append(ItemFact("tags", .list(entry.tags), label: entry.tags.isEmpty ? .hidden : .text(entry.tags.prefix(3).joined(separator: ", "))))
        facts.append(ItemFact("feed", .text(feed), label: .hidden))
        return FeedItem(
            id: entry.id, title: entry.title.isEmpty ? "(untitled)" : entry.title, url: entry.url, author: entry.author,
            time: entry.time, body: summary.isEmpty ? (content.isEmpty ? nil : content) : summary,
            discussionURL: entry.commentsURL, bodyHTML: (entry.content ?? entry.summary)?.html, facts: facts)
    }
}

/// How a walk got its documents.
public struct SyndicationCounters: Sendable, Equatable {
    /// Fetched with a 2xx (or WordPress's closing 404) and parsed.
    public var fetched = 0
    /// Answered 304 Not Modified.
    public var notModified = 0
    /// Archive documents read from the cache with no request.
    public var fromCache = 0
    /// Documents parsed (a 304 whose entries are still in memory is not parsed again).
    public var parsed = 0

    public init(fetched: Int = 0, notModified: Int = 0, fromCache: Int = 0, parsed: Int = 0) {
        self.fetched = fetched
        self.notModified = notModified
        self.fromCache = fromCache
        self.parsed = parsed
    }
}

/// A parsed document as the walk keeps it.
struct ParsedDocument: Sendable {
    var head: FeedHead
    var entries: [FeedEntry]
    /// Entries in the document before de-duplication against the walk.
    var rawCount: Int
    /// The document whose history link led here (nil for the subscription document).
    var followedFrom: String?
}

/// A page key's place: a document (nil: the subscription document) and an entry index in it.
struct Position: Equatable {
    var url: String?
    var index: Int

    init(url: String?, index: Int) {
        self.url = url
        self.index = index
    }

    /// `nil` is the first page; otherwise `INDEX URL`.
    init?(_ token: String?) {
        guard let token else { self.init(url: nil, index: 0); return }
        let parts = token.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let index = Int(parts[0]), index >= 0 else { return nil }
        self.init(url: String(parts[1]), index: index)
    }

    var token: String { "\(index) \(url ?? "")" }
}

/// What a source remembers between pages: parsed documents of the walk, the chain of history
/// links followed (loop detection), ids already given, the feed's title.
final class SyndicationState: Sendable {
    private struct Walk {
        var parsed: [String: ParsedDocument] = [:]
        var order: [String] = []
        var seenIDs: Set<String> = []
        var givenIDs: [String: Set<String>] = [:]
        var links: [String: String] = [:]
        var visited: Set<String> = []
        var subscriptionURL: String?
        var title: String?
        var kept: [String: (etag: String, document: ParsedDocument)] = [:]
        var counters = SyndicationCounters()
        var endNote: String?
    }

    private let walk = Mutex(Walk())

    /// Documents parsed and kept in memory (the oldest are dropped past this, and parsed again
    /// from the cache or the network when their pages are needed again).
    static let keptDocuments = 6

    var title: String? { walk.withLock { $0.title } }
    var endNote: String? { walk.withLock { $0.endNote } }

    func setEndNote(_ note: String) { walk.withLock { $0.endNote = note } }
    var subscriptionURL: String? { walk.withLock { $0.subscriptionURL } }
    var counters: SyndicationCounters { walk.withLock { $0.counters } }
    var walkedHistory: Bool { walk.withLock { !$0.links.isEmpty } }

    func setSubscriptionURL(_ url: String) { walk.withLock { $0.subscriptionURL = url } }

    func count(_ counter: WritableKeyPath<SyndicationCounters, Int>) { walk.withLock { $0.counters[keyPath: counter] += 1 } }

    func parsed(_ url: String) -> ParsedDocument? { walk.withLock { $0.parsed[url] } }

    /// Records that `from`'s history link names `to`; false when `to` was already in the walk
    /// (a loop) or the walk is at its limit.
    func link(from: String, to: String, limit: Int) -> Bool {
        walk.withLock { w in
            if let known = w.links[from] { return known == to }
            guard !w.visited.contains(to), w.links.count < limit else { return false }
            w.links[from] = to
            w.visited.insert(to)
            return true
        }
    }

    func remember(_ document: ParsedDocument, at url: String) -> ParsedDocument {
        walk.withLock { w in
            if let known = w.parsed[url] { return known }
            var kept = document
            if let given = w.givenIDs[url] {
                // Parsed again after it was dropped: the same entries as the first time.
                kept.entries = document.entries.filter { given.contains($0.id) }
            } else {
                kept.entries = document.entries.filter { !w.seenIDs.contains($0.id) }
                for entry in kept.entries { w.seenIDs.insert(entry.id) }
                w.givenIDs[url] = Set(kept.entries.map(\.id))
            }
            kept.followedFrom = w.links.first { $0.value == url }?.key
            if w.title == nil, kept.followedFrom == nil, !document.head.title.isEmpty { w.title = document.head.title }
            w.visited.insert(url)
            w.parsed[url] = kept
            w.order.append(url)
            if w.order.count > Self.keptDocuments {
                let dropped = w.order.removeFirst()
                w.parsed[dropped] = nil
            }
            return kept
        }
    }

    func keepSubscription(_ url: String, etag: String, _ document: ParsedDocument) {
        walk.withLock { $0.kept[url] = (etag, document) }
    }

    func keptSubscription(_ url: String, etag: String?) -> ParsedDocument? {
        walk.withLock { w in
            guard let kept = w.kept[url], kept.etag == etag else { return nil }
            return kept.document
        }
    }

    /// A refresh: the walk starts again from the subscription document (archives stay cached).
    func forgetWalk() {
        walk.withLock { w in
            w.parsed = [:]
            w.order = []
            w.seenIDs = []
            w.givenIDs = [:]
            w.links = [:]
            w.visited = []
        }
    }
}
