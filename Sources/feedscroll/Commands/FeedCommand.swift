import ArgumentParser
import FeedModel
import FeedSources
import FeedStore
import Foundation

/// `feedscroll feed URL`: one RSS, Atom or JSON Feed, its history paged in as the reader scrolls.
struct FeedCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "One RSS, Atom or JSON Feed (or a site's URL: its feed is discovered), its whole history by scrolling.",
        discussion: """
            History comes from RFC 5005 paged (next) and archived (prev-archive) feeds, JSON Feed \
            next_url and WordPress's ?paged=N. Archive documents are fetched once ever and kept in \
            the cache; the feed itself is fetched again with its ETag/Last-Modified. --json prints \
            one object per entry: id, title, url, author, time, summary, content, enclosures, tags, feed.
            """)

    @Argument(help: ArgumentHelp("The feed's URL, or a site's (with --base-url, a path below it).", valueName: "URL"))
    var url: String
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    func validate() throws {
        guard feedURL() != nil else {
            throw ValidationError("'\(url)' is not a feed URL; give http://HOST/… or https://HOST/… (or a path with --base-url)")
        }
    }

    /// The argument, absolute; a path resolves against `--base-url`.
    func feedURL() -> URL? {
        if let absolute = NetworkOptions.checkedURL(url) { return absolute }
        guard let base = network.baseURL.flatMap(NetworkOptions.checkedURL),
              let resolved = URL(string: url, relativeTo: base)?.absoluteURL
        else { return nil }
        return NetworkOptions.checkedURL(resolved.absoluteString)
    }

    func run(in context: RunContext) throws {
        guard let feedURL = feedURL() else { throw ValidationError("'\(url)' is not a feed URL") }
        let documents = StoredFeedDocuments.open(options: options)
        // A feed's whole history can come in one document (100,000 entries are tens of MB, a
        // million hundreds): its body goes to a temporary file, so the cap is the disk's, not memory's.
        let transport = network.transport(on: context.network, maxBodyBytes: SyndicationSource.maxDocumentBytes)
        try Launcher(context, options: options).run { _ in
            SyndicationSource(
                url: feedURL, transport: transport, cache: documents, parseQueue: ParseQueue.shared,
                knownTitle: documents.title(of: feedURL.absoluteString))
        }
    }
}

/// Feed documents in the page cache's SQLite file (`CacheStore`'s `feedDocument` table), or in
/// memory with `--no-cache` or when the cache cannot be opened.
final class StoredFeedDocuments: FeedDocumentCache {
    private let store: CacheStore

    init(store: CacheStore) { self.store = store }

    static func open(options: FeedOptions) -> any FeedDocumentCache {
        guard !options.noCache else { return MemoryFeedDocumentCache() }
        let location: CacheLocation = options.cache.map { .file($0) } ?? .standard(environment: ProcessInfo.processInfo.environment)
        let opening = CacheStore.open(location, limitBytes: CacheStore.defaultLimitBytes, readsReadOnly: options.offline)
        guard let store = opening.store else { return MemoryFeedDocumentCache() }
        return StoredFeedDocuments(store: store)
    }

    func document(at url: String) -> StoredFeedDocument? {
        (try? store.feedDocument(at: url)) ?? nil
    }

    func store(_ document: StoredFeedDocument) {
        // A document that cannot be kept is fetched again next time; nothing else depends on it.
        try? store.storeFeedDocument(document)
    }

    func storeTitle(_ title: String, of url: String) {
        // Without it the list shows the feed's URL, as before.
        try? store.storeFeedTitle(title, of: url)
    }

    func title(of url: String) -> String? {
        (try? store.feedTitles(of: [url]))?[url]
    }

    func storeMove(_ move: FeedMove, of url: String) {
        // Not kept: the next run asks the old address and is redirected again.
        try? store.storeFeedMove(move, of: url, at: Date().timeIntervalSince1970)
    }

    func move(of url: String) -> FeedMove? {
        (try? store.feedMoves(of: [url]))?[url]?.move
    }
}
