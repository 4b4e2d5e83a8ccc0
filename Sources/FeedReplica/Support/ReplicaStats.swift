/// Requests counted per route, for `GET /_stats`; `cancelled` counts requests whose client
/// closed the connection before the answer was sent.
struct ReplicaStats: Sendable {
    var routes: [String: Int] = [:]
    var total = 0
    var cancelled = 0
    /// `cancelled` per route (the keys of `routes`), so a test can tell closed picture
    /// requests from closed page requests.
    var cancelledRoutes: [String: Int] = [:]
    /// Round trips one after another: the longest chain of requests each started after the one
    /// before it was answered. A client that fans out adds one per level, however loaded the
    /// machine; one that goes serially adds one per request. (`/_stats` itself is not counted.)
    var rounds = 0
    var faults: [String: Int] = ["error": 0, "rateLimited": 0, "malformed": 0, "stalled": 0]
    /// Picture requests per path (below `/sprites`), so a test can see each asked for once.
    var pictures: [String: Int] = [:]

    mutating func count(route: String) {
        routes[route, default: 0] += 1
        total += 1
    }

    mutating func countFault(_ name: String) { faults[name, default: 0] += 1 }

    mutating func countPicture(path: String) { pictures[path, default: 0] += 1 }
    mutating func countCancelled(route: String) {
        cancelled += 1
        cancelledRoutes[route, default: 0] += 1
    }

    /// A request starts: its place in the chain is one after the longest chain answered so far.
    func roundOfNewRequest() -> Int { rounds + 1 }

    /// A request was answered: chains may now grow past it.
    mutating func answered(round: Int) { rounds = max(rounds, round) }

    var json: JSONValue {
        .object([
            ("routes", .object(routes.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("total", .int(total)),
            ("cancelled", .int(cancelled)),
            ("cancelledRoutes", .object(cancelledRoutes.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("rounds", .int(rounds)),
            ("faults", .object(faults.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("pictures", .object(pictures.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
        ])
    }
}
