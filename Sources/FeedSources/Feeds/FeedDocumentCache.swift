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
}

extension FeedDocumentCache {
    public func storeTitle(_ title: String, of url: String) {}
    public func title(of url: String) -> String? { nil }
}

/// Documents in memory, for one run.
public final class MemoryFeedDocumentCache: FeedDocumentCache {
    private let documents = Mutex<[String: StoredFeedDocument]>([:])
    private let titles = Mutex<[String: String]>([:])

    public init() {}

    public func storeTitle(_ title: String, of url: String) { titles.withLock { $0[url] = title } }

    public func title(of url: String) -> String? { titles.withLock { $0[url] } }

    public func document(at url: String) -> StoredFeedDocument? { documents.withLock { $0[url] } }

    public func store(_ document: StoredFeedDocument) { documents.withLock { $0[document.url] = document } }

    /// How many documents are kept.
    public var count: Int { documents.withLock { $0.count } }
}
