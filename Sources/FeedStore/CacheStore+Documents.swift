import Foundation
import GRDB

/// A syndication feed document as kept in the cache: RFC 5005 archives for good (they never
/// change), a feed's subscription document with the validators it came with.
public struct CachedFeedDocument: Sendable, Equatable {
    public var url: String
    public var body: [UInt8]
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    public var isArchive: Bool
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

extension CacheStore {
    /// The document kept for `url`, if any.
    public func feedDocument(at url: String) throws -> CachedFeedDocument? {
        try read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT url, body, contentType, etag, lastModified, isArchive, fetchedAt FROM feedDocument WHERE url = ?",
                arguments: [url])
            else { return nil }
            let body: Data = row["body"]
            return CachedFeedDocument(
                url: row["url"], body: [UInt8](body), contentType: row["contentType"], etag: row["etag"],
                lastModified: row["lastModified"], isArchive: row["isArchive"], fetchedAt: row["fetchedAt"])
        }
    }

    /// Keeps a document, replacing the one at its URL.
    public func storeFeedDocument(_ document: CachedFeedDocument) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO feedDocument (url, body, contentType, etag, lastModified, isArchive, fetchedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (url) DO UPDATE SET body = excluded.body, contentType = excluded.contentType,
                      etag = excluded.etag, lastModified = excluded.lastModified, isArchive = excluded.isArchive,
                      fetchedAt = excluded.fetchedAt
                    """,
                arguments: [
                    document.url, Data(document.body), document.contentType, document.etag, document.lastModified,
                    document.isArchive, document.fetchedAt,
                ])
        }
    }
}
