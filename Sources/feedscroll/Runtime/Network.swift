import FeedModel
import FeedSources
import Synchronization

/// The process's one HTTP client, made on first use and shut down once when the run ends.
enum Network {
    private static let client = Mutex<AsyncHTTPTransport?>(nil)

    /// The shared transport every source of this run sends through: one `RetryingTransport`
    /// (per-request retry, one limiter per host) over the one `AsyncHTTPTransport`.
    ///
    /// - Parameters:
    ///   - timeout: seconds one attempt may take, whole.
    ///   - width: requests in flight per host and lane; the pool gets one lane's worth more.
    static func transport(timeout: Double, width: Int) -> RetryingTransport {
        let base = client.withLock { client in
            if let client { return client }
            let made = AsyncHTTPTransport(limits: .init(timeout: timeout, connectionsPerHost: width * FetchLane.allCases.count))
            client = made
            return made
        }
        return RetryingTransport(base, width: width)
    }

    /// Closes the client's connections; safe to call when none was made.
    static func shutdown() {
        client.withLock { client in
            defer { client = nil }
            return client
        }?.shutdownBlocking()
    }
}
