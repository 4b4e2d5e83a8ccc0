import Foundation
internal import Hummingbird
internal import Logging
internal import NIOCore
internal import ServiceLifecycle
import Synchronization

/// The loopback replica of every public API feedscroll browses, with injected faults.
///
/// ```
/// let running = try await Replica.start(ReplicaConfiguration(port: 0, drift: 2))
/// running.baseURLs["hn"]   // http://127.0.0.1:PORT/hn/v0
/// await running.stop()
/// ```
public final class Replica: Sendable {
    let router: ReplicaRouter
    private let stalls = StallGate()
    /// Opens when the replica stops, ending every latency wait so in-flight answers go out at once.
    private let stopping = StallGate()
    /// How many requests are held open by a stall right now.
    var heldStalls: Int { stalls.heldCount }
    /// The server's service group and the task running it, while it runs.
    private let serving: Mutex<(group: ServiceGroup, task: Task<Void, Never>)?> = Mutex(nil)

    private init(router: ReplicaRouter) {
        self.router = router
    }

    /// Starts the server on 127.0.0.1 and returns once it is listening.
    ///
    /// - Parameter configuration: port, data set and faults.
    /// - Returns: the running replica, with its bound port and one base URL per API.
    /// - Throws: when the port cannot be bound.
    public static func start(_ configuration: ReplicaConfiguration) async throws -> RunningReplica {
        let now = Date().timeIntervalSince1970
        let apis = ReplicaCatalog.makeAPIs(configuration: configuration, startedAt: now)
        let replica = Replica(router: ReplicaRouter(configuration: configuration, apis: apis))
        let port = try await replica.run(port: configuration.port)
        var baseURLs: [String: URL] = [:]
        for api in apis {
            baseURLs[api.name] = URL(string: "http://127.0.0.1:\(port)\(api.prefix)")
        }
        return RunningReplica(replica: replica, port: port, baseURLs: baseURLs, configuration: configuration)
    }

    // MARK: - Serving

    private func run(port: Int) async throws -> Int {
        let (bound, boundContinuation) = AsyncStream<Result<Int, any Error>>.makeStream()
        let responder = ReplicaResponder(router: router, stalls: stalls, stopping: stopping)
        let app = Application(
            responder: responder,
            server: .http1(configuration: .init(additionalChannelHandlers: [ClientCloseWatch(), HTTP10Close()])),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: nil),
            onServerRunning: { channel in
                boundContinuation.yield(.success(channel.localAddress?.port ?? port))
            },
            logger: Logger(label: "feedscroll.replica", factory: { _ in SwiftLogNoOpLogHandler() })
        )
        let logger = Logger(label: "feedscroll.replica", factory: { _ in SwiftLogNoOpLogHandler() })
        // In a service group of its own, so that stopping is a graceful shutdown: the listener
        // closes and every connection finishes its answer. Cancelling the serving task instead
        // tears connections down mid-write, and NIO traps on a writer deinited unfinished
        // (`serve` died of SIGILL at Ctrl-C in 8 of 12 tries with 30 requests in flight).
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        let runTask = Task {
            do {
                try await group.run()
            } catch {
                boundContinuation.yield(.failure(error))
            }
            boundContinuation.finish()
        }
        serving.withLock { $0 = (group, runTask) }
        for await result in bound {
            return try result.get()
        }
        throw CancellationError()
    }

    /// Releases stalled requests, ends latency waits, stops listening and waits until every
    /// connection has finished and the server has shut down.
    func stop() async {
        stalls.open()
        stopping.open()
        guard let running = serving.withLock({ serving in defer { serving = nil }; return serving }) else { return }
        await running.group.triggerGracefulShutdown()
        // A connection that never finishes (a client stuck mid-request) must not hold the stop
        // for ever: after a grace period the serving task is cancelled.
        let serving = running.task
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(10))
            if !Task.isCancelled { serving.cancel() }
        }
        await serving.value
        watchdog.cancel()
    }
}

/// A replica that is listening.
public struct RunningReplica: Sendable {
    let replica: Replica
    /// The bound TCP port on 127.0.0.1.
    public let port: Int
    /// Source name → API root, e.g. `"hn"` → `http://127.0.0.1:PORT/hn/v0`. Pass it as `--base-url`.
    public let baseURLs: [String: URL]
    /// The configuration it runs with.
    public let configuration: ReplicaConfiguration

    /// Source names in the order `feedscroll serve` prints them.
    public static let sourceNames = ReplicaCatalog.sourceNames

    /// Stops the server; stalled requests are released first. Safe to call twice.
    public func stop() async { await replica.stop() }
}

// MARK: - Transport

/// Adapts `ReplicaRouter` to Hummingbird: sleeps for latency, holds stalls, writes the answer.
/// A client that closes its connection during the latency or a stall is counted as `cancelled`.
private struct ReplicaResponder: HTTPResponder {
    typealias Context = ReplicaContext
    let router: ReplicaRouter
    let stalls: StallGate
    let stopping: StallGate

    func respond(to request: Request, context: Context) async throws -> Response {
        let host = request.head.authority ?? "127.0.0.1"
        // Polling `/_stats` must not lengthen the chain it measures.
        let round = request.uri.path.hasPrefix("/_stats") ? nil : router.startRound()
        let outcome = router.handle(
            method: request.method.rawValue, path: request.uri.path, rawQuery: request.uri.query,
            host: host, now: Date().timeIntervalSince1970,
            acceptsGzip: request.headers[.acceptEncoding]?.contains("gzip") ?? false,
            headers: [("if-none-match", request.headers[.ifNoneMatch]), ("if-modified-since", request.headers[.ifModifiedSince])]
                .compactMap { name, value in value.map { (name, $0) } }
        )
        switch outcome {
        case let .respond(response, delayMs):
            if delayMs > 0 {
                let watch = await context.closeWatch()
                let stopping = self.stopping
                if await Self.clientCloses(watch, on: context.channel, before: { await Self.sleep(delayMs, unless: stopping) }) {
                    router.countCancelled(path: request.uri.path)
                    throw CancellationError()
                }
            }
            if let round { router.answered(round: round) }
            var fields = HTTPFields()
            for (name, value) in response.headers {
                // `HTTPFields.Element` is HTTPTypes' `HTTPField`, reached through what Hummingbird exports.
                if let fieldName = HTTPFields.Element.Name(name) { fields.append(HTTPFields.Element(name: fieldName, value: value)) }
            }
            if let stream = response.stream, response.body.isEmpty {
                // Made as it is written (chunked): a body far larger than the replica should hold.
                return Response(
                    status: HTTPResponse.Status(code: response.status), headers: fields,
                    body: ResponseBody { writer in
                        var index = 0
                        while request.method != .head, let chunk = stream.chunk(index) {
                            try await writer.write(ByteBuffer(bytes: chunk))
                            index += 1
                        }
                        try await writer.finish(nil)
                    })
            }
            fields[.contentLength] = String(response.body.count)
            // HEAD: the GET's headers, its Content-Length included, and no body.
            let body = request.method == .head ? [] : response.body
            return Response(
                status: HTTPResponse.Status(code: response.status),
                headers: fields,
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: body))
            )
        case let .stall(delayMs):
            let watch = await context.closeWatch()
            let stalls = self.stalls
            if await Self.clientCloses(watch, on: context.channel, before: {
                if delayMs > 0 { try? await Task.sleep(for: .milliseconds(delayMs)) }
                await stalls.wait()
            }) {
                router.countCancelled(path: request.uri.path)
            }
            throw CancellationError()
        }
    }

    /// Sleeps for `milliseconds`, or less if `gate` opens first (the replica is stopping).
    private static func sleep(_ milliseconds: Int, unless gate: StallGate) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: .milliseconds(milliseconds)) }
            group.addTask { await gate.wait() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Runs `work`, racing it against the client closing the connection.
    /// - Returns: true when the client closed first.
    private static func clientCloses(
        _ watch: ClientCloseWatch?, on channel: any Channel, before work: @escaping @Sendable () async -> Void
    ) async -> Bool {
        guard let watch else {
            // A connection closed before its watch was looked up has left the pipeline with
            // it: that client is gone already (a request cancelled at once), not still waiting.
            if !channel.isActive { return true }
            await work()
            return false
        }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await work()
                return false
            }
            group.addTask { await watch.closed() }
            var closed = false
            if let first = await group.next() { closed = first }
            group.cancelAll()
            // The loser finishes promptly: a cancelled sleep, a cancelled wait.
            while await group.next() != nil {}
            return closed
        }
    }
}

/// Holds stalled requests until the replica stops (or their task is cancelled).
final class StallGate: Sendable {
    private struct State {
        var isOpen = false
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    func wait() async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.isOpen || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }

    /// How many requests are waiting at the gate right now.
    var heldCount: Int { state.withLock { $0.waiters.count } }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }
}
