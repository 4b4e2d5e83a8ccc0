import FeedModel
import FeedPaging
import FeedStore
import FeedUI
import Foundation
import Logging

/// The run's view of the cache: which feed this is, where pages are written, what is read back.
///
/// It decides nothing: when a page is read or stored is the reducer's call (`AppEffect.readCache`,
/// `.writeCache`). Every write and every read of the screen's runtime goes through
/// `StoreWriter`'s serial queue, never the runtime thread, in the order they were asked (a read
/// sees every write queued before it), and each read is answered through a closure the runtime
/// points at its inbox. Only the read marks and visits are read once, before the first frame.
public final class PageCache: Sendable {
    public let store: CacheStore
    public let writer: StoreWriter
    /// This feed's identity in the cache.
    public let feed: FeedKey
    private let logger: Logger

    public init(store: CacheStore, feed: FeedKey, logger: Logger) {
        self.store = store
        self.feed = feed
        self.logger = logger
        writer = StoreWriter(store: store) { line in logger.warning("\(line)") }
    }

    /// The cache's name for an item's comment thread: its pages are cached like a feed's.
    public func threadFeed(_ itemID: String) -> FeedKey {
        FeedKey(source: "\(feed.source) comments", parameters: "thread=\(itemID)")
    }

    /// Stores a page that came from the network.
    /// - Parameter feed: the feed or thread it belongs to (this run's feed unless said).
    public func remember(_ page: Page, index: Int, in feed: FeedKey? = nil) {
        let feed = feed ?? self.feed
        let logger = self.logger
        let items = page.items.count
        writer.store(PageWrite(page: page, index: index, feed: feed, time: Date().timeIntervalSince1970)) {
            logger.debug("cached", metadata: ["page": "\(index)", "items": "\(items)"])
        }
    }

    /// How many pages a pipe lets wait for the cache before it asks for more: enough that
    /// batches are large (one commit for many pages), few enough that memory stays bounded.
    public static let pipeBacklogPages = 32

    /// Waits while the cache's backlog is full (a pipe, before it fetches more).
    public func waitForRoom() { writer.waitForRoom(pages: Self.pipeBacklogPages) }

    /// Reads the page `read` asks for on the writer's queue, never on the caller's thread.
    /// - Parameter answer: called on the writer's queue with the cached copy, or nil when there
    ///   is none or the cache cannot be read.
    public func read(_ read: CacheRead, answer: @escaping @Sendable (CachedCopy?) -> Void) {
        let feed = read.threadID.map(threadFeed) ?? self.feed
        writer.submit("read page") { [self] _ in
            let hit = lookup(read.request.key, endingWhereCacheEnds: read.endsWhereCacheEnds, in: feed)
            if hit != nil { logger.debug("from cache", metadata: ["page": "\(read.request.index)", "key": "\(read.request.key)"]) }
            answer(hit.map { CachedCopy(page: $0.page, fetchedAt: $0.fetchedAt) })
        }
    }

    /// The cached page at `key`, if any.
    ///
    /// - Parameters:
    ///   - key: the page's key.
    ///   - endingWhereCacheEnds: offline: drop the page's `next` when that page is not cached
    ///     too, so the feed ends where the cache does.
    ///   - feed: the feed or thread.
    private func lookup(_ key: PageKey, endingWhereCacheEnds: Bool, in feed: FeedKey) -> CachedPage? {
        let pages: [CachedPage]
        do {
            pages = try store.pages(of: feed, from: key, limit: 2)
        } catch {
            logger.warning("cache: reading \(key) failed: \(error)")
            return nil
        }
        guard var first = pages.first else { return nil }
        if endingWhereCacheEnds && pages.count < 2 { first.page.next = nil }
        return first
    }

    /// Keeps an article the reader read from `url`, for reading it again offline.
    public func keepArticle(_ article: ArticleText, from url: String) {
        let time = Date().timeIntervalSince1970
        writer.submit("keep article") { try $0.keepArticle(article, from: url, at: time) }
    }

    /// Reads the article kept from `url` on the writer's queue, never on the runtime thread.
    /// - Parameter answer: called on the writer's queue with the copy, or nil when none is
    ///   kept or the cache cannot be read.
    public func readArticle(from url: String, answer: @escaping @Sendable (KeptArticle?) -> Void) {
        let store = self.store
        let logger = self.logger
        writer.submit("read article") { _ in
            do {
                answer(try store.keptArticle(from: url).map { KeptArticle(article: $0.article, fetchedAt: $0.fetchedAt) })
            } catch {
                logger.warning("cache: reading the article from \(url) failed: \(error)")
                answer(nil)
            }
        }
    }

    /// Stores a read mark, or takes it away.
    public func setRead(_ itemID: String, _ isRead: Bool) {
        let time = Date().timeIntervalSince1970
        writer.submit("read mark") { try $0.setRead(itemID, isRead, at: time) }
    }

    /// Saves an item for later, as it is now.
    public func save(_ item: FeedItem) {
        let time = Date().timeIntervalSince1970
        writer.submit("save") { try $0.save(item, at: time) }
    }

    /// Takes an item off the saved list.
    public func unsave(_ itemID: String) {
        writer.submit("unsave") { try $0.unsave(itemID) }
    }

    /// Stores a thread visit with the story's comment count now.
    public func recordVisit(_ threadID: String, commentCount: Int) {
        let visit = ThreadVisit(threadID: threadID, visitedAt: Date().timeIntervalSince1970, commentCount: commentCount)
        writer.submit("visit") { try $0.recordVisit(visit) }
    }

    /// Stores comments as seen in a thread.
    public func markSeen(_ commentIDs: [String], in threadID: String) {
        writer.submit("seen comments") { try $0.markSeen(commentIDs, in: threadID) }
    }

    /// Reads the comments seen on earlier visits of a thread on the writer's queue, never on
    /// the runtime thread: after every write queued before it (so a visit's own `markSeen`,
    /// queued later, never hides its new comments), and with no wait on the screen.
    /// - Parameter answer: called on the writer's queue with what was read (empty on failure).
    public func readSeenComments(in threadID: String, answer: @escaping @Sendable (Set<String>) -> Void) {
        let store = self.store
        writer.submit("read seen comments") { _ in answer((try? store.seenComments(in: threadID)) ?? []) }
    }

    /// The read marks, visits and saved items stored so far, for the screen's first state.
    public func marks() -> (readIDs: Set<String>, visits: [String: Int], savedIDs: Set<String>) {
        let readIDs = (try? store.readItemIDs()) ?? []
        let visits = ((try? store.visits()) ?? [:]).mapValues(\.commentCount)
        let savedIDs = (try? store.savedItemIDs()) ?? []
        return (readIDs, visits, savedIDs)
    }

    /// Waits for queued writes (before exiting).
    public func flush() { writer.flush() }

    // MARK: - Helpers

    /// Flags that change how a feed is shown or streamed, not what its pages hold: two runs that
    /// differ only in these share cached pages. The value says whether the flag takes one.
    private static let presentationFlags: [String: Bool] = [
        "--theme": true, "--prefetch": true, "--max-pages": true, "--live": true, "--limit": true, "--log": true,
        "--cache": true, "--timeout": true, "--plain": false, "--json": false, "--no-cache": false, "--offline": false, "--hide-read": false,
"--page-size": true,
    ]

    /// What tells this feed's pages apart: the command line without presentation flags, and the
    /// page size in force (the flag's or the config's).
    public static func feedParameters(_ arguments: [String], pageSize: Int) -> String {
        var kept: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
            if let takesValue = presentationFlags[name] {
                index += takesValue && !argument.contains("=") ? 2 : 1
                continue
            }
            kept.append(argument)
            index += 1
        }
        return (kept + ["page_size=\(pageSize)"]).joined(separator: " ")
    }
}
