import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

/// The real transport against a tiny HTTP/1.1 server on 127.0.0.1 (one thread, one request per
/// connection): headers, gzip, redirects, and the limits that keep a hostile server from
/// holding or swelling a load (whole-request timeout, body cap, inflation cap), and
/// cancellation closing the connection.
@Suite(.serialized)
struct AsyncHTTPTransportTests {
    /// `{"compressed":true,"text":"feed feed … "}` (200 × "feed "), gzip-compressed by Python.
    static let gzipBody = Data(base64Encoded: "H4sIAAAAAAACA6tWSs7PLShKLS5OTVGyKikqTdVRKkmtKFGyUkpLTU1RGCVGiVFiWBNKtQC/ICHeBQQAAA==")!

    /// Runs `body` with a transport, shutting its client down afterwards.
    func withTransport<T>(_ limits: AsyncHTTPTransport.Limits = patientLimits, _ body: (AsyncHTTPTransport) async throws -> T) async throws -> T {
        try await withShutDown(AsyncHTTPTransport(limits: limits), body)
    }

    /// A transport let go without `shutdown()` (a test that threw before its last line) ends
    /// its client itself: AsyncHTTPClient's debug build stops the process when a running
    /// client is released, and did so to the whole suite under load (2026-11-29, CI).
    @Test(arguments: [AsyncHTTPTransport.EventLoops.shared, .ownThread])
    func aTransportLetGoWithoutShutdownEndsItsClient(_ eventLoops: AsyncHTTPTransport.EventLoops) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        var transport: AsyncHTTPTransport? = AsyncHTTPTransport(limits: patientLimits, eventLoops: eventLoops)
        let response = try await transport?.send(HTTPRequest(url: server.url("/plain")))
        #expect(response?.status == 200)
        // The last reference goes here; without the transport's deinit shutting the client
        // down, AsyncHTTPClient's debug check stops the test process at this line.
        transport = nil
    }

    @Test func plainResponseHeadersAndRequestHeaders() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try await withTransport { try await $0.send(HTTPRequest(url: server.url("/plain"), headers: ["X-GitHub-Api-Version": "2022-11-28"])) }
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
        #expect(response.header("X-Total-Count") == "100")
        #expect(response.headers["x-total-count"] == "100")
        let head = try #require(server.requestHeads.first).lowercased()
        #expect(head.hasPrefix("get /plain http/1.1"))
        #expect(head.contains("user-agent: feedscroll/0.1.0"))
        #expect(head.contains("accept-encoding: gzip"))
        #expect(head.contains("x-github-api-version: 2022-11-28"))
    }

    /// `read` in a pipe: the client's loops on one thread of its own, which serves one request
    /// after another, and is shut down with the client (a debug build of NIO stops the test on
    /// a promise left behind).
    @Test func aClientOnItsOwnThreadFetchesAndEndsItsGroup() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        try await withShutDown(AsyncHTTPTransport(limits: patientLimits, eventLoops: .ownThread)) { transport in
            #expect(transport.eventLoopThreads == 1)
            let plain = try await transport.send(HTTPRequest(url: server.url("/plain")))
            let gzip = try await transport.send(HTTPRequest(url: server.url("/gzip")))
            #expect(String(decoding: plain.body, as: UTF8.self) == #"{"ok":true}"#)
            #expect(gzip.body.count == 1029)
        }
    }

    @Test func requestUserAgentOverridesTheDefault() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        _ = try await withTransport { try await $0.send(HTTPRequest(url: server.url("/plain"), headers: ["User-Agent": "linux:feedscroll:0.1.0"])) }
        let head = try #require(server.requestHeads.first).lowercased()
        #expect(head.contains("user-agent: linux:feedscroll:0.1.0"))
        #expect(!head.contains("user-agent: feedscroll/0.1.0"))
    }

    @Test func gzipBodiesArriveDecoded() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try await withTransport { try await $0.send(HTTPRequest(url: server.url("/gzip"))) }
        #expect(response.status == 200)
        let text = String(decoding: response.body, as: UTF8.self)
        #expect(text.hasPrefix(#"{"compressed":true,"text":"feed feed "#))
        #expect(response.body.count == 1029)
    }

    /// A request that asks for its body spooled gets it in a nameless temporary file, decoded
    /// as the in-memory one is; an error status keeps its body in memory (for its message).
    @Test func spooledBodiesArriveWholeInAFileOnlyForSuccesses() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let responses = try await withShutDown(AsyncHTTPTransport(limits: patientLimits, spoolsAbove: 0)) { spooling in
            let memory = try await spooling.send(HTTPRequest(url: server.url("/gzip")))
            let spooled = try await spooling.send(HTTPRequest(url: server.url("/gzip"), spoolsBody: true))
            return [memory, spooled, try await spooling.send(HTTPRequest(url: server.url("/unavailable"), spoolsBody: true))]
        }
        let memory = responses[0], spooled = responses[1], failed = responses[2]
        // Above the default threshold only: a small feed stays in memory.
        let small = try await withTransport { try await $0.send(HTTPRequest(url: server.url("/gzip"), spoolsBody: true)) }
        #expect(small.spooled == nil && small.body == memory.body)
        #expect(memory.spooled == nil)
        let file = try #require(spooled.spooled)
        #expect(spooled.body.isEmpty)
        #expect(file.count == 1029)
        #expect(file.data() == memory.body)
        #expect(spooled.document == .spooled(file))
        #expect(!FileManager.default.fileExists(atPath: file.name))
        #expect(failed.status == 503 && failed.spooled == nil)
        #expect(String(decoding: failed.body, as: UTF8.self) == "down")
    }

    /// The open files of this process in `directory`.
    static func openFiles(in directory: String) -> [String] {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") }
            .filter { $0.hasPrefix(directory + "/") }
    }

    /// A download cut off before its announced end fails the same way spooled or not, and a
    /// spooled one leaves no file behind, open or on disk; so does one over the cap.
    @Test func aCutOrOversizedDownloadFailsAsBeforeAndLeavesNoFile() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let transport = AsyncHTTPTransport(limits: patientLimitsCapped(at: 1 << 20), spoolDirectory: directory, spoolsAbove: 1_000)
        func failure(_ path: String, spooled: Bool) async -> FeedError? {
            do throws(FeedError) {
                _ = try await transport.send(HTTPRequest(url: server.url(path), spoolsBody: spooled))
                return nil
            } catch {
                return error
            }
        }
        let cutInMemory = await failure("/cut", spooled: false)
        let cutSpooled = await failure("/cut", spooled: true)
        let bigSpooled = await failure("/streamed-big", spooled: true)
        await transport.shutdown()
        #expect(cutInMemory != nil)
        #expect(cutSpooled?.kind == cutInMemory?.kind)
        #expect(cutSpooled?.message == cutInMemory?.message)
        #expect(bigSpooled?.message == "127.0.0.1:\(server.port): response larger than 1 MB, refused")
        #expect(Self.openFiles(in: directory).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func redirectsAreFollowed() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try await withTransport { try await $0.send(HTTPRequest(url: server.url("/redirect"))) }
        #expect(response.status == 200)
        #expect(response.url.path == "/plain")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
    }

    @Test func errorStatusesAreResponsesNotThrows() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let response = try await withTransport { try await $0.send(HTTPRequest(url: server.url("/unavailable"))) }
        #expect(response.status == 503)
        #expect(response.header("retry-after") == "3")
    }

    @Test func slowServerTimesOut() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let error = try await withTransport(.init(timeout: 0.5)) { await Self.failure(of: $0, server.url("/slow")) }
        #expect(error?.kind == .timeout)
        #expect(error?.isRetryable == true)
        #expect(error?.message.hasPrefix("127.0.0.1:\(server.port):") == true)
    }

    /// A server sending one byte every 100 ms (for a minute) never lets a read time out; the
    /// whole-request bound still ends it, long before the last byte (the bound on the time
    /// leaves room for a loaded run's pool to come back to the test).
    @Test func tricklingServerFailsWithinTheTimeout() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = try await withTransport(.init(timeout: 0.6)) { await Self.failure(of: $0, server.url("/trickle")) }
        let elapsed = ContinuousClock.now - started
        #expect(error?.kind == .timeout)
        #expect(error?.message == "127.0.0.1:\(server.port): timed out (no complete answer within 0.6 s)")
        #expect(elapsed < .seconds(30))
    }

    @Test func announcedOversizedBodyIsRefused() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let error = try await withTransport(patientLimitsCapped(at: 1 << 20)) { await Self.failure(of: $0, server.url("/announced-big")) }
        #expect(error?.kind == .connection)
        #expect(error?.isRetryable == false)
        #expect(error?.message == "127.0.0.1:\(server.port): response larger than 1 MB, refused")
    }

    @Test func streamedOversizedBodyIsCutOff() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let error = try await withTransport(patientLimitsCapped(at: 1 << 20)) { await Self.failure(of: $0, server.url("/streamed-big")) }
        #expect(error?.message == "127.0.0.1:\(server.port): response larger than 1 MB, refused")
        // The connection was closed after about the cap, not read to the end of its 64 MB.
        #expect(server.bytesWritten < 32 << 20)
    }

    /// A request's own cap (a picture's 8 MB) is tighter than the transport's, and is kept.
    @Test func requestCapTighterThanTheTransportsIsKept() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let error = try await withTransport(patientLimitsCapped(at: 16 << 20)) { transport -> FeedError? in
            do throws(FeedError) {
                _ = try await transport.send(HTTPRequest(url: server.url("/streamed-big"), maxBodyBytes: 2 << 20))
                return nil
            } catch {
                return error
            }
        }
        #expect(error?.message == "127.0.0.1:\(server.port): response larger than 2 MB, refused")
        #expect(server.bytesWritten < 32 << 20)
    }

    @Test func gzipBombIsRefused() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let error = try await withTransport { await Self.failure(of: $0, server.url("/bomb")) }
        #expect(error?.kind == .connection)
        #expect(error?.isRetryable == false)
        #expect(error?.message == "127.0.0.1:\(server.port): compressed response inflates beyond the limit, refused")
    }

    /// Cancelling the task that sends closes the connection: the server reads end-of-file.
    @Test func cancellingTheTaskClosesTheConnection() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        try await withTransport { transport in
            let request = HTTPRequest(url: server.url("/hang"))
            let task = Task { try await transport.send(request) }
            await server.events.first { $0 == "hang: request" }
            task.cancel()
            await server.events.first { $0 == "hang: closed by client" }
            let result = await task.result
            #expect(throws: FeedError.self) { try result.get() }
            if case let .failure(error as FeedError) = result { #expect(error.kind == .cancelled) }
        }
    }

    @Test func closedPortIsAConnectionError() async throws {
        let port = try LoopbackServer.unusedPort()
        let error = try await withTransport { await Self.failure(of: $0, URL(string: "http://127.0.0.1:\(port)/x")!) }
        #expect(error?.kind == .connection)
        #expect(error?.isRetryable == true)
        #expect(error?.message.hasPrefix("127.0.0.1:\(port):") == true)
    }

    static func failure(of transport: AsyncHTTPTransport, _ url: URL) async -> FeedError? {
        do {
            let response = try await transport.send(HTTPRequest(url: url))
            Issue.record("expected a failure, got HTTP \(response.status) with \(response.body.count) bytes")
            return nil
        } catch {
            return error
        }
    }
}

/// Transport failures are said in the reader's words, never the libraries' (issue 24: messages
/// quoted `read(descriptor:pointer:size:) … errno: 104` and `strict mode assertion`).
@Suite struct TransportErrorWordsTests {
    private struct Described: Error, CustomStringConvertible {
        var description: String
    }

    private let url = URL(string: "http://127.0.0.1:8080/x")!

    @Test(arguments: [
        ("read(descriptor:pointer:size:) failed: Connection reset by peer (errno: 104)", "127.0.0.1:8080: connection failed (connection reset by peer)"),
        ("write(descriptor:pointer:size:) failed: Broken pipe (errno: 32)", "127.0.0.1:8080: connection failed (broken pipe)"),
        ("HTTPParserError.strictModeAssertion", "127.0.0.1:8080: the answer is not valid HTTP"),
        ("SomethingInternal(state: .idle, channel: 0x55d1)", "127.0.0.1:8080: connection failed"),
    ])
    func librariesAreNotQuoted(description: String, expected: String) {
        let error = AsyncHTTPTransport.feedError(Described(description: description), url: url)
        #expect(error.kind == .connection)
        #expect(error.message == expected)
    }
}
