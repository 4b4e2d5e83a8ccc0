import FeedModel
import FeedSources
import Synchronization

/// The run's HTTP client, made on first use and shut down once when the run ends. One is made
/// by `main` for the run and handed to the command in its `RunContext`: no global.
final class Network: Sendable {
    /// The one client and the one retrying transport over it (its per-host limiters shared by
    /// every source of the run and by the pictures).
    private let made = Mutex<(client: AsyncHTTPTransport, transport: RetryingTransport)?>(nil)

    /// The shared transport every source of this run sends through: one `RetryingTransport`
    /// (per-request retry, one limiter per host) over the one `AsyncHTTPTransport`. The first
    /// call makes them; later calls get the same one, whatever they pass.
    ///
    /// - Parameters:
    ///   - timeout: seconds one attempt may take, whole.
    ///   - width: requests in flight per host and lane; the pool gets every lane's worth.
    ///   - maxBodyBytes: the largest body accepted (feeds are allowed more than API pages).
    ///   - eventLoops: NIO's shared group, or one thread of the client's own for a single fetch.
    func transport(
        timeout: Double, width: Int, maxBodyBytes: Int = 16 << 20, eventLoops: AsyncHTTPTransport.EventLoops = .shared
    ) -> RetryingTransport {
        made.withLock { made in
            if let made { return made.transport }
            let client = AsyncHTTPTransport(
                limits: .init(timeout: timeout, maxBodyBytes: maxBodyBytes, connectionsPerHost: width * FetchLane.allCases.count),
                eventLoops: eventLoops)
            let new = (client: client, transport: RetryingTransport(client, width: width))
            made = new
            return new.transport
        }
    }

    /// Seconds one attempt may take (`--timeout`), once the transport is made: a wait longer
    /// than this is said on stderr in a pipe.
    var requestTimeout: Double? { made.withLock { $0?.client.limits.timeout } }

    /// The transport made for this run's source, if it has one (the demo feed has none).
    var current: RetryingTransport? { made.withLock { $0?.transport } }

    /// Closes the client's connections; safe to call when none was made.
    func shutdown() {
        made.withLock { made in
            defer { made = nil }
            return made?.client
        }?.shutdownBlocking()
    }
}
