import Foundation
import Testing
@testable import FeedReplica

@Suite struct ReplicaLifecycleTests {
    @Test func stopIsIdempotentAndFreesThePort() async throws {
        let running = try await Replica.start(ReplicaConfiguration(items: 50))
        #expect(running.port > 0)
        #expect(running.baseURLs.count == RunningReplica.sourceNames.count)
        await running.stop()
        await running.stop()  // idempotent
        // The port is free again: a new replica can bind it.
        let again = try await Replica.start(ReplicaConfiguration(port: running.port, items: 50))
        await again.stop()
    }

    /// Stopping is a graceful shutdown: requests waiting out their latency are answered at once
    /// (cancelling the serving task instead dropped their connections, and NIO could trap on a
    /// writer left unfinished).
    @Test func stoppingAnswersTheRequestsInFlight() async throws {
        let running = try await Replica.start(ReplicaConfiguration(items: 50, latencyMs: 5_000))
        let count = 4
        let answers = Task {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for id in 1...count {
                    group.addTask { try await ReplicaClient.get(running, "hn", "/item/\(id).json").status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        // A barrier, not a time: every request is inside the replica, in its latency.
        var inside = 0
        let deadline = Date().addingTimeInterval(ReplicaClient.patientTimeout)
        while inside < count && Date() < deadline {
            let stats = try await ReplicaClient.getRoot(running, "/_stats")
            inside = (stats.object["routes"] as? [String: Int])?["hn/v0/item"] ?? 0
            if inside < count { try await Task.sleep(for: .milliseconds(20)) }
        }
        #expect(inside == count)
        await running.stop()
        #expect(try await answers.value == Array(repeating: 200, count: count))
    }

    @Test func baseURLsNameEveryAPIRoot() async throws {
        try await withReplica { running in
            let expected = [
                "hn": "/hn/v0", "algolia": "/algolia/api/v1", "pokeapi": "/pokeapi/api/v2", "github": "/github",
                "reddit": "/reddit", "mastodon": "/mastodon", "stackexchange": "/stackexchange/2.3", "lobsters": "/lobsters",
                "devto": "/devto/api", "jsonplaceholder": "/jsonplaceholder", "wikipedia": "/wikipedia/w",
                "articles": "/articles", "sprites": "/sprites", "feeds": "/feeds",
            ]
            for (name, path) in expected {
                #expect(running.baseURLs[name]?.absoluteString == "http://127.0.0.1:\(running.port)\(path)")
            }
            let index = try await ReplicaClient.getRoot(running, "/")
            #expect(index.object.count == expected.count)
            let unknown = try await ReplicaClient.getRoot(running, "/nope")
            #expect(unknown.status == 404)
        }
    }

    @Test func headAnswersWithHeadersOnly() async throws {
        try await withReplica { running in
            let head = try await ReplicaClient.get(running, "pokeapi", "/pokemon/1/", method: "HEAD")
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.header("Cache-Control") != nil)
        }
    }

    @Test func startFailsWhenThePortIsTaken() async throws {
        try await withReplica { running in
            await #expect(throws: (any Error).self) {
                let second = try await Replica.start(ReplicaConfiguration(port: running.port, items: 10))
                await second.stop()
            }
        }
    }
}
