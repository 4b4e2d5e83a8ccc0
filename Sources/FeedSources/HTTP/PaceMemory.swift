import Dispatch
import Foundation
import Synchronization

/// Where a run finds the paces hosts taught earlier runs and leaves the ones it learns
/// (`KeptPaces`): a small JSON file beside the page cache (`paces.json` in
/// `$XDG_CACHE_HOME/feedscroll`, else `~/.cache/feedscroll`), or memory alone.
///
/// The file is read once, when the first host's limiter asks; a pace learned is written at once
/// from a queue of its own (read, merged with what other runs kept meanwhile, written whole by
/// rename), so no fetch waits on the disk. It is not the page cache: `--no-cache` keeps it, as a
/// pace is what a host said of every request, not a page. A file that cannot be read or written
/// is a run without kept paces, never an error.
public final class PaceMemory: Sendable {
    /// The file, or nil for memory alone (tests).
    public let path: String?
    private let clock: SourceClock
    private let kept = Mutex<KeptPaces?>(nil)
    private let writes = DispatchQueue(label: "feedscroll.paces", qos: .utility)

    /// - Parameters:
    ///   - path: the file, or nil to keep paces in memory only.
    ///   - clock: the instant a pace is learned and an age is measured at.
    public init(path: String?, clock: SourceClock = .system) {
        self.path = path
        self.clock = clock
    }

    /// The file beside the page cache (XDG Base Directory rules: a relative `XDG_CACHE_HOME`
    /// is ignored), or memory alone when neither `XDG_CACHE_HOME` nor `HOME` is usable.
    public static func standard(environment: [String: String]) -> PaceMemory {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return PaceMemory(path: xdg + "/feedscroll/paces.json")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return PaceMemory(path: home + "/.cache/feedscroll/paces.json")
        }
        return PaceMemory(path: nil)
    }

    /// The pace kept for `host` (`host:port`), if it is younger than `KeptPaces.maxAge`.
    public func interval(for host: String) -> Double? {
        let now = clock.now()
        return kept.withLock { kept in
            if kept == nil { kept = path.map { Self.read($0, now: now) } ?? KeptPaces() }
            return kept?.interval(for: host, now: now)
        }
    }

    /// Keeps the pace `host` taught this run, in memory and in the file.
    public func keep(_ interval: Double, for host: String) {
        let now = clock.now()
        kept.withLock { kept in
            var current = kept ?? KeptPaces()
            current.keep(interval, for: host, at: now)
            kept = current
        }
        guard let path else { return }
        writes.async {
            var file = Self.read(path, now: now)
            file.keep(interval, for: host, at: now)
            let url = URL(fileURLWithPath: path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? file.encoded().write(to: url, options: .atomic)
        }
    }

    /// Waits for the writes asked for so far (tests, and a run that ends).
    public func flush() {
        writes.sync {}
    }

    // MARK: - Helpers

    private static func read(_ path: String, now: Date) -> KeptPaces {
        // A pace file is a few hundred bytes: a large one is not ours.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? NSNumber, size.intValue <= 1 << 16,
              let data = FileManager.default.contents(atPath: path)
        else { return KeptPaces() }
        return KeptPaces.decode(data, now: now)
    }
}
