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

/// The error a load throws, or nil when it succeeds.
func loadError(_ source: some FeedSource, _ key: PageKey, pageSize: Int = 10) -> FeedError? {
    do {
        _ = try source.load(key, pageSize: pageSize)
        return nil
    } catch {
        return error
    }
}

/// A page, or a test failure naming the error.
func loadPage(_ source: some FeedSource, _ key: PageKey, pageSize: Int = 10, sourceLocation: SourceLocation = #_sourceLocation) throws -> Page {
    do {
        return try source.load(key, pageSize: pageSize)
    } catch {
        Issue.record("load(\(key)) failed: \(error.message)", sourceLocation: sourceLocation)
        throw error
    }
}

import Testing

/// Shared bad-input cases every adapter must survive: the error kind and a clean one-line
/// message, never a crash or a wall of HTML.
enum BadResponses {
    static let htmlPage = """
        <!DOCTYPE html><html><head><title>502 Bad Gateway</title><style>body{color:red}</style></head>
        <body><h1>Bad Gateway</h1><p>The upstream server returned an invalid response.</p>
        <script>var x = "<b>";</script></body></html>
        """

    struct Case {
        var status: Int
        var headers: [String: String] = [:]
        var body: String
        var kind: FeedError.Kind
        var retryable: Bool
        var retryAfter: Double? = nil
        var messageContains: String
    }

    /// Serves each case at `url` in turn and checks what `source.load(key)` throws.
    static func check(
        _ source: some FeedSource, key: PageKey, url: String, transport: FakeTransport, api: String,
        truncated: String, wrongType: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let cases: [Case] = [
            Case(status: 200, body: truncated, kind: .decoding, retryable: false, messageContains: "unexpected response"),
            Case(status: 200, body: wrongType, kind: .decoding, retryable: false, messageContains: "unexpected response"),
            Case(status: 200, headers: ["Content-Type": "text/html"], body: htmlPage, kind: .decoding, retryable: false,
                 messageContains: "HTML"),
            Case(status: 500, body: htmlPage, kind: .http(status: 500), retryable: true, messageContains: "502 Bad Gateway"),
            Case(status: 429, headers: ["Retry-After": "7"], body: "{\"message\":\"slow down\"}", kind: .rateLimited,
                 retryable: true, retryAfter: 7, messageContains: "slow down"),
            Case(status: 404, body: "{\"error\":\"Record not found\"}", kind: .http(status: 404), retryable: false,
                 messageContains: "Record not found"),
        ]
        for testCase in cases {
            transport.serve(url, status: testCase.status, headers: testCase.headers, body: testCase.body)
            guard let error = loadError(source, key) else {
                Issue.record("\(api): HTTP \(testCase.status) \(testCase.body.prefix(30)) did not fail", sourceLocation: sourceLocation)
                continue
            }
            #expect(error.kind == testCase.kind, "\(testCase.body.prefix(40))", sourceLocation: sourceLocation)
            #expect(error.isRetryable == testCase.retryable, "\(error.message)", sourceLocation: sourceLocation)
            #expect(error.retryAfter == testCase.retryAfter, "\(error.message)", sourceLocation: sourceLocation)
            #expect(error.message.hasPrefix("\(api):"), "\(error.message)", sourceLocation: sourceLocation)
            #expect(error.message.contains(testCase.messageContains), "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.message.contains("<"), "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.message.contains("\n"), "\(error.message)", sourceLocation: sourceLocation)
        }
    }
}
