import FeedModel
import FeedPaging
import Foundation

/// How long the simulated API takes to answer one page request.
public struct LatencyModel: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// Every attempt takes the same time.
        case constant(Double)
        /// Log-normal attempts: half are faster than `median`; `sigma` sets the tail.
        case longTailed(median: Double, sigma: Double)
        /// `base` per attempt, except every `every`-th page, which takes `spike`.
        case spikes(base: Double, spike: Double, every: Int)
        /// `latency` per attempt; a share `rate` of attempts fail and are retried after
        /// `RetryPolicy`'s backoff (full jitter), until one succeeds.
        case failures(latency: Double, rate: Double)
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// The standard models of the lab.
    public static let standard: [LatencyModel] = [
        LatencyModel(name: "constant-300ms", kind: .constant(0.3)),
        LatencyModel(name: "constant-1s", kind: .constant(1.0)),
        LatencyModel(name: "long-tail", kind: .longTailed(median: 0.25, sigma: 1.0)),
        LatencyModel(name: "spikes", kind: .spikes(base: 0.2, spike: 3.0, every: 6)),
        LatencyModel(name: "failures", kind: .failures(latency: 0.3, rate: 0.25)),
    ]

    /// One request's course.
    public struct Fetch: Sendable, Hashable {
        /// Seconds from the request to its result, retries included.
        public var total: Double
        /// Seconds of the last attempt: what `PageFetcher` reports as the latency.
        public var lastAttempt: Double
        public var attempts: Int
        /// The backoff before each retry, as `PageFetcher` reports them.
        public var retryDelays: [Double] = []
    }

    /// The course of the `copy`-th request for `page` (copies differ only for duplicates).
    func fetch(page: Int, copy: Int, random: SeededRandom) -> Fetch {
        switch kind {
        case let .constant(seconds):
            return Fetch(total: seconds, lastAttempt: seconds, attempts: 1)
        case let .longTailed(median, sigma):
            let seconds = median * exp(sigma * random.normal(page, copy))
            return Fetch(total: seconds, lastAttempt: seconds, attempts: 1)
        case let .spikes(base, spike, every):
            let seconds = every > 0 && page % every == every - 1 ? spike : base
            return Fetch(total: seconds, lastAttempt: seconds, attempts: 1)
        case let .failures(latency, rate):
            let policy = RetryPolicy(maxAttempts: 1_000)
            let error = FeedError(.http(status: 503), "HTTP 503")
            var total = 0.0
            var attempt = 1
            var delays: [Double] = []
            while random.uniform(page, copy, attempt) < rate, attempt < 1_000 {
                let delay = policy.delay(afterAttempt: attempt, error: error, random: random.uniform(page, copy, attempt, 9)) ?? 0
                delays.append(delay)
                total += latency + delay
                attempt += 1
            }
            return Fetch(total: total + latency, lastAttempt: latency, attempts: attempt, retryDelays: delays)
        }
    }
}
