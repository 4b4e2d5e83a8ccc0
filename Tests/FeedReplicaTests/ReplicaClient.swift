import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import FeedReplica

/// A loopback HTTP answer, for assertions.
struct Fetched {
    var status: Int
    var headers: [String: String]
    var body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body parsed with `JSONSerialization` (fragments allowed), or `nil` when it is not JSON.
    var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
    var object: [String: Any] { json as? [String: Any] ?? [:] }
    var array: [Any] { json as? [Any] ?? [] }
}

enum ReplicaClient {
    /// Seconds a request may wait for its answer unless a test says otherwise. The replica
    /// answers from tasks on the cooperative pool, whose two threads (two cores) a loaded
    /// `make test` lends to synchronous suites for minutes at a time: a 10 s bound failed sound
    /// answers there (2026-11-29, a 10 s timeout met after 444 s of the run). A hang still ends.
    static let patientTimeout: TimeInterval = 300

    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = patientTimeout
        configuration.httpMaximumConnectionsPerHost = 8
        return URLSession(configuration: configuration)
    }()

    static func get(_ url: URL, method: String = "GET", timeout: TimeInterval = patientTimeout) async throws -> Fetched {
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = timeout
        let (data, response) = try await session.data(for: request)
        let http = response as! HTTPURLResponse
        var headers: [String: String] = [:]
        for (key, value) in http.allHeaderFields {
            headers[String(describing: key)] = String(describing: value)
        }
        return Fetched(status: http.statusCode, headers: headers, body: data)
    }

    static func get(_ running: RunningReplica, _ source: String, _ path: String, method: String = "GET", timeout: TimeInterval = patientTimeout) async throws -> Fetched {
        let base = running.baseURLs[source]!.absoluteString
        return try await get(URL(string: base + path)!, method: method, timeout: timeout)
    }

    static func getRoot(_ running: RunningReplica, _ path: String, method: String = "GET") async throws -> Fetched {
        try await get(URL(string: "http://127.0.0.1:\(running.port)\(path)")!, method: method)
    }
}

/// Starts a replica for one test and always stops it.
func withReplica(
    _ configuration: ReplicaConfiguration = ReplicaConfiguration(items: 300, anchorTime: 1_760_000_000),
    _ body: (RunningReplica) async throws -> Void
) async throws {
    let running = try await Replica.start(configuration)
    do {
        try await body(running)
    } catch {
        await running.stop()
        throw error
    }
    await running.stop()
}
