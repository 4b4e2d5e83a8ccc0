import FeedModel
import Foundation
import GRDB

extension CacheStore {
    /// The document kept for `url`, if any.
    public func feedDocument(at url: String) throws -> StoredFeedDocument? {
        try read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT url, body, contentType, etag, lastModified, isArchive, fetchedAt FROM feedDocument WHERE url = ?",
                arguments: [url])
            else { return nil }
            let body: Data = row["body"]
            return StoredFeedDocument(
                url: row["url"], body: body, contentType: row["contentType"], etag: row["etag"],
                lastModified: row["lastModified"], isArchive: row["isArchive"], fetchedAt: row["fetchedAt"])
        }
    }

    /// Keeps a document, replacing the one at its URL.
    public func storeFeedDocument(_ document: StoredFeedDocument) throws {
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
                    document.url, document.body, document.contentType, document.etag, document.lastModified,
                    document.isArchive, document.fetchedAt,
                ])
        }
    }
}
