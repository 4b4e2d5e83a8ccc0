import FeedModel
import Foundation
import Synchronization

@testable import FeedSources

/// An `HTTPTransport` that serves canned responses by exact URL and records every request.
/// An unknown URL answers 404 with a body naming it, so a wrong URL fails loudly.
final class FakeTransport: HTTPTransport {
    private struct State {
        var routes: [String: Result<HTTPResponse, FeedError>] = [:]
        var requests: [HTTPRequest] = []
    }

    private let state = Mutex(State())

    /// Serves `body` at `url`.
    func serve(_ url: String, status: Int = 200, headers: [String: String] = [:], body: String) {
        let lowered = Dictionary(uniqueKeysWithValues: headers.map { ($0.key.lowercased(), $0.value) })
        let response = HTTPResponse(status: status, headers: lowered, body: Data(body.utf8), url: URL(string: url)!)
        state.withLock { $0.routes[url] = .success(response) }
    }

    /// Makes `url` fail at the transport level.
    func fail(_ url: String, with error: FeedError) {
        state.withLock { $0.routes[url] = .failure(error) }
    }

    var requests: [HTTPRequest] { state.withLock { $0.requests } }
    var requestedURLs: [String] { requests.map(\.url.absoluteString) }

    func send(_ request: HTTPRequest) throws(FeedError) -> HTTPResponse {
        let route = state.withLock { state -> Result<HTTPResponse, FeedError>? in
            state.requests.append(request)
            return state.routes[request.url.absoluteString]
        }
        guard let route else {
            return HTTPResponse(
                status: 404, headers: ["content-type": "text/plain"],
                body: Data("FakeTransport: no route for \(request.url.absoluteString)".utf8), url: request.url)
        }
        return try route.get()
    }
}

/// Wraps a transport, holding each request for `delay` seconds and counting how many are in
/// flight at once.
final class SlowTransport: HTTPTransport {
    private let inner: any HTTPTransport
    private let delay: Double
    private let counts = Mutex((current: 0, peak: 0))

    init(_ inner: any HTTPTransport, delay: Double) {
        self.inner = inner
        self.delay = delay
    }

    var peakInFlight: Int { counts.withLock { $0.peak } }

    func send(_ request: HTTPRequest) throws(FeedError) -> HTTPResponse {
        counts.withLock { $0.current += 1; $0.peak = max($0.peak, $0.current) }
        defer { counts.withLock { $0.current -= 1 } }
        Thread.sleep(forTimeInterval: delay)
        return try inner.send(request)
    }
}
