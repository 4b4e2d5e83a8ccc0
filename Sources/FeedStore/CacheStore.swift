import FeedModel
import Foundation
import GRDB
import Synchronization

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
    /// Whether the file was opened for reading only (`--offline` on a read-only cache).
    public let isReadOnly: Bool
    let busyTimeout: Double
    /// The database in use, replaced when SQLite finds the file corrupt (`CacheStore+Recovery`).
    let recovery: Mutex<Recovery>

    struct Recovery {
        var pool: DatabasePool
        var count = 0
        var hasGivenUp = false
        var report: (@Sendable (String) -> Void)?
    }

    /// The database in use.
    var pool: DatabasePool { recovery.withLock { $0.pool } }

    init(pool: DatabasePool, path: String, limitBytes: Int, busyTimeout: Double = 2, isReadOnly: Bool = false) {
        recovery = Mutex(Recovery(pool: pool))
        self.path = path
        self.limitBytes = limitBytes
        self.busyTimeout = busyTimeout
        self.isReadOnly = isReadOnly
    }

    /// Opens (or creates) the cache at `path` without any recovery: errors are thrown as they
    /// come. `open(at:limitBytes:busyTimeout:)` is the forgiving entry point the runtime uses.
    ///
    /// - Throws: `DatabaseError` from SQLite, or `StoreError.newerSchema`.
    public static func openStrict(at path: String, limitBytes: Int = defaultLimitBytes, busyTimeout: Double = 2) throws -> CacheStore {
        CacheStore(pool: try openPool(at: path, busyTimeout: busyTimeout), path: path, limitBytes: limitBytes, busyTimeout: busyTimeout)
    }

    /// Opens an existing cache for reading only, as it is: no migration, no write. For
    /// `--offline` when the file (or its directory) cannot be written.
    ///
    /// - Throws: `DatabaseError` from SQLite, or `StoreError.newerSchema` (or `.olderSchema`
    ///   when migrations it needs are missing: they cannot be run on a read-only file).
    public static func openReadOnly(at path: String, limitBytes: Int = defaultLimitBytes, busyTimeout: Double = 2) throws -> CacheStore {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "feedscroll.cache"
        configuration.readonly = true
        var pool: DatabasePool
        do {
            pool = try DatabasePool(path: path, configuration: configuration)
            _ = try pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM sqlite_master") }
        } catch {
            // Read-only, a WAL database needs its `-shm` index, which a read-only directory
            // cannot hold: read the file as immutable instead (its last checkpoint; nobody can
            // be writing it, or the directory would be writable).
            var components = URLComponents()
            components.scheme = "file"
            components.path = path
            components.queryItems = [URLQueryItem(name: "immutable", value: "1")]
            pool = try DatabasePool(path: components.string ?? path, configuration: configuration)
        }
        let migrator = Self.migrator
        try pool.read { db in
            if try migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema }
            if try !migrator.hasCompletedMigrations(db) { throw StoreError.olderSchema }
        }
        return CacheStore(pool: pool, path: path, limitBytes: limitBytes, busyTimeout: busyTimeout, isReadOnly: true)
    }

    /// A pool on the file, migrated and known to be writable.
    static func openPool(at path: String, busyTimeout: Double) throws -> DatabasePool {
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
        return pool
    }
}

/// Why the store refused a file on its own account (SQLite's reasons come as `DatabaseError`).
public enum StoreError: Error, Equatable {
    /// The file holds migrations this version does not know: a newer feedscroll wrote it.
    case newerSchema
    /// Opened for reading only, the file lacks migrations this version needs (and cannot be
    /// migrated without writing).
    case olderSchema
}
