import FeedModel
import Foundation
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
    ) async {
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
            guard let error = await loadError(source, key) else {
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
