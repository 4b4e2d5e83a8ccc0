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
/// - The end says why: the last page's `endNote` is "end of history" when the walk followed
///   history links to their end, "this feed keeps only its latest N entries" when the feed
///   links none (that page also carries `cap`: the source returns no more than that).
public struct SyndicationSource: FeedSource {
    public let url: URL
    private let transport: any HTTPTransport
    private let cache: any FeedDocumentCache
    private let state = SyndicationState()
    private let now: @Sendable () -> Double
    /// Where documents are parsed (the program's one serial parse queue).
    private let parseQueue: DispatchQueue
    /// Fetches under way that this source shares with the run's other sources (none: its own).
    private let flights: DocumentFlights?

    /// Documents a walk follows at most: a feed whose history never ends stops here.
    public static let maxDocuments = 5_000
    /// The longest feed document taken (1 GB): a body past a megabyte is spooled to a temporary
    /// file as it arrives and read from there, so this bounds the disk, not the memory.
    public static let maxDocumentBytes = 1 << 30
    /// The longest HTML page judged (discovery reads it whole, in memory).
    public static let maxPageBytes = 16 << 20
    public static let accept = "application/atom+xml, application/rss+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5"

    /// The parse queue of sources made without one (tests, embedders): serial, a utility QoS.
    public static let defaultParseQueue = DispatchQueue(label: "feedscroll.parse", qos: .utility)

    /// The name the reader gave the feed (a subscription's in the config or OPML), which always
    /// wins; else the feed's own title once a document said it; before, the one kept from an
    /// earlier run (`knownTitle`), else the host.
    public var name: String { givenName ?? state.title ?? knownTitle ?? cacheName }
    /// The feed's own title: the one a document of this run said, else the one kept from an
    /// earlier run (`knownTitle`); nil while neither is known.
    public var ownTitle: String? { state.title ?? knownTitle }
    /// What its pages are cached under (`FeedKey.source`): the feed's host, whatever its title or
    /// the reader's name for it, so `feed URL` and `feedscroll feeds` share pages, read marks
    /// and counts however much each knows of the feed.
    public var cacheName: String { Self.cacheName(of: url.absoluteString) }

    /// `cacheName` of the feed at `url`.
    public static func cacheName(of url: String) -> String { "feed \(URL(string: url)?.host ?? url)" }
    /// The title the document cache kept for this feed (`FeedDocumentCache.title(of:)`).
    public let knownTitle: String?
    /// The subscription's name, if it has one.
    public let givenName: String?
    public var firstKey: PageKey { .cursor(nil) }
    public var defaultPageSize: Int { 25 }
    public var maxPageSize: Int { 500 }

    /// - Parameters:
    ///   - url: the feed's URL, or a site's (its feed is discovered).
    ///   - transport: the network.
    ///   - cache: where archive and subscription documents are kept between runs.
    ///   - parseQueue: where documents are parsed: a serial queue the program owns, so one
    ///     parse at a time holds a thread, never one of Swift's cooperative ones.
    ///   - flights: fetches shared with the run's other sources of the same feeds (refresh-all
    ///     and the feed opened while it runs): a document one of them is fetching is not
    ///     requested again by another.
    public init(url: URL, transport: any HTTPTransport, cache: any FeedDocumentCache = MemoryFeedDocumentCache(),
                parseQueue: DispatchQueue = SyndicationSource.defaultParseQueue, knownTitle: String? = nil, givenName: String? = nil,
                flights: DocumentFlights? = nil, now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.parseQueue = parseQueue
        self.flights = flights
        self.knownTitle = knownTitle
        self.givenName = givenName
        self.url = url
        self.transport = transport
        self.cache = cache
        self.now = now
    }

    /// A refresh fetches the subscription document again (conditionally); archives stay.
    public func startOver() { state.forgetWalk() }

    /// Waits until every document this source is parsing was read whole (and, for the feed's
    /// own document and archives, kept in the document cache with its validators): refresh-all
    /// waits for it before the program may end, so the next refresh can ask conditionally.
    public func waitForParses() async {
        for parse in state.parses() { await parse.waitFor(entries: .max) }
    }

    /// How documents were obtained so far: fetched whole, answered 304, read from the cache without a request.
    public var counters: SyndicationCounters { state.counters }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key, let position = Position(token) else {
            throw FeedError(.invalidRequest, "feed: unsupported page key \(key)")
        }
        let documentURL = position.url ?? state.subscriptionURL ?? subscriptionAddress()
        var parse = try await document(at: documentURL, isSubscription: position.url == nil, context: context)
        if parse.isStopped {
            // Stopped when the loads waiting for it were cancelled: read it again.
            state.forget(documentURL, parse)
            parse = try await document(at: documentURL, isSubscription: position.url == nil, context: context)
        }
        let start = position.index
        let end = start + max(pageSize, 1)
        // The page's entries and one more (whether the document goes on past the page), or the
        // document's end: the first page of a huge document is ready long before its end.
        var view = state.view(documentURL, parse, start: start, end: end)
        while view.keptCount <= end, !view.isDone {
            await parse.waitFor(entries: view.readCount + 1)
            if Task.isCancelled {
                if parse.isStopped { state.forget(documentURL, parse) }
                throw FeedError(.cancelled, "cancelled")
            }
            view = state.view(documentURL, parse, start: start, end: end)
        }
        if let error = view.error {
            state.forget(documentURL, parse)
            // Stopped for another load that was cancelled just as this one came to it: this
            // one still wants it, so it is read again.
            if error.kind == .cancelled && !Task.isCancelled { return try await load(key, pageSize: pageSize, context: context) }
            throw error
        }
        if position.url == nil, let title = state.title, title != knownTitle, state.noteTitle(title) {
            // The subscription list names the feed by it next time (a config may give no name).
            cache.storeTitle(title, of: url.absoluteString)
        }
        let items = try await parse.entries(at: view.indices).map { Self.item($0, feed: view.title) }
        // A feed the config names keeps that name; one given by its URL is named by its title.
        let learnedName = givenName == nil ? state.title : nil
        var next: PageKey?
        var note: String?
        if view.keptCount > end {
            next = .cursor(Position(url: documentURL, index: end).token)
        } else if let head = view.head,
                  let following = followingDocument(head, broughtNewEntries: view.keptCount > 0, at: documentURL)
        {
            next = .cursor(Position(url: following, index: 0).token)
        } else {
            let complete = view.head?.isComplete ?? false
            note = state.walkedHistory || view.followedFrom != nil
                ? "end of history"
                : complete ? "end of history (the feed is complete)"
                : "this feed keeps only its latest \(ItemFact.grouped(view.readCount)) entr\(view.readCount == 1 ? "y" : "ies")"
            if note != nil, !state.walkedHistory, view.followedFrom == nil, !complete {
                // A feed without history hands out only what its one document holds: said the
                // way the footer says it for every API that stops early.
                var page = Page(key: key, items: items, next: nil, endNote: note, sourceName: learnedName)
                page.cap = view.readCount
                return page
            }
        }
        return Page(key: key, items: items, next: next, endNote: note, sourceName: learnedName)
    }

    // MARK: - Documents

    /// Where the feed's own document is asked: the subscribed URL, or where it moved for good
    /// (a 301 or 308 kept in the cache: `FeedDocumentCache.move(of:)`), read once a run.
    private func subscriptionAddress() -> String {
        state.movedURL { cache.move(of: url.absoluteString)?.url } ?? url.absoluteString
    }

    /// The feed's own document answered through permanent redirects: from now on it is asked
    /// where they lead. Kept by the subscribed URL, which stays the feed's identity (its pages,
    /// read marks and counts are the same feed's wherever it is fetched from).
    private func noteMove(_ response: HTTPResponse, from address: String) -> String? {
        guard let (target, status) = response.permanentAddress, target.absoluteString != address else { return nil }
        let move = FeedMove(url: target.absoluteString, status: status)
        cache.storeMove(move, of: url.absoluteString)
        state.setMovedURL(move.url)
        return move.url
    }

    /// The document the history goes on in: the one linked, or WordPress's next `?paged=N`,
    /// guessed only while the pages bring entries not seen before (a cache in front of the site
    /// that ignores the query answers every page with the first again: that ends the history
    /// after one request, not as a loop after five).
    private func followingDocument(_ head: FeedHead, broughtNewEntries: Bool, at documentURL: String) -> String? {
        var candidate = head.links.next ?? head.links.prevArchive
        if candidate == nil, head.isWordPress, broughtNewEntries, var components = URLComponents(string: documentURL) {
            let current = components.queryItems?.first { $0.name == "paged" }.flatMap { Int($0.value ?? "") } ?? 1
            var query = (components.queryItems ?? []).filter { $0.name != "paged" }
            query.append(URLQueryItem(name: "paged", value: String(current + 1)))
            components.queryItems = query
            candidate = components.string
        }
        guard let candidate, candidate != documentURL else { return nil }
        return state.link(from: documentURL, to: candidate, limit: Self.maxDocuments) ? candidate : nil
    }

    /// The document at `address`: the walk's, else fetched, or the fetch another source of the
    /// run has under way for it (`flights`) waited for and shared.
    private func document(at address: String, isSubscription: Bool, context: FetchContext) async throws(FeedError) -> DocumentParse {
        if let parse = state.parsed(address) { return parse }
        guard let flights else { return try await fetchDocument(at: address, isSubscription: isSubscription, context: context) }
        switch flights.join(address) {
        case let .lead(flight):
            let notModifiedBefore = state.counters.notModified
            do throws(FeedError) {
                let parse = try await fetchDocument(at: address, isSubscription: isSubscription, context: context)
                let landing = DocumentFlights.Landing(
                    parse: parse, notModified: state.counters.notModified > notModifiedBefore,
                    discoveredURL: isSubscription ? state.subscriptionURL : nil)
                flights.land(flight, at: address, .success(landing))
                return parse
            } catch {
                flights.land(flight, at: address, .failure(error))
                throw error
            }
        case let .wait(flight):
            guard let result = await flights.wait(for: flight, at: address) else { throw FeedError(.cancelled, "cancelled") }
            switch result {
            case let .success(landing):
                state.count(\.shared)
                if landing.notModified { state.count(\.notModified) }
                var at = address
                if let found = landing.discoveredURL, found != address, state.subscriptionURL == nil {
                    // The address was a site's page: this walk follows the feed it named, as the leader's does.
                    state.setSubscriptionURL(found)
                    at = found
                }
                return state.remember(landing.parse, at: at)
            case let .failure(error):
                // The leader's fetch was cancelled (its reader left), this one still wants it.
                if error.kind == .cancelled, !Task.isCancelled {
                    return try await document(at: address, isSubscription: isSubscription, context: context)
                }
                throw error
            }
        }
    }

    private func fetchDocument(at address: String, isSubscription: Bool, context: FetchContext) async throws(FeedError) -> DocumentParse {
        let stored = cache.document(at: address)
        if let stored, stored.isArchive {
            state.count(\.fromCache)
            return state.remember(startParse(stored.contents, contentType: stored.contentType, address: address) { _ in }, at: address)
        }
        guard let requestURL = URL(string: address) else { throw FeedError(.invalidRequest, "feed: not a URL: \(address)") }
        var headers = ["Accept": Self.accept]
        if let stored {
            if let etag = stored.etag { headers["If-None-Match"] = etag }
            if let lastModified = stored.lastModified { headers["If-Modified-Since"] = lastModified }
        }
        let api = ArticleFetch.hostName(requestURL)
        let isWordPressPage = address.contains("paged=")
        // The body goes to a temporary file as it arrives (a feed can be tens of MB), read from
        // there by the parse; a transport that cannot spool answers in memory.
        let request = HTTPRequest(url: requestURL, headers: headers, spoolsBody: true, context: context)
        let response = try await transport.exchange(request) {
            response throws(FeedError) -> HTTPResponse in
            if response.status == 304 || (isWordPressPage && response.status == 404) { return response }
            try ResponseCheck.requireSuccess(response, api: api, now: Date(timeIntervalSince1970: now()))
            return response
        }
        if response.status == 304, let stored {
            state.count(\.notModified)
            if let kept = state.keptSubscription(address, etag: stored.etag) { return state.remember(kept, at: address) }
            let parse = startParse(stored.contents, contentType: stored.contentType, address: address) { _ in }
            if isSubscription, let etag = stored.etag { state.keepSubscription(address, etag: etag, parse) }
            return state.remember(parse, at: address)
        }
        if response.status == 404 {
            // WordPress answers a page past the last with 404: the history ends there.
            state.count(\.fetched)
            return state.remember(DocumentParse(finished: FeedHead(format: .rss20)), at: address)
        }
        state.count(\.fetched)
        // A subscription moved for good keeps its document (its validators) where the next
        // fetch asks: the new address.
        let movedTo = isSubscription ? noteMove(response, from: address) : nil
        // The body stays where the transport put it (its file, or its `Data`): parsed, kept and
        // stored without a copy in memory.
        let body = response.document
        let finalURL = response.url.absoluteString
        let contentType = response.header("content-type")
        var document = StoredFeedDocument(
            url: movedTo ?? address, contents: body, contentType: contentType, etag: response.header("etag"),
            lastModified: response.header("last-modified"), isArchive: false, fetchedAt: now())
        let parse: DocumentParse
        if FeedParser.looksLikeHTML(body.prefix(64 << 10)) {
            // Judged whole before anything else: a site's page names the feed to follow instead.
            guard body.count <= Self.maxPageBytes else {
                throw FeedError(.decoding, "\(api): an HTML page of \(body.count >> 20) MB, not a feed")
            }
            state.count(\.parsed)
            let page = body.data()
            do {
                parse = try DocumentParse(parsingNow: page, contentType: contentType, address: finalURL)
            } catch let error where isSubscription && state.subscriptionURL == nil {
                guard let found = FeedDiscovery.candidates(in: [UInt8](page), contentType: contentType, url: response.url).first
                else { throw FeedError(.decoding, "\(error.message), and it announces no feed (<link rel=\"alternate\">)") }
                state.setSubscriptionURL(found.url)
                return try await self.document(at: found.url, isSubscription: true, context: context)
            }
            document.isArchive = parse.read { $0.head?.isArchive ?? false }
            if document.isArchive || isSubscription { cache.store(document) }
        } else {
            // Parsed on a thread of its own while the first pages are shown, as far as the pages
            // need. The subscription document is kept now (its validators make the next fetch
            // conditional even if nobody scrolls to its end); an archive once read whole, when
            // its head says it is one.
            if isSubscription { cache.store(document) }
            let cache = cache
            parse = startParse(body, contentType: contentType, address: finalURL) { [document] head in
                guard head.isArchive else { return }
                var document = document
                document.isArchive = true
                cache.store(document)
            }
        }
        if isSubscription, let etag = document.etag { state.keepSubscription(address, etag: etag, parse) }
        return state.remember(parse, at: address)
    }

    private func startParse(
        _ body: DocumentBytes, contentType: String?, address: String, done: @escaping @Sendable (FeedHead) -> Void
    ) -> DocumentParse {
        state.count(\.parsed)
        return DocumentParse(parsing: body, contentType: contentType, address: address, on: parseQueue, done: done)
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
            "enclosures", .media(entry.enclosures.map { ItemFact.Media(url: $0.url, type: $0.type, length: $0.length, duration: $0.duration) }),
            label: kind.map { .text("▶ \($0)") } ?? .hidden))
        facts.append(ItemFact("tags", .list(entry.tags), label: entry.tags.isEmpty ? .hidden : .text(entry.tags.prefix(3).joined(separator: ", "))))
        facts.append(ItemFact("feed", .text(feed), label: .hidden))
        return FeedItem(
            // An entry with neither title nor text keeps an empty title: the screen says `(untitled)`
            // (Render, DetailLayout), a pipe gives `""`.
            id: entry.id, title: entry.title, url: entry.url, author: entry.author,
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
    /// Documents another source of the run was fetching, waited for and shared with no request
    /// of this source's (`DocumentFlights`); one the server answered 304 counts in `notModified` too.
    public var shared = 0

    public init(fetched: Int = 0, notModified: Int = 0, fromCache: Int = 0, parsed: Int = 0, shared: Int = 0) {
        self.shared = shared
        self.fetched = fetched
        self.notModified = notModified
        self.fromCache = fromCache
        self.parsed = parsed
    }
}

/// A document in the walk: its parse, and which of its entries the walk shows (those no newer
/// document of the walk gave already), as indices into the parse's entries.
struct WalkDocument {
    let parse: DocumentParse
    /// The document whose history link led here (nil for the subscription document).
    var followedFrom: String?
    var kept = KeptIndices()
    /// Entries of the parse looked at so far.
    var consumed = 0
}

/// One page's view of a document, taken under the walk's lock.
struct DocumentView: Sendable {
    /// Indices into the parse's entries of the page's kept entries.
    var indices: [Int32]
    /// Kept entries so far, and entries read so far.
    var keptCount: Int
    var readCount: Int
    var title: String
    /// The whole head, once the document was read to its end.
    var head: FeedHead?
    var error: FeedError?
    var followedFrom: String?

    var isDone: Bool { head != nil || error != nil }
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
        var parsed: [String: WalkDocument] = [:]
        var order: [String] = []
        /// Every id the walk met (`ItemIDHash`), with the document that gave it first (its
        /// number in `documentNumbers`): one table where a set of the ids seen and a set per
        /// document of the ids it gave held the same strings twice (12.7 MB for 100,000 ids).
        /// Filled from the walk's second document on: while there is one, it keeps all its
        /// entries, and a feed of one huge document needs no table at all. An
        /// `ItemIDHashTable`: past 32,768 ids it lives in a temporary file, so a long history
        /// costs the walk no more memory than a short one.
        var givers = ItemIDHashTable()
        /// Why `givers` could not be filled (its file): every later view fails with it.
        var giversFailure: String?
        var documentNumbers: [String: Int32] = [:]
        var links: [String: String] = [:]
        var visited: Set<String> = []
        var subscriptionURL: String?
        /// Where the feed moved for good, once looked up (nil inside: it did not).
        var movedURL: String??
        var title: String?
        /// The title last given to the document cache.
        var notedTitle: String?
        var kept: [String: (etag: String, parse: DocumentParse)] = [:]
        var counters = SyndicationCounters()
    }

    private let walk = Mutex(Walk())

    /// Documents parsed and kept in memory (the oldest are dropped past this, and parsed again
    /// from the cache or the network when their pages are needed again).
    static let keptDocuments = 6

    var title: String? { walk.withLock { $0.title } }
    var subscriptionURL: String? { walk.withLock { $0.subscriptionURL } }
    var counters: SyndicationCounters { walk.withLock { $0.counters } }
    var walkedHistory: Bool { walk.withLock { !$0.links.isEmpty } }

    func setSubscriptionURL(_ url: String) { walk.withLock { $0.subscriptionURL = url } }

    /// Where the feed moved, `lookUp` asked the first time only.
    func movedURL(_ lookUp: () -> String?) -> String? {
        if let known = walk.withLock({ $0.movedURL }) { return known }
        let found = lookUp()
        return walk.withLock { w in
            if w.movedURL == nil { w.movedURL = .some(found) }
            return w.movedURL ?? nil
        }
    }

    func setMovedURL(_ url: String) { walk.withLock { $0.movedURL = .some(url) } }

    /// Whether `title` is not the one last given to the document cache (then it is, from now).
    func noteTitle(_ title: String) -> Bool {
        walk.withLock { w in
            guard w.notedTitle != title else { return false }
            w.notedTitle = title
            return true
        }
    }

    func count(_ counter: WritableKeyPath<SyndicationCounters, Int>) { walk.withLock { $0.counters[keyPath: counter] += 1 } }

    func parsed(_ url: String) -> DocumentParse? { walk.withLock { $0.parsed[url]?.parse } }

    /// Every document of the walk.
    func parses() -> [DocumentParse] { walk.withLock { $0.parsed.values.map(\.parse) } }

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

    /// Puts a document in the walk (the one already there for `url`, if any, stays).
    func remember(_ parse: DocumentParse, at url: String) -> DocumentParse {
        walk.withLock { w in Self.register(&w, parse, at: url).parse }
    }

    private static func register(_ w: inout Walk, _ parse: DocumentParse, at url: String) -> WalkDocument {
        if let known = w.parsed[url] { return known }
        let document = WalkDocument(parse: parse, followedFrom: w.links.first { $0.value == url }?.key)
        w.visited.insert(url)
        w.parsed[url] = document
        w.order.append(url)
        if w.order.count > keptDocuments {
            let dropped = w.order.removeFirst()
            w.parsed[dropped] = nil
        }
        return document
    }

    /// The kept entries `start..<end` of `url`'s document as far as it was read, taking in the
    /// entries read since the last look: an entry a newer document of the walk gave is left out
    /// (de-duplication by id across documents), unless this document gave it the first time
    /// (a document parsed again after it was dropped gives the same entries).
    func view(_ url: String, _ parse: DocumentParse, start: Int, end: Int) -> DocumentView {
        walk.withLock { w in
            if let known = w.parsed[url], known.parse !== parse {
                // Dropped and parsed again meanwhile: this page reads the parse it asked.
                w.parsed[url] = nil
                w.order.removeAll { $0 == url }
            }
            var document = Self.register(&w, parse, at: url)
            let consumed = document.consumed
            let fresh = parse.read { p in
                (ids: Result { () throws(SpillFileError) in try p.ids.hashes(consumed..<p.ids.count) },
                 title: p.title, head: p.head, error: p.error)
            }
            let number = w.documentNumbers[url] ?? Int32(w.documentNumbers.count)
            if w.documentNumbers[url] == nil {
                w.documentNumbers[url] = number
                if number == 1 { Self.enterFirstDocument(&w) }
            }
            let isAlone = w.documentNumbers.count == 1
            var failure = w.giversFailure.map { FeedError(.decoding, "feed: cannot tell the entries apart: \($0)") }
            var ids: [Int] = []
            do throws(SpillFileError) {
                ids = try fresh.ids.get()
                for (offset, id) in ids.enumerated() {
                    if !isAlone {
                        // An id another document gave first is left out (an id whose hash another
                        // id had, about 3·10⁻¹⁰ for 100,000, would be too: that entry missing).
                        if let giver = try w.givers.insertIfAbsent(id, value: UInt64(number)), giver != UInt64(number) { continue }
                    }
                    document.kept.append(Int32(consumed + offset))
                }
            } catch {
                // The tables could not answer (a file damaged or cut): the page fails, nothing is
                // shown that was not checked.
                failure = FeedError(.decoding, "feed: cannot tell the entries apart: \(error.message)")
                ids = []
            }
            document.consumed += ids.count
            w.parsed[url] = document
            if w.title == nil, document.followedFrom == nil, !fresh.title.isEmpty { w.title = fresh.title }
            let range = min(start, document.kept.count)..<min(end, document.kept.count)
            return DocumentView(
                indices: document.kept[range], keptCount: document.kept.count, readCount: document.consumed,
                title: fresh.title, head: fresh.head, error: failure ?? fresh.error, followedFrom: document.followedFrom)
        }
    }

    /// A second document joins the walk: the first one's ids (all kept: it was alone) enter the
    /// table as given by it.
    private static func enterFirstDocument(_ w: inout Walk) {
        guard let first = w.documentNumbers.first(where: { $0.value == 0 })?.key, let document = w.parsed[first] else { return }
        let givers = w.givers
        let failure = document.parse.read { p -> SpillFileError? in
            var failure: SpillFileError?
            do throws(SpillFileError) {
                try p.ids.forEachChunk(0..<document.consumed) { ids in
                    for id in ids where failure == nil {
                        do throws(SpillFileError) { try givers.insertIfAbsent(id, value: 0) } catch { failure = error }
                    }
                }
            } catch {
                failure = error
            }
            return failure
        }
        if let failure { w.giversFailure = failure.message }
    }

    /// Drops a document that failed to parse, so asking again fetches it again.
    func forget(_ url: String, _ parse: DocumentParse) {
        walk.withLock { w in
            if w.parsed[url]?.parse === parse {
                w.parsed[url] = nil
                w.order.removeAll { $0 == url }
            }
            if w.kept[url]?.parse === parse { w.kept[url] = nil }
        }
    }

    func keepSubscription(_ url: String, etag: String, _ parse: DocumentParse) {
        walk.withLock { $0.kept[url] = (etag, parse) }
    }

    func keptSubscription(_ url: String, etag: String?) -> DocumentParse? {
        walk.withLock { w in
            guard let kept = w.kept[url], kept.etag == etag else { return nil }
            return kept.parse
        }
    }

    /// A refresh: the walk starts again from the subscription document (archives stay cached).
    func forgetWalk() {
        walk.withLock { w in
            w.parsed = [:]
            w.order = []
            w.givers = ItemIDHashTable()
            w.giversFailure = nil
            w.documentNumbers = [:]
            w.links = [:]
            w.visited = []
        }
    }
}
