import FeedModel
import Foundation

/// The built-in feed: offline, deterministic, endless if asked, never materialised.
///
/// Item `i` is computed from `(seed, i)` alone, so ten million items cost nothing until they are
/// shown. Pages are addressed by offset and limit with the total reported, like PokeAPI, so any
/// page can be fetched directly (`G` reaches the true end of a million items in one request),
/// through the same `FeedSource` protocol the network adapters use. Latency and failures are knobs
/// of its simulated network (`FaultyTransport`), retried by a `RetryingTransport` like any source's.
public final class DemoSource: FeedSource {
    public struct Options: Sendable, Hashable {
        public var items: Int
        public var seed: UInt64
        public var latencyMilliseconds: Int
        /// Chance in `0...1` that an attempt fails with a retryable error (and is retried).
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
    /// Where each page's request goes: the simulated network under the one retry site.
    private let transport: any HTTPTransport

    /// - Parameters:
    ///   - options: size, seed, latency and failure rate.
    ///   - epoch: the moment item 0 was posted.
    ///   - retry: attempts and backoff for simulated failures (four attempts, as before the
    ///     transport became the one retry site).
    ///   - clock: the retry's clock and sleep (tests pass one that does not sleep).
    public init(
        options: Options = Options(), epoch: Int64 = Int64(Date().timeIntervalSince1970),
        retry: RetryPolicy = RetryPolicy(maxAttempts: 4), clock: SourceClock = .system
    ) {
        self.options = options
        self.epoch = epoch
        let network = FaultyTransport(
            latencyMilliseconds: options.latencyMilliseconds, failureRate: options.failureRate, seed: options.seed)
        transport = RetryingTransport(network, policy: retry, clock: clock)
    }

    public var name: String { "demo" }
    public var firstKey: PageKey { .offset(0, limit: defaultPageSize) }
    public var defaultPageSize: Int { 20 }
    public var maxPageSize: Int { 500 }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard case let .offset(start, _) = key, start >= 0 else {
            throw FeedError(.invalidRequest, "demo: the built-in feed pages by offset, not \(key)")
        }
        // One simulated request a page, sent like any source's: latency, failures and their
        // retries (announced through `context.onRetry`) all happen in the transport.
        let url = URL(string: "demo://feed/items?offset=\(start)&limit=\(max(1, pageSize))")!
        try await transport.exchange(HTTPRequest(url: url, context: context)) { _ throws(FeedError) in () }
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
