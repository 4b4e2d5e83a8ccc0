/// Requests counted per route, for `GET /_stats`; `cancelled` counts requests whose client
/// closed the connection before the answer was sent.
struct ReplicaStats: Sendable {
    var routes: [String: Int] = [:]
    var total = 0
    var cancelled = 0
    var faults: [String: Int] = ["error": 0, "rateLimited": 0, "malformed": 0, "stalled": 0]
    /// Picture requests per path (below `/sprites`), so a test can see each asked for once.
    var pictures: [String: Int] = [:]

    mutating func count(route: String) {
        routes[route, default: 0] += 1
        total += 1
    }

    mutating func countFault(_ name: String) { faults[name, default: 0] += 1 }

    mutating func countPicture(path: String) { pictures[path, default: 0] += 1 }
    mutating func countCancelled() { cancelled += 1 }

    var json: JSONValue {
        .object([
            ("routes", .object(routes.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("total", .int(total)),
            ("cancelled", .int(cancelled)),
            ("faults", .object(faults.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("pictures", .object(pictures.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
        ])
    }
}
