/// The rate-limit window an API request fell into.
struct RateWindow: Sendable {
    var limit: Int
    /// Requests counted in this window, this one included.
    var used: Int
    /// Wall-clock seconds when the window ends.
    var resetAt: Double
    /// Whether the limit was configured (and is enforced) or is only reported.
    var isEnforced: Bool

    /// What is left in the window. A window that is only reported never shows 0, so a careful client
    /// does not wait for a limit that will never be enforced.
    var remaining: Int { isEnforced ? max(limit - used, 0) : max(limit - used, 1) }
    var isExceeded: Bool { isEnforced && used > limit }
    /// Whole seconds until the window ends, at least 1.
    func secondsToReset(from now: Double) -> Int { max(1, Int((resetAt - now).rounded(.up))) }
}

/// One public API's replica: its routes and the way it says "slow down" and "I failed".
protocol ReplicaAPI: Sendable {
    /// The source name used in `baseURLs`: `hn`, `algolia`, `pokeapi`, …
    var name: String { get }
    /// The API root below the server: `/hn/v0`. Its documented paths are appended to it.
    var prefix: String { get }
    /// The window reported when no rate limit is configured (limit, seconds), or `nil` for none.
    var reportedWindow: (limit: Int, seconds: Double)? { get }
    /// Whether answers are gzip-encoded for clients that accept it (Stack Exchange always compresses).
    var compressesResponses: Bool { get }

    /// The stats key below the prefix for a path (`item` for `item/1.json`), or `nil` when no route matches.
    func routeName(for path: String) -> String?
    /// The answer to a request that passed every fault.
    func respond(to request: ReplicaRequest, window: RateWindow?) -> ReplicaResponse
    /// The answer when the request is over the rate limit.
    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse
    /// Headers every answer carries about the rate limit.
    func rateLimitHeaders(_ request: ReplicaRequest, window: RateWindow) -> [(String, String)]
    /// An injected server error.
    func serverError(_ request: ReplicaRequest, status: Int) -> ReplicaResponse
}

extension ReplicaAPI {
    var reportedWindow: (limit: Int, seconds: Double)? { nil }

    var compressesResponses: Bool { false }

    func rateLimitHeaders(_ request: ReplicaRequest, window: RateWindow) -> [(String, String)] { [] }

    /// The generic 429 with `Retry-After`, as CDNs and Rack::Attack send it.
    func rateLimited(_ request: ReplicaRequest, window: RateWindow) -> ReplicaResponse {
        .json(["error": "Too Many Requests"], status: 429,
              headers: [("Retry-After", String(window.secondsToReset(from: request.now)))])
    }

    func serverError(_ request: ReplicaRequest, status: Int) -> ReplicaResponse {
        ReplicaResponse.genericServerError(status: status)
    }
}

extension ReplicaResponse {
    /// A 5xx the way a CDN in front of an API sends it: HTML for 502/504, JSON otherwise.
    static func genericServerError(status: Int) -> ReplicaResponse {
        switch status {
        case 502, 504:
            let reason = status == 502 ? "Bad Gateway" : "Gateway Time-out"
            return ReplicaResponse(
                status: status,
                text: "<html>\r\n<head><title>\(status) \(reason)</title></head>\r\n<body>\r\n<center><h1>\(status) \(reason)</h1></center>\r\n</body>\r\n</html>\r\n",
                contentType: "text/html")
        default:
            let reason = status == 503 ? "Service Unavailable" : "Internal Server Error"
            return .json(["message": .string(reason)], status: status)
        }
    }
}
