import FeedModel
import Foundation
import GRDB

/// The SQLite cache of pages, comment threads, read marks and thread visits (GRDB, WAL).
///
/// One file shared by every feedscroll process of the user: WAL lets readers run beside one
/// writer, and a busy timeout makes a second process wait its turn instead of failing. Every
/// method is synchronous and may block on the file, so the runtime calls the writing ones
/// through `StoreWriter`, never on its own thread.
public final class CacheStore: Sendable {
    /// The default bound on cached page bytes (`cache_mb` = 200).
    public static let defaultLimitBytes = 200 * 1024 * 1024

    /// The database file.
    public let path: String
    /// Cached page bytes allowed before the least recently used feeds are evicted.
    public let limitBytes: Int
    let pool: DatabasePool

    init(pool: DatabasePool, path: String, limitBytes: Int) {
        self.pool = pool
        self.path = path
        self.limitBytes = limitBytes
    }

    /// Opens (or creates) the cache at `path` without any recovery: errors are thrown as they
    /// come. `open(at:limitBytes:busyTimeout:)` is the forgiving entry point the runtime uses.
    ///
    /// - Throws: `DatabaseError` from SQLite, or `StoreError.newerSchema`.
    public static func openStrict(at path: String, limitBytes: Int = defaultLimitBytes, busyTimeout: Double = 2) throws -> CacheStore {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "feedscroll.cache"
        let pool = try DatabasePool(path: path, configuration: configuration)
        let migrator = Self.migrator
        if try pool.read({ try migrator.hasBeenSuperseded($0) }) {
            throw StoreError.newerSchema
        }
        try migrator.migrate(pool)
        // A file SQLite could open only for reading passes the lines above when every migration
        // is already there: one small write finds that out now, not at the first page.
        try pool.write { try $0.execute(sql: "PRAGMA user_version = 2") }
        return CacheStore(pool: pool, path: path, limitBytes: limitBytes)
    }
}

/// Why the store refused a file on its own account (SQLite's reasons come as `DatabaseError`).
public enum StoreError: Error, Equatable {
    /// The file holds migrations this version does not know: a newer feedscroll wrote it.
    case newerSchema
}
