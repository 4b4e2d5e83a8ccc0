import Foundation

/// A cache directory of its own (`XDG_CACHE_HOME`) for each program a test runs, so no test
/// reads or writes the user's cache and no two tests share cached pages by accident.
public enum ScratchCache {
    /// A fresh path under the temporary directory (created by feedscroll when it opens a cache).
    public static func make() -> String {
        NSTemporaryDirectory() + "feedscroll-test-cache-\(getpid())-\(UUID().uuidString)"
    }

    /// Removes a directory `make` handed out, whatever feedscroll left in it.
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `environment` with `XDG_CACHE_HOME` set to a fresh scratch directory unless the test set
    /// one of its own (a value inherited from the test process, the user's, does not count);
    /// the directory to remove afterwards, or nil when the test's own was kept.
    public static func applied(to environment: [String: String]) -> (environment: [String: String], scratch: String?) {
        if let chosen = environment["XDG_CACHE_HOME"], chosen != ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] {
            return (environment, nil)
        }
        var environment = environment
        let scratch = make()
        environment["XDG_CACHE_HOME"] = scratch
        return (environment, scratch)
    }
}
