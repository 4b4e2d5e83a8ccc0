import Foundation

/// A terminal for end-to-end tests: one pane on a private tmux server.
///
/// Each session starts its own server (`tmux -L <unique name> -f /dev/null`), so tests can run
/// in parallel and never see the user's tmux. Inside the pane `TERM` is `tmux-256color`.
/// Synchronise with `waitFor`/`waitForText` (polling the screen until a condition holds),
/// never with a bare sleep. The server is killed in `deinit`.
public final class TmuxSession {
    /// A tmux command failed or a wait timed out; `description` carries the last screen.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The private server's socket name (`tmux -L`).
    public let socketName: String
    /// The session (and pane) every command targets.
    public let target = "s"
    private var isKilled = false
    /// The server's socket file, removed after `kill-server` (tmux leaves it behind).
    private var socketPath: String?
    /// Where the wrapper shell writes the command's `$?` (see `init`).
    private let statusPath: String
    /// The pane's `XDG_CACHE_HOME` when the test gave none, removed with the server.
    private let scratchCache: String?

    /// Starts `command` (run by `sh -c`) in a detached `columns`×`rows` pane.
    ///
    /// The pane stays after the command exits (`remain-on-exit`). The command runs in a
    /// subshell of a wrapper that records its `$?` in a file: tmux 3.3a's own
    /// `#{pane_dead_status}` stays empty in about one run in five. The wrapper catches (does
    /// not ignore) INT, QUIT and TERM so it outlives the command, which gets the default
    /// handlers; on HUP (`kill-server`) it writes nothing. `exec` in `command` replaces only
    /// the subshell.
    /// - Parameters:
    ///   - command: a shell command line.
    ///   - columns: pane width.
    ///   - rows: pane height.
    ///   - environment: variables set for the command (on top of this process's environment);
    ///     `XDG_CACHE_HOME` is a scratch directory of the session's own unless set here.
    /// - Throws: `Failure` if tmux cannot start.
    public init(command: String, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws {
        let (environment, scratch) = ScratchCache.applied(to: environment)
        scratchCache = scratch
        socketName = "feedscroll-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var arguments = ["-f", "/dev/null", "start-server", ";"]
        // Before the pane exists, so even a command that exits at once leaves its status.
        arguments += ["set-option", "-g", "remain-on-exit", "on", ";"]
        arguments += ["new-session", "-d", "-s", target, "-x", String(columns), "-y", String(rows)]
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) {
            arguments += ["-e", "\(name)=\(value)"]
        }
        statusPath = "/tmp/\(socketName).status"
        unlink(statusPath)
        arguments.append("trap : INT QUIT TERM; trap 'exit 129' HUP; (\n\(command)\n); s=$?; echo $s > '\(statusPath)'; exit $s")
        try tmux(arguments)
        socketPath = try? display("#{socket_path}")
    }

    deinit {
        kill()
    }

    // MARK: - Input

    /// Sends keys by tmux name (`"j"`, `"Down"`, `"NPage"`, `"C-d"`, `"Enter"`, `"Escape"`).
    public func sendKeys(_ keys: String...) throws {
        try tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (`send-keys -l`): no key-name lookup.
    public func sendLiteral(_ text: String) throws {
        try tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Runs any tmux command against this server, e.g. `["show-buffer"]`, and returns its output.
    @discardableResult
    public func command(_ arguments: String...) throws -> String {
        try tmux(arguments)
    }

    /// Resizes the window, which sends the program SIGWINCH.
    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", target, "-x", String(columns), "-y", String(rows)])
    }

    // MARK: - Output

    /// The visible screen as text, one string per row, trailing spaces removed by tmux.
    public func capture() throws -> [String] {
        try screen(["capture-pane", "-p", "-t", target])
    }

    /// The visible screen with colours and attributes as escape sequences (`capture-pane -e`).
    public func captureWithEscapes() throws -> [String] {
        try screen(["capture-pane", "-p", "-e", "-t", target])
    }

    /// Polls the screen about every 50 ms until `predicate` holds, and returns that screen.
    ///
    /// - Parameters:
    ///   - predicate: a test of the screen's rows.
    ///   - timeout: seconds to wait before giving up.
    ///   - description: what is awaited, for the failure message.
    ///   - escapes: whether the rows carry colours and attributes (`captureWithEscapes`).
    /// - Returns: the first screen for which `predicate` held.
    /// - Throws: `Failure` with the last screen seen when the deadline passes.
    @discardableResult
    public func waitFor(
        _ predicate: ([String]) -> Bool, timeout: TimeInterval = 10, description: String = "condition",
        escapes: Bool = false
    ) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        while true {
            screen = try escapes ? captureWithEscapes() : capture()
            if predicate(screen) { return screen }
            if Date() >= deadline { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Failure(description: "timed out after \(timeout) s waiting for \(description); last screen:\n"
            + screen.enumerated().map { String(format: "%3d|", $0.offset) + $0.element }.joined(separator: "\n"))
    }

    /// Waits until some row contains `text`.
    @discardableResult
    public func waitForText(_ text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor({ $0.contains { $0.contains(text) } }, timeout: timeout, description: "\"\(text)\"")
    }

    /// A tmux format evaluated for the pane, e.g. `"#{window_width}"`.
    public func display(_ format: String) throws -> String {
        let output = try tmux(["display-message", "-p", "-t", target, format])
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }

    /// Whether the program has switched to the alternate screen (and not yet back).
    public func alternateScreenOn() throws -> Bool {
        try display("#{alternate_on}") == "1"
    }

    /// Whether the command has exited.
    public func isPaneDead() throws -> Bool {
        try display("#{pane_dead}") == "1"
    }

    /// How the command ended.
    public enum Termination: Equatable, Sendable {
        case exited(Int32)
        /// A shell's `$?` above 128: the command died of this signal.
        case signalled(Int32)
    }

    /// How the command ended, or nil while it runs.
    public func termination() throws -> Termination? {
        guard let text = try? String(contentsOfFile: statusPath, encoding: .utf8),
            let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return status > 128 ? .signalled(status - 128) : .exited(status)
    }

    /// The command's exit status, or nil while it runs or if a signal ended it.
    public func exitStatus() throws -> Int32? {
        if case .exited(let status) = try termination() { return status }
        return nil
    }

    /// Polls until the command has ended.
    /// - Returns: the exit status or the signal.
    /// - Throws: `Failure` with the last screen when `timeout` passes first.
    @discardableResult
    public func waitForExit(timeout: TimeInterval = 10) throws -> Termination {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let termination = try termination() { return termination }
            if Date() >= deadline {
                throw Failure(description: "timed out after \(timeout) s waiting for the command to exit; last screen:\n"
                    + (try capture()).joined(separator: "\n"))
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// Stops the private server (and the command). Idempotent.
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? tmux(["kill-server"])
        if let socketPath { unlink(socketPath) }
        unlink(statusPath)
        scratchCache.map(ScratchCache.remove)
    }

    // MARK: - Running tmux

    private func screen(_ arguments: [String]) throws -> [String] {
        var output = try tmux(arguments)
        if output.hasSuffix("\n") { output.removeLast() }
        return output.components(separatedBy: "\n")
    }

    /// Runs `tmux -L socketName arguments…` and returns its standard output.
    ///
    /// Not Foundation's `Process`: it hands the child the calling thread's signal mask, and the
    /// test runner's dispatch threads block nearly every signal. A tmux server started that way
    /// never sees SIGCHLD or SIGTERM, so clients hang and `kill-server` does nothing (seen here).
    /// `ChildProcess` spawns with an empty mask and default handlers.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        var environment = ProcessInfo.processInfo.environment
        // Inside a user's tmux, TMUX would make tmux complain about nesting.
        environment["TMUX"] = nil
        let result: ChildProcess.Result
        do {
            result = try ChildProcess.run(["tmux", "-L", socketName] + arguments, environment: environment)
        } catch {
            throw Failure(description: "cannot run tmux: \(error)")
        }
        guard result.status == 0 else {
            let message = result.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(message)")
        }
        return result.standardOutput
    }
}
