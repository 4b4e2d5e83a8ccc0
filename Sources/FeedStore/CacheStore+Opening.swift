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
            return StoreOpening(store: try openRacing(at: path, limitBytes: limitBytes, busyTimeout: busyTimeout), warning: nil)
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

    /// `openStrict`, tried again while another process opening the same file at the same time
    /// is the reason it failed.
    ///
    /// GRDB's migrator reads which migrations are applied outside the transaction that runs
    /// each one, so when processes start together on a new file the loser's `CREATE TABLE`
    /// finds the winner's table (`SQLITE_ERROR`). Every such loss means another process
    /// committed a migration this one had not seen, so a try per migration is enough however
    /// many race. A process still creating the file can also outlast the busy timeout on a
    /// loaded machine (`SQLITE_BUSY`): that is waited for once more, four times as long.
    static func openRacing(at path: String, limitBytes: Int, busyTimeout: Double) throws -> CacheStore {
        var racesLeft = migrator.migrations.count
        var waitedLonger = false
        var timeout = busyTimeout
        while true {
            do {
                return try openStrict(at: path, limitBytes: limitBytes, busyTimeout: timeout)
            } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_ERROR && racesLeft > 0 {
                racesLeft -= 1
            } catch let error as DatabaseError
                where [.SQLITE_BUSY, .SQLITE_LOCKED].contains(error.resultCode.primaryResultCode) && !waitedLonger
            {
                waitedLonger = true
                timeout = busyTimeout * 4
            }
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
