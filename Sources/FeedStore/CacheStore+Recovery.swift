import Foundation
import GRDB

/// A cache that notices: a corruption error from SQLite at any point of the run (not only
/// when the file is opened) moves the file aside and starts a new cache in its place, with one
/// line said through `reportRecovery`, and the operation that met the corruption runs again on
/// the new cache. The cache is an optimisation: the run goes on either way.
extension CacheStore {
    /// Where the one line goes when the cache is replaced mid-run (stderr in a pipe, the log
    /// and the exit note on screen); set once by the runtime.
    public func reportRecovery(to report: @escaping @Sendable (String) -> Void) {
        recovery.withLock { $0.report = report }
    }

    /// How many times the file was found corrupt and replaced in this run.
    public var recoveries: Int { recovery.withLock { $0.count } }

    /// Runs a read on the current database, replacing the file if SQLite finds it corrupt.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        try guarded { try $0.read(body) }
    }

    /// Runs a write on the current database, replacing the file if SQLite finds it corrupt.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try guarded { try $0.write(body) }
    }

    // MARK: - Helpers

    /// Runs `work`; when SQLite finds the file corrupt, replaces it and runs `work` once more
    /// on the new cache (a write lands there, a read finds it empty), else fails as it would have.
    private func guarded<T>(_ work: (DatabasePool) throws -> T) throws -> T {
        let current = pool
        do {
            return try work(current)
        } catch let error as DatabaseError where Self.isCorruption(error) {
            replace(current, after: error)
            let fresh = pool
            guard fresh !== current else { throw error }
            return try work(fresh)
        }
    }

    /// Moves the corrupt file aside and opens a new cache in its place, unless another thread
    /// already did so for this pool.
    private func replace(_ broken: DatabasePool, after error: DatabaseError) {
        let line: String? = recovery.withLock { state in
            guard state.pool === broken, !state.hasGivenUp, !isReadOnly else { return nil }
            try? broken.close()
            let aside = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))"
            let code = error.resultCode.primaryResultCode.rawValue
            do {
                for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
                    try FileManager.default.moveItem(atPath: path + suffix, toPath: aside + suffix)
                }
                state.pool = try Self.openPool(at: path, busyTimeout: busyTimeout)
                state.count += 1
                return "cache: \(path) is corrupt (SQLite error \(code)); moved to \(aside), starting a new cache"
            } catch {
                // The broken pool stays: every later use fails and is dropped, said once.
                state.hasGivenUp = true
                return "cache: \(path) is corrupt (SQLite error \(code)) and cannot be replaced; the cache is not written any more"
            }
        }
        guard let line else { return }
        let report = recovery.withLock { $0.report }
        report?(line)
    }
}
