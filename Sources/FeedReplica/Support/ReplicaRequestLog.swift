/// The requests the replica was sent, in the order they arrived, for `GET /_requests`: when each
/// arrived, its path, the fault drawn for it and the delay its answer waits. The client's
/// critical path under a fault mix (which row's request was refused, when its retry came, what
/// was sent meanwhile) read from the server's side, without a traced client build.
/// Keeps the last `capacity`; `/_stats/reset` clears it with the counts.
struct ReplicaRequestLog: Sendable {
    static let capacity = 4096

    struct Entry: Sendable {
        var at: Double
        var path: String
        var outcome: String
        var delayMs: Int
    }

    private(set) var entries: [Entry] = []
    /// Entries dropped from the front once `capacity` was reached.
    private(set) var dropped = 0

    /// Notes a request arriving at `at` (wall-clock seconds) and what was drawn for it.
    mutating func record(at: Double, path: String, decision: FaultDecision) {
        let outcome: String
        if decision.window?.isExceeded == true {
            outcome = "rateLimited"
        } else if decision.isStalled {
            outcome = "stalled"
        } else if let status = decision.errorStatus {
            outcome = "error \(status)"
        } else if decision.malformation != nil {
            outcome = "malformed"
        } else {
            outcome = "ok"
        }
        entries.append(Entry(at: at, path: path, outcome: outcome, delayMs: decision.delayMs))
        if entries.count > Self.capacity {
            dropped += entries.count - Self.capacity
            entries.removeFirst(entries.count - Self.capacity)
        }
    }

    var json: JSONValue {
        .object([
            ("dropped", .int(dropped)),
            ("requests", .array(entries.map { entry in
                .object([
                    ("at", .double(entry.at)),
                    ("path", .string(entry.path)),
                    ("outcome", .string(entry.outcome)),
                    ("delayMs", .int(entry.delayMs)),
                ])
            })),
        ])
    }
}
