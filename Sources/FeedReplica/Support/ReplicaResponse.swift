/// A response as the replicas build it; the transport turns it into HTTP.
struct ReplicaResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]
    /// A body made as it is sent, a chunk at a time (a feed of a million entries), when `body`
    /// is empty: sent chunked, never held whole. Faults that rewrite `body` replace it.
    var stream: ReplicaStream?

    init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = [], stream: ReplicaStream? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.stream = stream
    }

    init(status: Int = 200, headers: [(String, String)] = [], text: String, contentType: String = "text/plain; charset=utf-8") {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: Array(text.utf8))
    }

    static func json(
        _ value: JSONValue, status: Int = 200, headers: [(String, String)] = [], pretty: Bool = false,
        contentType: String = "application/json; charset=utf-8"
    ) -> ReplicaResponse {
        ReplicaResponse(status: status, headers: [("Content-Type", contentType)] + headers,
                        body: Array(value.serialized(pretty: pretty).utf8))
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The first value of a header, case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.0.lowercased() == name.lowercased() }
        headers.append((name, value))
    }
}

/// A body made chunk by chunk as it is written: `chunk(n)` is the n-th chunk, nil past the last.
struct ReplicaStream: Sendable {
    var chunk: @Sendable (Int) -> [UInt8]?
}
