import FeedModel
import Foundation
import Synchronization

/// The demo feed's network: nothing is sent anywhere, every request is answered with an empty
/// 200 after `latencyMilliseconds`, and a seeded share of attempts fails with a retryable 503.
///
/// It sits under a `RetryingTransport` like the real network does, so the demo's failures are
/// retried by the one retry site, announced through the load's `FetchContext.onRetry` (the
/// footer's countdown) and given up on with the same words as any source's.
public final class FaultyTransport: HTTPTransport {
    public let latencyMilliseconds: Int
    /// Chance in `0...1` that an attempt fails.
    public let failureRate: Double
    public let seed: UInt64
    /// Attempts so far: the draws follow the order of attempts, so a seed fails the same ones.
    private let attempts = Mutex<UInt64>(0)

    public init(latencyMilliseconds: Int, failureRate: Double, seed: UInt64) {
        self.latencyMilliseconds = max(0, min(latencyMilliseconds, 60_000))
        self.failureRate = min(max(failureRate, 0), 1)
        self.seed = seed
    }

    public func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse {
        if latencyMilliseconds > 0 {
            // Simulated network time, as a suspension that dies with the load's task.
            do {
                try await Task.sleep(for: .milliseconds(latencyMilliseconds))
            } catch {
                throw FeedError(.cancelled, "demo: cancelled")
            }
        }
        if failureRate > 0 {
            let attempt = attempts.withLock { count -> UInt64 in
                count += 1
                return count
            }
            var rng = SplitMix64(seed: seed ^ 0xFA11 ^ (attempt &* 0x9E37_79B9))
            if failureRate >= 1 || rng.nextUnit() < failureRate {
                throw FeedError(.http(status: 503), "demo: simulated failure (HTTP 503)")
            }
        }
        return HTTPResponse(status: 200, headers: [:], body: Data(), url: request.url)
    }
}
