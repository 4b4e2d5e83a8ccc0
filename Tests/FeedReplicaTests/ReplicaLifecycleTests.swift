import Foundation
import Testing
@testable import FeedReplica

@Suite struct ReplicaLifecycleTests {
    @Test func stopBlockingWorksFromASynchronousThread() async throws {
        // The feedscroll runtime is a synchronous poll() loop: it stops the in-process replica
        // from a plain thread when the run ends.
        let running = try await Replica.start(ReplicaConfiguration(items: 50))
        #expect(running.port > 0)
        #expect(running.baseURLs.count == RunningReplica.sourceNames.count)
        await withCheckedContinuation { (stopped: CheckedContinuation<Void, Never>) in
            Thread {
                running.stopBlocking()
                running.stopBlocking()  // idempotent
                stopped.resume()
            }.start()
        }
        // The port is free again: a new replica can bind it.
        let again = try await Replica.start(ReplicaConfiguration(port: running.port, items: 50))
        await again.stop()
    }

    @Test func baseURLsNameEveryAPIRoot() async throws {
        try await withReplica { running in
            let expected = [
                "hn": "/hn/v0", "algolia": "/algolia/api/v1", "pokeapi": "/pokeapi/api/v2", "github": "/github",
                "reddit": "/reddit", "mastodon": "/mastodon", "stackexchange": "/stackexchange/2.3", "lobsters": "/lobsters",
                "devto": "/devto/api", "jsonplaceholder": "/jsonplaceholder", "wikipedia": "/wikipedia/w",
                "sprites": "/sprites",
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
