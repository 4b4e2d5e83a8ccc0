import FeedModel
import Foundation
import Synchronization

/// Where feed documents are kept: the SQLite cache in the app (`CacheStore`'s documents), a
/// dictionary in tests and with `--no-cache`. Calls may block briefly (SQLite); the source makes
/// them from its fetch task, never the runtime thread.
public protocol FeedDocumentCache: Sendable {
    func document(at url: String) -> StoredFeedDocument?
    func store(_ document: StoredFeedDocument)
    /// Keeps the feed's own title by the URL it is subscribed at (a site's URL, when its feed
    /// was discovered): the subscription list names a feed by it when the list gives no name.
    func storeTitle(_ title: String, of url: String)
    /// The title kept for the feed subscribed at `url`.
    func title(of url: String) -> String?
    /// Keeps that the feed subscribed at `url` moved for good (a 301 or 308): it is fetched
    /// at `move.url` from then on, and stays itself (cached pages, read marks, counts) under `url`.
    func storeMove(_ move: FeedMove, of url: String)
    /// Where the feed subscribed at `url` moved, if it did.
    func move(of url: String) -> FeedMove?
}

extension FeedDocumentCache {
    public func storeTitle(_ title: String, of url: String) {}
    public func title(of url: String) -> String? { nil }
    public func storeMove(_ move: FeedMove, of url: String) {}
    public func move(of url: String) -> FeedMove? { nil }
}

/// Documents in memory, for one run.
public final class MemoryFeedDocumentCache: FeedDocumentCache {
    private let documents = Mutex<[String: StoredFeedDocument]>([:])
    private let titles = Mutex<[String: String]>([:])
    private let moves = Mutex<[String: FeedMove]>([:])

    public init() {}

    public func storeMove(_ move: FeedMove, of url: String) { moves.withLock { $0[url] = move } }

    public func move(of url: String) -> FeedMove? { moves.withLock { $0[url] } }

    public func storeTitle(_ title: String, of url: String) { titles.withLock { $0[url] = title } }

    public func title(of url: String) -> String? { titles.withLock { $0[url] } }

    public func document(at url: String) -> StoredFeedDocument? { documents.withLock { $0[url] } }

    public func store(_ document: StoredFeedDocument) { documents.withLock { $0[document.url] = document } }

    /// How many documents are kept.
    public var count: Int { documents.withLock { $0.count } }
}
