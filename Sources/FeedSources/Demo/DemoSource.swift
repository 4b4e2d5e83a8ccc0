import FeedModel
import Foundation
import Synchronization

/// The built-in feed: offline, deterministic, endless if asked, never materialised.
///
/// Item `i` is computed from `(seed, i)` alone, so ten million items cost nothing until they are
/// shown. Pages are addressed by offset and limit with the total reported, like PokeAPI, so any
/// page can be fetched directly (`G` reaches the true end of a million items in one request),
/// through the same `FeedSource` protocol the network adapters use. Latency and failures are knobs.
public final class DemoSource: FeedSource {
    public struct Options: Sendable, Hashable {
        public var items: Int
        public var seed: UInt64
        public var latencyMilliseconds: Int
        /// Chance in `0...1` that a load fails with a retryable error.
        public var failureRate: Double

        public init(items: Int = 1000, seed: UInt64 = 2026, latencyMilliseconds: Int = 400, failureRate: Double = 0) {
            self.items = max(0, items)
            self.seed = seed
            self.latencyMilliseconds = max(0, latencyMilliseconds)
            self.failureRate = min(max(failureRate, 0), 1)
        }
    }

    public let options: Options
    /// The moment item 0 was posted; older items step back from it.
    public let epoch: Int64
    private let attempts = Mutex<UInt64>(0)

    public init(options: Options = Options(), epoch: Int64 = Int64(Date().timeIntervalSince1970)) {
        self.options = options
        self.epoch = epoch
    }

    public var name: String { "demo" }
    public var firstKey: PageKey { .offset(0, limit: defaultPageSize) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .offset(start, _) = key, start >= 0 else {
            throw FeedError(.invalidRequest, "demo: the built-in feed pages by offset, not \(key)")
        }
        if options.latencyMilliseconds > 0 {
            // Simulated network time, as a suspension that dies with the load's task.
            do {
                try await Task.sleep(for: .milliseconds(min(options.latencyMilliseconds, 60_000)))
            } catch {
                throw FeedError(.cancelled, "demo: cancelled")
            }
        }
        if options.failureRate > 0 {
            let attempt = attempts.withLock { count -> UInt64 in
                count += 1
                return count
            }
            var rng = SplitMix64(seed: options.seed ^ 0xFA11 ^ (attempt &* 0x9E37_79B9))
            if options.failureRate >= 1 || rng.nextUnit() < options.failureRate {
                throw FeedError(.http(status: 503), "demo: simulated failure (HTTP 503)")
            }
        }
        let end = min(options.items, start + max(1, pageSize))
        let items = start < end ? (start..<end).map(item) : []
        let next: PageKey? = end < options.items ? .offset(end, limit: max(1, pageSize)) : nil
        return Page(key: key, items: items, next: next, total: options.items)
    }

    /// Item `index` of the feed.
    public func item(_ index: Int) -> FeedItem {
        DemoCorpus.item(index, seed: options.seed, epoch: epoch)
    }
}
