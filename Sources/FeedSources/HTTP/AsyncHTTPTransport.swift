import AsyncHTTPClient
import FeedModel
import Foundation
import NIOPosix
import Synchronization

/// The real network: an `HTTPTransport` over AsyncHTTPClient (SwiftNIO), which waits without
/// holding a thread and closes the connection when the task that sent a request is cancelled.
///
/// One instance (one `HTTPClient`) serves the whole process; call `shutdown()` once at the end.
/// Every attempt is bounded three ways, so no server can hold or swell a load:
/// - **time**: `timeout` bounds the whole exchange, connect to last body byte, so a server that
///   trickles a byte at a time still fails on time;
/// - **size**: a body larger than `maxBodyBytes` (or the request's own tighter cap), announced
///   or streamed, fails at once;
/// - **inflation**: gzip/deflate bodies are decoded with a ratio limit, so a gzip bomb fails
///   after a bounded amount of work instead of filling memory.
/// Redirects are followed. Request headers override the defaults.
public final class AsyncHTTPTransport: HTTPTransport {
    /// The limits every request is held to.
    public struct Limits: Sendable, Equatable {
        /// Seconds the whole exchange may take.
        public var timeout: Double
        /// The largest body accepted, after decompression.
        public var maxBodyBytes: Int
        /// The largest decompressed-to-compressed ratio accepted.
        public var maxInflationRatio: Int
        /// Connections per host the pool opens at most (a soft limit); match it to the fan-out
        /// widths of all lanes together so no request of one lane queues behind another's.
        public var connectionsPerHost: Int

        public init(timeout: Double = 10, maxBodyBytes: Int = 16 << 20, maxInflationRatio: Int = 100, connectionsPerHost: Int = 16) {
            self.timeout = timeout
            self.maxBodyBytes = maxBodyBytes
            self.maxInflationRatio = maxInflationRatio
            self.connectionsPerHost = connectionsPerHost
        }
    }

    /// The threads the client's event loops run on.
    public enum EventLoops: Sendable, Equatable {
        /// NIO's group for the whole process, a thread a core, made at the first client: a
        /// run with many sources and lanes.
        case shared
        /// A group of one thread of the client's own, ended by `shutdown()`: one fetch from
        /// the command line (`read` in a pipe), which needs no thread a core to start.
        case ownThread
    }

    public let limits: Limits
    private let client: HTTPClient
    /// The group made for `.ownThread`, shut down after the client.
    private let ownGroup: MultiThreadedEventLoopGroup?
    private let userAgent: String
    /// Where bodies a request asks to spool are written (each unlinked as soon as it is made).
    private let spoolDirectory: String
    /// Bodies no larger than this stay in memory even when a request asks for a spool.
    private let spoolsAbove: Int
    /// Whether `shutdown()` or `shutdownBlocking()` was called.
    private let isShutDown = Mutex(false)

    /// - Parameters:
    ///   - limits: time, size and inflation bounds, and the pool's width per host.
    ///   - userAgent: sent unless a request sets its own.
    ///   - spoolDirectory: where spooled bodies go: the temporary directory (`TMPDIR`) unless given.
    ///   - spoolsAbove: the size from which a body asked to be spooled goes to a file (a
    ///     megabyte: a small feed costs no file and no descriptor; tests spool every body with 0).
    ///   - eventLoops: NIO's shared group (the default) or one thread of the client's own.
    public init(
        limits: Limits = Limits(), userAgent: String = FeedscrollVersion.userAgent,
        spoolDirectory: String = FileManager.default.temporaryDirectory.path, spoolsAbove: Int = 1 << 20,
        eventLoops: EventLoops = .shared
    ) {
        self.limits = limits
        self.userAgent = userAgent
        self.spoolDirectory = spoolDirectory
        self.spoolsAbove = spoolsAbove
        var pool = HTTPClient.Configuration.ConnectionPool()
        pool.concurrentHTTP1ConnectionsPerHostSoftLimit = max(1, limits.connectionsPerHost)
        // A refused connection is an answer: fail at once and let `RetryingTransport` decide.
        pool.retryConnectionEstablishment = false
        let whole = Int64(max(1, (limits.timeout * 1000).rounded(.up)))
        let configuration = HTTPClient.Configuration(
            redirectConfiguration: .follow(max: 5, allowCycles: false),
            timeout: .init(connect: .milliseconds(min(whole, 10_000)), read: .milliseconds(whole)),
            connectionPool: pool,
            decompression: .enabled(limit: .ratio(max(1, limits.maxInflationRatio)))
        )
        switch eventLoops {
        case .shared:
            ownGroup = nil
            client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        case .ownThread:
            let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
            ownGroup = group
            client = HTTPClient(eventLoopGroupProvider: .shared(group), configuration: configuration)
        }
    }

    /// The number of threads the client's event loops run on.
    public var eventLoopThreads: Int {
        (ownGroup ?? MultiThreadedEventLoopGroup.singleton).makeIterator().reduce(0) { count, _ in count + 1 }
    }

    /// Closes every connection and stops the client (and its own group). Call once, at the end of the run.
    public func shutdown() async {
        isShutDown.withLock { $0 = true }
        try? await client.shutdown()
        try? await ownGroup?.shutdownGracefully()
    }

    /// `shutdown()` for a synchronous caller (the CLI's main thread, after its loop ended).
    public func shutdownBlocking() {
        isShutDown.withLock { $0 = true }
        try? client.syncShutdown()
        try? ownGroup?.syncShutdownGracefully()
    }

    /// A transport let go without `shutdown()` (a caller's error path: a test that threw before
    /// its last line) ends its client and group on their way out, from a queue of their own: the
    /// shutdown's callbacks keep them alive until it is done. Without it a debug build stops the
    /// process in `HTTPClient`'s deinit, and a release build leaks the connections.
    deinit {
        guard !isShutDown.withLock({ $0 }) else { return }
        let group = ownGroup
        client.shutdown(queue: .global()) { _ in group?.shutdownGracefully(queue: .global()) { _ in } }
    }

    public func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse {
        let timeout = limits.timeout
        // The whole exchange races a timer: AsyncHTTPClient's own deadline ends at the response
        // head, and its read timeout restarts with every byte of a trickle.
        let outcome = await withTaskGroup(of: Result<HTTPResponse, FeedError>?.self) { group in
            group.addTask { await self.attempt(request) }
            group.addTask {
                do {
                    try await Task.sleep(for: .seconds(timeout))
                } catch {
                    return nil
                }
                return .failure(Self.noAnswer(request.url, within: timeout))
            }
            var first: Result<HTTPResponse, FeedError>?
            while first == nil, let next = await group.next() {
                first = next
            }
            group.cancelAll()
            return first ?? .failure(FeedError(.cancelled, "\(Self.host(request.url)): cancelled"))
        }
        return try outcome.get()
    }

    // MARK: - Helpers

    private func attempt(_ request: HTTPRequest) async -> Result<HTTPResponse, FeedError> {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = .GET
        var defaults = ["User-Agent": userAgent, "Accept-Encoding": "gzip, deflate", "Accept": "application/json"]
        for (name, value) in request.headers {
            defaults.removeValue(forKey: defaults.keys.first { $0.lowercased() == name.lowercased() } ?? "")
            defaults[name] = value
        }
        for (name, value) in defaults { outgoing.headers.replaceOrAdd(name: name, value: value) }
        do {
            let response = try await client.execute(outgoing, timeout: .milliseconds(Int64((limits.timeout * 1000).rounded(.up))))
            var headers: [String: String] = [:]
            for field in response.headers {
                let name = field.name.lowercased()
                headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
            }
            let cap = min(limits.maxBodyBytes, request.maxBodyBytes ?? .max)
            if let announced = headers["content-length"].flatMap(Int.init), announced > cap {
                return .failure(tooLarge(request.url, cap: cap))
            }
            let status = Int(response.status.code)
            if request.spoolsBody, (200..<300).contains(status) {
                // A feed document: to a nameless temporary file as it arrives, never whole in
                // memory (a spool dropped by a failure or a cancellation frees its file). One
                // no larger than `spoolsAbove` stays in memory: a small feed costs no file.
                var body = Data()
                var spool: BodySpool?
                if let announced = headers["content-length"].flatMap(Int.init), announced > spoolsAbove {
                    spool = try BodySpool(in: spoolDirectory)
                }
                for try await chunk in response.body {
                    if let spool {
                        if spool.count + chunk.readableBytes > cap { return .failure(tooLarge(request.url, cap: cap)) }
                        try chunk.withUnsafeReadableBytes { raw in try spool.append(raw) }
                        continue
                    }
                    if body.count + chunk.readableBytes > cap { return .failure(tooLarge(request.url, cap: cap)) }
                    chunk.withUnsafeReadableBytes { body.append($0.assumingMemoryBound(to: UInt8.self)) }
                    if body.count > spoolsAbove {
                        let started = try BodySpool(in: spoolDirectory)
                        try body.withUnsafeBytes { raw in try started.append(raw) }
                        body = Data()
                        spool = started
                    }
                }
                return .success(HTTPResponse(
                    status: status, headers: headers, body: body, url: response.url ?? request.url, spooled: spool?.finish(),
                    redirects: Self.redirects(response.history)))
            }
            // Straight into the `Data` the response carries, sized by Content-Length when it is
            // sent (a 32 MB body is then one 32 MB buffer, not a grown array and a copy of it).
            var body = Data()
            if let announced = headers["content-length"].flatMap(Int.init), announced > 0 { body.reserveCapacity(announced) }
            for try await chunk in response.body {
                if body.count + chunk.readableBytes > cap { return .failure(tooLarge(request.url, cap: cap)) }
                chunk.withUnsafeReadableBytes { body.append($0.assumingMemoryBound(to: UInt8.self)) }
            }
            return .success(HTTPResponse(
                status: status, headers: headers, body: body, url: response.url ?? request.url, redirects: Self.redirects(response.history)))
        } catch let error as FeedError {
            return .failure(error)
        } catch let error as HTTPClientError where error == .deadlineExceeded {
            // The client's own deadline is the same bound as the timer's, and a loaded machine
            // lets either fire first: one message for both.
            return .failure(Self.noAnswer(request.url, within: limits.timeout))
        } catch {
            return .failure(Self.feedError(error, url: request.url))
        }
    }

    /// The redirects the client followed: each exchange of its history but the last answered
    /// with a redirect to the next one's address.
    static func redirects(_ history: [HTTPClientRequestResponse]) -> [HTTPRedirect] {
        guard history.count > 1 else { return [] }
        return zip(history, history.dropFirst()).compactMap { hop, next in
            guard let from = URL(string: hop.request.url), let to = URL(string: next.request.url) else { return nil }
            return HTTPRedirect(status: Int(hop.responseHead.status.code), from: from, to: to)
        }
    }

    /// No complete answer within the whole-request bound.
    private static func noAnswer(_ url: URL, within timeout: Double) -> FeedError {
        FeedError(.timeout, "\(host(url)): timed out (no complete answer within \(seconds(timeout)))")
    }

    private func tooLarge(_ url: URL, cap: Int) -> FeedError {
        FeedError(.connection, "\(Self.host(url)): response larger than \(cap >> 20) MB, refused", isRetryable: false)
    }

    /// Maps an AsyncHTTPClient or NIO error onto the feed's kinds, with a one-line message
    /// naming the host.
    static func feedError(_ error: any Error, url: URL) -> FeedError {
        let host = host(url)
        if Task.isCancelled || error is CancellationError { return FeedError(.cancelled, "\(host): cancelled") }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .cancelled, .requestStreamCancelled:
                return FeedError(.cancelled, "\(host): cancelled")
            case .connectTimeout:
                return FeedError(.timeout, "\(host): connect timed out")
            case .readTimeout, .deadlineExceeded:
                return FeedError(.timeout, "\(host): timed out")
            case .remoteConnectionClosed:
                return FeedError(.connection, "\(host): connection closed before the answer was complete")
            case .redirectLimitReached, .redirectCycleDetected:
                return FeedError(.connection, "\(host): too many redirects", isRetryable: false)
            case .invalidURL, .emptyHost, .emptyScheme:
                return FeedError(.invalidRequest, "\(host): unsupported URL \(url.absoluteString)")
            default:
                // The client's own case names (`HTTPClientError.tlsHandshakeTimeout`) mean nothing to a reader.
                return FeedError(.connection, "\(host): connection failed")
            }
        }
        // NIO's error types are not imported here; their names are stable API.
        let typeName = String(describing: type(of: error))
        let text = String(describing: error)
        if typeName.contains("DecompressionError") || text.contains("DecompressionError") {
            return FeedError(.connection, "\(host): compressed response inflates beyond the limit, refused", isRetryable: false)
        }
        if typeName.contains("ConnectionError") || text.contains("connectionRefused") || text.contains("Connection refused") {
            return FeedError(.connection, "\(host): cannot connect")
        }
        if text.contains("NXDOMAIN") || text.contains("lookup") {
            return FeedError(.connection, "\(host): host not found")
        }
        // NIO's descriptions name its internals (`read(descriptor:pointer:size:) failed: …
        // (errno: 104)`, `HTTPParserError.strictModeAssertion`): say what they mean instead.
        if let code = errnoCode(in: text) {
            return FeedError(.connection, "\(host): connection failed (\(String(cString: strerror(code)).lowercased()))")
        }
        if typeName.contains("HTTPParserError") || typeName.contains("HTTPDecoderError") || text.contains("HTTPParserError") {
            return FeedError(.connection, "\(host): the answer is not valid HTTP")
        }
        return FeedError(.connection, "\(host): connection failed")
    }

    /// The `errno: N` an NIO `IOError` carries in its description, if any.
    static func errnoCode(in text: String) -> Int32? {
        guard let range = text.range(of: "errno: ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        return Int32(digits).flatMap { $0 > 0 ? $0 : nil }
    }

    static func host(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
