import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// Fetches picture bodies over HTTP(S) with AsyncHTTPClient: a deadline per request, a byte
/// cap enforced while the body streams in (a `Content-Length` over it is refused before any
/// body is read), a per-host connection limit, and cancellation that closes the connection.
///
/// One per run; `shutdown()` before it goes away.
public final class PictureDownloader: Sendable {
    /// Why a body could not be had.
    public enum Failure: Error, Sendable, Equatable {
        /// Larger than the cap: from `Content-Length`, or counted while streaming.
        case tooLarge(Int?)
        /// Not 2xx.
        case status(Int)
        /// Network, deadline, TLS, a bad URL.
        case transport(String)
    }

    private let client: HTTPClient
    private let timeout: Double

    /// - Parameters:
    ///   - connectionsPerHost: concurrent connections to one host; more requests wait their turn.
    ///   - timeout: seconds a request may take in all.
    public init(connectionsPerHost: Int = 4, timeout: Double = 10) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 3, allowCycles: false),
            timeout: .init(connect: .seconds(5), read: .seconds(Int64(max(1, timeout)))),
            decompression: .disabled)
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, connectionsPerHost)
        client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        self.timeout = timeout
    }

    /// The body at `url`, at most `maxBytes` long.
    ///
    /// Cancelling the calling task cancels the request and closes its connection.
    /// - Returns: the body, or why there is none.
    public func body(of url: String, maxBytes: Int) async -> Result<[UInt8], Failure> {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return .failure(.transport("not an http(s) URL")) }
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: "feedscroll (pictures)")
        request.headers.add(name: "Accept", value: "image/png, image/jpeg;q=0.9, */*;q=0.1")
        do {
            let response = try await client.execute(request, timeout: .milliseconds(Int64(timeout * 1000)))
            guard (200..<300).contains(response.status.code) else {
                return .failure(.status(Int(response.status.code)))
            }
            if let length = response.headers.first(name: "Content-Length").flatMap(Int.init), length > maxBytes {
                return .failure(.tooLarge(length))
            }
            var body: [UInt8] = []
            for try await chunk in response.body {
                guard body.count + chunk.readableBytes <= maxBytes else { return .failure(.tooLarge(nil)) }
                body.append(contentsOf: chunk.readableBytesView)
            }
            return .success(body)
        } catch {
            return .failure(.transport(Task.isCancelled ? "cancelled" : String(describing: error)))
        }
    }

    /// Closes every connection and waits for it; call once, when the run ends, from a thread
    /// that is not one of Swift's concurrency pool (the runtime thread).
    public func syncShutdown() {
        try? client.syncShutdown()
    }
}
