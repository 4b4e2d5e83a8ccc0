import FeedModel
import Foundation
import GRDB
import GRDBSQLite

/// Feed documents (`feedDocument`): the subscription document with its validators and RFC 5005
/// archives, kept whole as SQLite blobs.
///
/// A document can be tens of megabytes (100,000 entries are 33 MB of RSS), and the transport
/// spools such a body to a file rather than hold it (`SpooledBody`), so the store does not hold
/// it either: a spooled body is written into its blob a chunk at a time through SQLite's
/// incremental blob I/O, and a blob longer than `spoolsAbove` comes back the same way, a chunk
/// at a time into a new spool, which the parse maps as it maps a download. Only a chunk is ever
/// in memory; a short document is read and written as one value, as before.
extension CacheStore {
    /// Bodies over a megabyte come back spooled: the size the transport spools above.
    public static let documentSpoolsAbove = 1 << 20
    /// What one blob read or write moves.
    static let documentChunkBytes = 1 << 20

    /// The document kept for `url`, if any.
    ///
    /// - Parameters:
    ///   - spoolsAbove: a body longer than this comes back in a nameless file in `spoolDirectory`
    ///     (`DocumentBytes.spooled`), copied there a chunk at a time; a shorter one in memory.
    ///   - spoolDirectory: where that file goes: the temporary directory (`TMPDIR`) unless given.
    /// - Throws: `DatabaseError`, or `FeedError` when no file can be made or written there.
    public func feedDocument(
        at url: String, spoolsAbove: Int = documentSpoolsAbove,
        spoolDirectory: String = FileManager.default.temporaryDirectory.path
    ) throws -> StoredFeedDocument? {
        try read { db in
            guard let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT rowid, url, length(body) AS size, contentType, etag, lastModified, isArchive, fetchedAt
                    FROM feedDocument WHERE url = ?
                    """,
                arguments: [url])
            else { return nil }
            let rowID: Int64 = row["rowid"], size: Int = row["size"]
            let contents: DocumentBytes
            if size > spoolsAbove {
                contents = .spooled(try Self.spoolBlob(db, rowID: rowID, size: size, into: spoolDirectory))
            } else {
                contents = .memory(try Data.fetchOne(db, sql: "SELECT body FROM feedDocument WHERE rowid = ?", arguments: [rowID]) ?? Data())
            }
            return StoredFeedDocument(
                url: row["url"], contents: contents, contentType: row["contentType"], etag: row["etag"],
                lastModified: row["lastModified"], isArchive: row["isArchive"], fetchedAt: row["fetchedAt"])
        }
    }

    /// Keeps a document, replacing the one at its URL. A spooled body goes from its file to the
    /// blob a chunk at a time, never whole in memory.
    public func storeFeedDocument(_ document: StoredFeedDocument) throws {
        try write { db in
            // A spooled body's blob is made its length in zeros, then filled from the file.
            let body: (sql: String, value: any DatabaseValueConvertible) =
                switch document.contents {
                case .memory(let data): ("?", data)
                case .spooled(let spooled): ("zeroblob(?)", spooled.count)
                }
            try db.execute(
                sql: """
                    INSERT INTO feedDocument (url, body, contentType, etag, lastModified, isArchive, fetchedAt)
                    VALUES (?, \(body.sql), ?, ?, ?, ?, ?)
                    ON CONFLICT (url) DO UPDATE SET body = excluded.body, contentType = excluded.contentType,
                      etag = excluded.etag, lastModified = excluded.lastModified, isArchive = excluded.isArchive,
                      fetchedAt = excluded.fetchedAt
                    """,
                arguments: [
                    document.url, body.value, document.contentType, document.etag, document.lastModified,
                    document.isArchive, document.fetchedAt,
                ])
            guard case .spooled(let spooled) = document.contents, spooled.count > 0 else { return }
            let rowID = try Int64.fetchOne(db, sql: "SELECT rowid FROM feedDocument WHERE url = ?", arguments: [document.url]) ?? 0
            try Self.withBlob(db, rowID: rowID, writing: true) { blob in
                var offset = 0
                while offset < spooled.count {
                    let chunk = spooled.read(offset..<min(spooled.count, offset + Self.documentChunkBytes))
                    guard !chunk.isEmpty else { throw DatabaseError(message: "the spooled body ended at \(offset) of \(spooled.count) bytes") }
                    let code = chunk.withUnsafeBytes { sqlite3_blob_write(blob, $0.baseAddress, Int32($0.count), Int32(offset)) }
                    try Self.check(code, db)
                    offset += chunk.count
                }
            }
        }
    }

    /// Copies the blob of row `rowID` into a new spool, a chunk at a time.
    private static func spoolBlob(_ db: Database, rowID: Int64, size: Int, into directory: String) throws -> SpooledBody {
        let spool = try BodySpool(in: directory)
        try withBlob(db, rowID: rowID, writing: false) { blob in
            var buffer = [UInt8](repeating: 0, count: min(size, documentChunkBytes))
            var offset = 0
            while offset < size {
                let count = min(buffer.count, size - offset)
                try buffer.withUnsafeMutableBytes { raw in
                    try check(sqlite3_blob_read(blob, raw.baseAddress, Int32(count), Int32(offset)), db)
                    try spool.append(UnsafeRawBufferPointer(rebasing: raw[..<count]))
                }
                offset += count
            }
        }
        return spool.finish()
    }

    /// Copies every document's body from table `source` into the row with the same `url` in
    /// `target`, whose `body` is already a blob of the same length (zeros), a chunk at a time
    /// through incremental blob I/O: only a chunk is ever in memory (schema `v8`).
    static func copyDocumentBodies(_ db: Database, from source: String, to target: String) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT old.rowid AS source, new.rowid AS target, length(old.body) AS size
                FROM \(source) AS old JOIN \(target) AS new ON new.url = old.url
                """)
        var buffer = [UInt8](repeating: 0, count: documentChunkBytes)
        for row in rows {
            let size: Int = row["size"]
            guard size > 0 else { continue }
            try withBlob(db, table: source, rowID: row["source"], writing: false) { from in
                try withBlob(db, table: target, rowID: row["target"], writing: true) { to in
                    var offset = 0
                    while offset < size {
                        let count = min(buffer.count, size - offset)
                        try buffer.withUnsafeMutableBytes { raw in
                            try check(sqlite3_blob_read(from, raw.baseAddress, Int32(count), Int32(offset)), db)
                            try check(sqlite3_blob_write(to, raw.baseAddress, Int32(count), Int32(offset)), db)
                        }
                        offset += count
                    }
                }
            }
        }
    }

    /// Opens the body blob of row `rowID` of `table` (`feedDocument` unless named) for `body`,
    /// and closes it after.
    private static func withBlob(
        _ db: Database, table: String = "feedDocument", rowID: Int64, writing: Bool, _ body: (OpaquePointer) throws -> Void
    ) throws {
        var blob: OpaquePointer?
        try check(sqlite3_blob_open(db.sqliteConnection, "main", table, "body", rowID, writing ? 1 : 0, &blob), db)
        guard let blob else { throw DatabaseError(message: "no blob handle for feed document \(rowID)") }
        defer { sqlite3_blob_close(blob) }
        try body(blob)
    }

    private static func check(_ code: Int32, _ db: Database) throws {
        guard code != SQLITE_OK else { return }
        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
}
