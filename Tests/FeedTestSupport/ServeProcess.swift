import Foundation

/// `feedscroll serve` in a process of its own, on a free loopback port, for tests that point
/// the real binary at the replica. Stopped with SIGTERM in `deinit`.
public final class ServeProcess {
    public let pid: pid_t
    /// Source name → base URL, as `serve` printed them.
    public let baseURLs: [String: String]
    public let port: Int
    private var isStopped = false

    /// - Parameters:
    ///   - arguments: `serve` options, e.g. `--items 130 --rate-limit 5/s`.
    ///   - timeout: how long `serve` may take to print its base URLs (a loaded machine takes
    ///     a second or two); past it the process is killed and `init` throws.
    public init(_ arguments: String = "", timeout: TimeInterval = 60) throws {
        let command = "exec \(FeedscrollBinary.path) serve --port 0 \(arguments)"
        let (pid, output) = try ChildProcess.start(["/bin/sh", "-c", command], environment: ProcessInfo.processInfo.environment)
        self.pid = pid
        defer { close(output) }
        var urls: [String: String] = [:]
        var pending = ""
        var buffer = [UInt8](repeating: 0, count: 1024)
        // serve prints one line per API, then keeps stdout open; stop reading at the last one.
        let deadline = Date().addingTimeInterval(timeout)
        while urls["sprites"] == nil {
            var ready = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let remaining = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
            let polled = poll(&ready, 1, remaining)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { break }  // silent past the deadline, or poll failed
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += String(decoding: buffer[0..<count], as: UTF8.self)
            while let newline = pending.firstIndex(of: "\n") {
                let fields = pending[..<newline].split(separator: " ", omittingEmptySubsequences: true)
                if fields.count == 2 { urls[String(fields[0])] = String(fields[1]) }
                pending = String(pending[pending.index(after: newline)...])
            }
        }
        baseURLs = urls
        guard let any = urls["hn"], let url = URL(string: any), let port = url.port else {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            isStopped = true
            throw ChildProcess.SpawnError(description: "feedscroll serve printed no base URLs within \(Int(timeout)) s")
        }
        self.port = port
    }

    deinit { stop() }

    public func stop() {
        _ = stop(with: SIGTERM)
    }

    /// Sends `signal` and waits for the process to end.
    /// - Returns: its wait status (`nil` if it was already stopped).
    @discardableResult
    public func stop(with signal: Int32) -> Int32? {
        guard !isStopped else { return nil }
        isStopped = true
        kill(pid, signal)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    /// `GET /_stats` → `cancelled`: requests whose client closed the connection before the answer.
    public func cancelledCount() throws -> Int {
        let result = try ChildProcess.run(
            ["curl", "-s", "--max-time", "5", "http://127.0.0.1:\(port)/_stats"], environment: ProcessInfo.processInfo.environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (object?["cancelled"] as? Int) ?? 0
    }

    /// `GET /_stats` → `cancelledRoutes`: `cancelled` per route (`sprites/pokemon/{id}.png`, …).
    public func cancelledRoutes() throws -> [String: Int] {
        let result = try ChildProcess.run(
            ["curl", "-s", "--max-time", "5", "http://127.0.0.1:\(port)/_stats"], environment: ProcessInfo.processInfo.environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (object?["cancelledRoutes"] as? [String: Int]) ?? [:]
    }

    /// `GET /_stats`'s `rounds`: the longest chain of requests each started after the one before
    /// was answered (round trips one after another, whatever the machine's load).
    public func rounds() throws -> Int {
        let result = try ChildProcess.run(
            ["curl", "-s", "--max-time", "5", "http://127.0.0.1:\(port)/_stats"], environment: ProcessInfo.processInfo.environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (object?["rounds"] as? Int) ?? 0
    }

    /// `GET /_stats` → `faults`: requests answered with each fault (`rateLimited`, `error`, …).
    public func faultStats() throws -> [String: Int] {
        let result = try ChildProcess.run(
            ["curl", "-s", "--max-time", "5", "http://127.0.0.1:\(port)/_stats"], environment: ProcessInfo.processInfo.environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (object?["faults"] as? [String: Int]) ?? [:]
    }

    /// A JSON document fetched with curl (the replica's own answers, read beside the program under test).
    public static func fetchJSON(_ url: String) throws -> Any {
        let result = try ChildProcess.run(["curl", "-s", "--max-time", "5", url], environment: ProcessInfo.processInfo.environment)
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
    }

    /// `GET /_stats`: requests per route.
    public func routeStats() throws -> [String: Int] {
        let result = try ChildProcess.run(
            ["curl", "-s", "--max-time", "5", "http://127.0.0.1:\(port)/_stats"], environment: ProcessInfo.processInfo.environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (object?["routes"] as? [String: Int]) ?? [:]
    }

    /// `GET /_stats` `pictures`: requests per picture path below `/sprites`.
    public func pictureStats() throws -> [String: Int] {
        let result = try ChildProcess.run(
            ["curl", "-s", "--max-time", "5", "http://127.0.0.1:\(port)/_stats"], environment: ProcessInfo.processInfo.environment)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        return (object?["pictures"] as? [String: Int]) ?? [:]
    }
}
