import Foundation
import GRDB

extension CacheStore {
    /// Opens the cache the forgiving way: whatever is wrong with the file costs one warning
    /// line, never the run.
    ///
    /// - A file that is not a database or is corrupt is moved aside (`…corrupt-<unix time>`,
    ///   with its `-wal` and `-shm`) and a fresh cache is started in its place.
    /// - A file written by a newer feedscroll, or one that is locked, read-only or cannot be
    ///   created, is left as it is and the run goes on without a cache.
    ///
    /// - Parameters:
    ///   - location: `--cache FILE`, the XDG default, or disabled.
    ///   - limitBytes: the size bound (`cache_mb`).
    ///   - busyTimeout: how long to wait for another process's write, in seconds.
    ///   - now: Unix seconds, for the moved-aside name.
    ///   - readsReadOnly: open a file that cannot be written for reading only, as it is,
    ///     instead of running without a cache (`--offline` only reads).
    /// - Returns: the store or none, and the warning.
    public static func open(
        _ location: CacheLocation, limitBytes: Int = defaultLimitBytes, busyTimeout: Double = 2,
        now: Double = Date().timeIntervalSince1970, readsReadOnly: Bool = false
    ) -> StoreOpening {
        guard case let .file(path) = location else { return StoreOpening(store: nil, warning: nil) }
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                return StoreOpening(store: nil, warning: "cache: cannot create \(directory); running without a cache")
            }
        }
        do {
            do {
                return StoreOpening(store: try openStrict(at: path, limitBytes: limitBytes, busyTimeout: busyTimeout), warning: nil)
            } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_ERROR {
                // Two processes creating one new file race to migrate it, and the loser's
                // `CREATE TABLE` finds the table there: the second try sees the migrations done.
                return StoreOpening(store: try openStrict(at: path, limitBytes: limitBytes, busyTimeout: busyTimeout), warning: nil)
            } catch let error as DatabaseError
                where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode.primaryResultCode)
            {
                // Two processes started together: the other one is still creating or migrating
                // the file, which can outlast the busy timeout on a loaded machine. Wait once more,
                // longer, before running without a cache.
                return StoreOpening(store: try openStrict(at: path, limitBytes: limitBytes, busyTimeout: busyTimeout * 4), warning: nil)
            }
        } catch let error as DatabaseError where isCorruption(error) {
            let aside = "\(path).corrupt-\(Int(now))"
            do {
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                    try FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
                }
                let store = try openStrict(at: path, limitBytes: limitBytes, busyTimeout: busyTimeout)
                return StoreOpening(store: store, warning: "cache: \(path) was not a readable cache; moved to \(aside), starting empty")
            } catch {
                return StoreOpening(store: nil, warning: "cache: \(path) is not a readable cache and cannot be moved aside; running without a cache")
            }
        } catch StoreError.newerSchema {
            return StoreOpening(store: nil, warning: "cache: \(path) was written by a newer feedscroll; running without a cache")
        } catch let error as DatabaseError {
            if readsReadOnly, isReadOnlyRefusal(error), FileManager.default.fileExists(atPath: path),
               let store = try? openReadOnly(at: path, limitBytes: limitBytes, busyTimeout: busyTimeout)
            {
                return StoreOpening(store: store, warning: nil)
            }
            return StoreOpening(store: nil, warning: "cache: \(path) \(reason(error)); running without a cache")
        } catch {
            return StoreOpening(store: nil, warning: "cache: \(path) cannot be opened; running without a cache")
        }
    }

    // MARK: - Helpers

    /// SQLite's refusals of a file that can be read but not written.
    static func isReadOnlyRefusal(_ error: DatabaseError) -> Bool {
        [.SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN, .SQLITE_AUTH].contains(error.resultCode.primaryResultCode)
    }

    static func isCorruption(_ error: DatabaseError) -> Bool {
        error.resultCode.primaryResultCode == .SQLITE_NOTADB || error.resultCode.primaryResultCode == .SQLITE_CORRUPT
    }

    private static func reason(_ error: DatabaseError) -> String {
        switch error.resultCode.primaryResultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: "is locked by another program"
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: "is read-only"
        case .SQLITE_CANTOPEN: "cannot be opened for writing"
        case .SQLITE_FULL: "is on a full disk"
        default: "cannot be opened (SQLite error \(error.resultCode.primaryResultCode.rawValue))"
        }
    }
}
