import FeedModel
import Foundation
import Synchronization

/// Where feed documents are kept: the SQLite cache in the app (`CacheStore`'s documents), a
/// dictionary in tests and with `--no-cache`. Calls may block briefly (SQLite); the source makes
/// them from its fetch task, never the runtime thread.
public protocol FeedDocumentCache: Sendable {
    func document(at url: String) -> StoredFeedDocument?
    func store(_ document: StoredFeedDocument)
}

/// Documents in memory, for one run.
public final class MemoryFeedDocumentCache: FeedDocumentCache {
    private let documents = Mutex<[String: StoredFeedDocument]>([:])

    public init() {}

    public func document(at url: String) -> StoredFeedDocument? { documents.withLock { $0[url] } }

    public func store(_ document: StoredFeedDocument) { documents.withLock { $0[document.url] = document } }

    /// How many documents are kept.
    public var count: Int { documents.withLock { $0.count } }
}
