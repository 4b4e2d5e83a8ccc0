import FeedModel
import Synchronization

/// What the transport must do with a request: answer after a delay, or hold it open.
enum ReplicaOutcome: Sendable {
    case respond(ReplicaResponse, delayMs: Int)
    case stall(delayMs: Int)
}

/// Routes a request to its API replica, counts it, and applies the configured faults.
///
/// Transport-free: the Hummingbird responder only sleeps, stalls and writes what this returns.
final class ReplicaRouter: Sendable {
    let configuration: ReplicaConfiguration
    let apis: [any ReplicaAPI]
    private let state: Mutex<State>

    private struct State {
        var stats = ReplicaStats()
        var faultRandom: SeededRandom
        /// Under keyed draws: how many times each request (method, path, query) reached the backend.
        var attempts: [String: Int] = [:]
        var windows: [String: (start: Double, used: Int)] = [:]
        var requests = ReplicaRequestLog()
    }

    init(configuration: ReplicaConfiguration, apis: [any ReplicaAPI]) {
        self.configuration = configuration
        // Longest prefix first, so `/hn/v0` never shadows a longer one.
        self.apis = apis.sorted { $0.prefix.count > $1.prefix.count }
        state = Mutex(State(faultRandom: SeededRandom(seed: configuration.faultSeed)))
    }

    /// Handles one request.
    ///
    /// - Parameters:
    ///   - method: `GET`, `HEAD`, `POST`.
    ///   - path: the request path, e.g. `/hn/v0/item/1.json`.
    ///   - rawQuery: the query string without `?`.
    ///   - host: the Host header, used to build absolute URLs that point back at this replica.
    ///   - now: wall-clock seconds.
    func handle(
        method: String, path: String, rawQuery: String?, host: String, now: Double, acceptsGzip: Bool = false,
        headers: [(String, String)] = []
    ) -> ReplicaOutcome {
        var outcome = route(method: method, path: path, rawQuery: rawQuery, host: host, now: now, headers: headers)
        if acceptsGzip, case .respond(var response, let delayMs) = outcome, !response.body.isEmpty,
           apis.first(where: { path.hasPrefix($0.prefix + "/") })?.compressesResponses == true
        {
            response.body = Gzip.wrap(response.body)
            response.setHeader("Content-Encoding", "gzip")
            outcome = .respond(response, delayMs: delayMs)
        }
        return outcome
    }

    /// The round a request starting now belongs to (`ReplicaStats.rounds`).
    func startRound() -> Int {
        state.withLock { $0.stats.roundOfNewRequest() }
    }

    /// Notes that a request of `round` was answered.
    func answered(round: Int) {
        state.withLock { $0.stats.answered(round: round) }
    }

    /// Counts a request whose client closed the connection before the answer, under its route.
    ///
    /// - Parameter path: the request path, e.g. `/sprites/pokemon/1.png`.
    func countCancelled(path: String) {
        let route = routeKey(for: path)
        state.withLock { $0.stats.countCancelled(route: route) }
    }

    /// The key a request to `path` is counted under in `routes` (`sprites/artwork`, `unmatched`).
    func routeKey(for path: String) -> String {
        guard let api = apis.first(where: { path == $0.prefix || path.hasPrefix($0.prefix + "/") }) else { return "unmatched" }
        return Self.routeKey(api: api, relative: Self.relativePath(path, in: api))
    }

    private func route(method: String, path: String, rawQuery: String?, host: String, now: Double, headers: [(String, String)]) -> ReplicaOutcome {
        let origin = "http://" + host
        if path == "/_stats" || path == "/_stats/" {
            if method == "POST" {
                state.withLock { state in
                    state.stats = ReplicaStats()
                    state.requests = ReplicaRequestLog()
                }
                return .respond(.json(["reset": true]), delayMs: 0)
            }
            let stats = state.withLock { $0.stats.json }
            return .respond(.json(stats), delayMs: 0)
        }
        if path == "/_requests" || path == "/_requests/" {
            let requests = state.withLock { $0.requests.json }
            return .respond(.json(requests), delayMs: 0)
        }
        if path == "/_stats/reset" {
            state.withLock { state in
                state.stats = ReplicaStats()
                state.requests = ReplicaRequestLog()
            }
            return .respond(.json(["reset": true]), delayMs: 0)
        }
        if path == "/" || path.isEmpty {
            let index: JSONValue = .object(apis.sorted { $0.name < $1.name }.map { ($0.name, .string(origin + $0.prefix)) })
            return .respond(.json(index, pretty: true), delayMs: 0)
        }

        guard let api = apis.first(where: { path == $0.prefix || path.hasPrefix($0.prefix + "/") }) else {
            state.withLock { $0.stats.count(route: "unmatched") }
            return .respond(.json(["error": "no replica serves this path"], status: 404), delayMs: 0)
        }
        let relative = Self.relativePath(path, in: api)
        var request = ReplicaRequest(method: method, path: relative, fullPath: path, rawQuery: rawQuery, origin: origin, now: now)
        request.headers = headers
        let routeKey = Self.routeKey(api: api, relative: relative)

        let decision = state.withLock { state -> FaultDecision in
            state.stats.count(route: routeKey)
            if api is PicturesReplica { state.stats.countPicture(path: relative) }
            let window = Self.window(for: api, now: now, configuration: configuration, windows: &state.windows)
            var decision: FaultDecision
            switch configuration.faultDraws {
            case .sequence:
                decision = FaultDecision.draw(&state.faultRandom, configuration: configuration)
            case .keyed:
                // A refusal never reaches the backend, so it takes no attempt number: the item's
                // n-th answered attempt meets the same fault however many were refused between.
                let key = FaultDecision.key(method: method, path: path, rawQuery: rawQuery)
                let attempt = state.attempts[key, default: 0]
                if window?.isExceeded != true { state.attempts[key] = attempt + 1 }
                decision = FaultDecision.keyed(key: key, attempt: attempt, configuration: configuration)
            }
            decision.window = window
            if decision.window?.isExceeded == true {
                // Refused at the edge at once, as real rate limiters do (nginx's limit_req, API
                // gateways, Firebase): a refusal never reaches the backend whose latency is
                // simulated. Under sequence draws the draw above is still made, so later
                // requests' faults follow the seed.
                decision.delayMs = 0
                state.stats.countFault("rateLimited")
            } else if decision.isStalled {
                state.stats.countFault("stalled")
            } else if decision.errorStatus != nil {
                state.stats.countFault("error")
            } else if decision.malformation != nil {
                state.stats.countFault("malformed")
            }
            state.requests.record(at: now, path: path, decision: decision)
            return decision
        }

        if let window = decision.window, window.isExceeded {
            return .respond(api.rateLimited(request, window: window), delayMs: decision.delayMs)
        }
        if decision.isStalled { return .stall(delayMs: decision.delayMs) }
        var response: ReplicaResponse
        if let status = decision.errorStatus {
            response = api.serverError(request, status: status)
        } else {
            response = api.respond(to: request, window: decision.window)
            if let malformation = decision.malformation, response.status == 200 {
                response = malformation.apply(to: response)
            }
        }
        if let window = decision.window {
            for (name, value) in api.rateLimitHeaders(request, window: window) where response.header(name) == nil {
                response.headers.append((name, value))
            }
        }
        return .respond(response, delayMs: decision.delayMs)
    }

    /// `path` below the API's prefix, without its leading `/`.
    private static func relativePath(_ path: String, in api: any ReplicaAPI) -> String {
        var relative = String(path.dropFirst(api.prefix.count))
        if relative.hasPrefix("/") { relative.removeFirst() }
        return relative
    }

    private static func routeKey(api: any ReplicaAPI, relative: String) -> String {
        String(api.prefix.dropFirst()) + "/" + (api.routeName(for: relative) ?? "unmatched")
    }

    private static func window(
        for api: any ReplicaAPI, now: Double, configuration: ReplicaConfiguration,
        windows: inout [String: (start: Double, used: Int)]
    ) -> RateWindow? {
        let limit: Int
        let seconds: Double
        let isEnforced: Bool
        if let perSecond = configuration.rateLimitPerSecond {
            (limit, seconds, isEnforced) = (max(perSecond, 0), 1, true)
        } else if let reported = api.reportedWindow {
            (limit, seconds, isEnforced) = (reported.limit, reported.seconds, false)
        } else {
            return nil
        }
        // Fixed windows aligned to the clock, as Rack::Attack and GitHub count.
        let start = (now / seconds).rounded(.down) * seconds
        var entry = windows[api.name] ?? (start, 0)
        if entry.start != start { entry = (start, 0) }
        entry.used += 1
        windows[api.name] = entry
        return RateWindow(limit: limit, used: entry.used, resetAt: start + seconds, isEnforced: isEnforced)
    }
}

/// The faults drawn for one request. Every request draws the same number of values, so the
/// decisions for the n-th request depend only on the fault seed.
struct FaultDecision: Sendable {
    var delayMs: Int
    var isStalled: Bool
    var errorStatus: Int?
    var malformation: Malformation?
    var window: RateWindow?

    /// What names a request for keyed draws: `GET /hn/v0/item/1.json?print=pretty`.
    static func key(method: String, path: String, rawQuery: String?) -> String {
        method + " " + path + (rawQuery.map { "?" + $0 } ?? "")
    }

    /// The faults of the `attempt`-th (from 0) answered request named `key`: a function of the
    /// fault seed, the key and the attempt alone, not of what else arrived before.
    static func keyed(key: String, attempt: Int, configuration: ReplicaConfiguration) -> FaultDecision {
        var rng = SeededRandom(seed: configuration.faultSeed, salt: "fault " + key, index: attempt)
        return draw(&rng, configuration: configuration)
    }

    static func draw(_ rng: inout SeededRandom, configuration c: ReplicaConfiguration) -> FaultDecision {
        let jitter = rng.below(c.jitterMs + 1)
        let stall = rng.unit()
        let error = rng.unit()
        let malformed = rng.unit()
        let variant = rng.below(1 << 20)
        return FaultDecision(
            delayMs: max(c.latencyMs, 0) + (c.jitterMs > 0 ? jitter : 0),
            isStalled: stall < c.stallRate,
            errorStatus: error < c.errorRate ? [500, 502, 503, 504][variant % 4] : nil,
            malformation: malformed < c.malformedRate ? Malformation(variant: variant) : nil
        )
    }
}

/// How a good JSON body is broken.
enum Malformation: Sendable, Equatable {
    /// Cut short, as when a connection drops mid-body behind a proxy.
    case truncated(fraction: Double)
    /// An HTML page where JSON was promised.
    case htmlPage
    /// JSON with a stray token: a trailing comma and an unquoted word.
    case invalidToken

    init(variant: Int) {
        switch variant % 3 {
        case 0: self = .truncated(fraction: 0.2 + Double(variant % 61) / 100)
        case 1: self = .htmlPage
        default: self = .invalidToken
        }
    }

    func apply(to response: ReplicaResponse) -> ReplicaResponse {
        var broken = response
        switch self {
        case let .truncated(fraction):
            let body = response.body
            // A bare number or `null` cut short can still be valid JSON; those get the token fault.
            guard let first = body.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "["), body.count > 1 else {
                return Malformation.invalidToken.apply(to: response)
            }
            let cut = min(max(1, Int(Double(body.count) * fraction)), body.count - 1)
            broken.body = Array(body.prefix(cut))
        case .htmlPage:
            broken.body = Array("<!DOCTYPE html>\n<html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>\n".utf8)
        case .invalidToken:
            broken.body = Array("{\"oops\": undefined,}".utf8) + response.body
        }
        return broken
    }
}
