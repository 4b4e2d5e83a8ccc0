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

    func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse {
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
