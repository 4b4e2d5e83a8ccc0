import Foundation
import Testing
@testable import FeedReplica

@Suite struct ReplicaLifecycleTests {
    @Test func startBlockingWorksFromASynchronousThread() async throws {
        // The feedscroll runtime is a synchronous poll() loop: start and stop from a plain thread.
        let outcome: (port: Int, urls: Int, portFree: Bool) = await withCheckedContinuation { continuation in
            let thread = Thread {
                let running = try! Replica.startBlocking(ReplicaConfiguration(items: 50))
                let port = running.port
                let urls = running.baseURLs.count
                running.stopBlocking()
                running.stopBlocking()  // idempotent
                // The port is free again: a new replica can bind it.
                let again = try? Replica.startBlocking(ReplicaConfiguration(port: port, items: 50))
                again?.stopBlocking()
                continuation.resume(returning: (port, urls, again != nil))
            }
            thread.start()
        }
        #expect(outcome.port > 0)
        #expect(outcome.urls == RunningReplica.sourceNames.count)
        #expect(outcome.portFree)
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
