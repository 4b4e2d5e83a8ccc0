import Foundation
import Synchronization

/// A feed document as fetched, kept between runs: RFC 5005 archive documents forever (they
/// never change, so each is fetched once ever), the subscription document with its validators
/// (so a refresh costs one conditional GET, and a 304 costs no parse).
public struct StoredFeedDocument: Sendable, Equatable {
    public var url: String
    public var body: [UInt8]
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    /// `fh:archive`: never fetched again.
    public var isArchive: Bool
    /// Unix seconds.
    public var fetchedAt: Double

    public init(url: String, body: [UInt8], contentType: String?, etag: String?, lastModified: String?, isArchive: Bool, fetchedAt: Double) {
        self.url = url
        self.body = body
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.isArchive = isArchive
        self.fetchedAt = fetchedAt
    }
}

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
