import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program to completion with a clean signal state and collects its output.
///
/// Children get an empty signal mask and default dispositions whatever thread spawns them
/// (see `TmuxSession.tmux`). Standard input is `/dev/null`.
public enum ChildProcess {
    public struct Result: Sendable {
        /// The exit status, or 128 + the signal number if a signal ended it.
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A child that did not finish in time: its process group was killed (SIGKILL).
    public struct Timeout: Error, CustomStringConvertible {
        public let arguments: [String]
        public let seconds: TimeInterval
        /// What it wrote before it was killed.
        public let standardOutput: String
        public let standardError: String
        public var description: String {
            "\(arguments.joined(separator: " ")) did not finish in \(seconds) s and was killed; stderr: \(standardError.suffix(500))"
        }
    }

    /// Runs `arguments[0]` (looked up on `PATH`) with `arguments` and waits for it to exit.
    ///
    /// The child leads a process group of its own; if it has not finished after `timeout`
    /// seconds, the whole group (a shell's pipeline and background jobs included) is killed and
    /// `Timeout` thrown, so a hung child fails its test instead of hanging the run.
    /// - Parameters:
    ///   - arguments: the program and its arguments.
    ///   - environment: the child's whole environment; `XDG_CACHE_HOME` becomes a scratch
    ///     directory (removed afterwards) unless it is set here.
    ///   - timeout: seconds before the child's process group is killed.
    /// - Returns: exit status and output (each stream read to its end).
    /// - Throws: `SpawnError` when it cannot start, `Timeout` when it was killed for taking too long.
    public static func run(_ arguments: [String], environment: [String: String], timeout: TimeInterval = 300) throws -> Result {
        let (environment, scratch) = ScratchCache.applied(to: environment)
        defer { scratch.map(ScratchCache.remove) }
        var output: [Int32] = [-1, -1]
        var errors: [Int32] = [-1, -1]
        var pid: pid_t = 0
        let spawned = try spawnLock.withLock { _ throws(SpawnError) -> Int32 in
            // Tests spawn in parallel and no child may hold another's pipe open, so the pipes
            // become close-on-exec before any other spawn can happen (Glibc hides pipe2).
            guard pipe(&output) == 0, pipe(&errors) == 0 else {
                throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))")
            }
            for fd in output + errors { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return spawn(arguments, environment: environment, output: output[1], errors: errors[1], ownGroup: true, pid: &pid)
        }
        close(output[1])
        close(errors[1])
        defer {
            close(output[0])
            close(errors[0])
        }
        guard spawned == 0 else {
            throw SpawnError(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }

        let watchdog = Watchdog(group: pid, timeout: timeout)
        // Drain stderr on another thread so neither pipe can fill and block the child.
        let errorReader = PipeReader(fileDescriptor: errors[0])
        let standardOutput = readToEnd(output[0])
        let standardError = errorReader.finish()

        // Disarmed before the child is reaped: until then its pid, and so its group, is no other's.
        let wasKilled = watchdog.disarm()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if wasKilled {
            throw Timeout(arguments: arguments, seconds: timeout, standardOutput: standardOutput, standardError: standardError)
        }
        let signal = status & 0x7F
        let exitStatus = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        return Result(status: exitStatus, standardOutput: standardOutput, standardError: standardError)
    }

    /// Starts a program in the background with its stdout on a pipe (stderr to /dev/null).
    /// `XDG_CACHE_HOME` becomes a scratch directory unless `environment` sets it.
    /// - Returns: the child's pid and the read end of its stdout.
    public static func start(_ arguments: [String], environment: [String: String]) throws -> (pid: pid_t, output: Int32) {
        let environment = ScratchCache.applied(to: environment).environment
        var output: [Int32] = [-1, -1]
        var pid: pid_t = 0
        let devNull = open("/dev/null", O_WRONLY | O_CLOEXEC)
        defer { close(devNull) }
        let spawned = try spawnLock.withLock { _ throws(SpawnError) -> Int32 in
            guard pipe(&output) == 0 else { throw SpawnError(description: "pipe: \(String(cString: strerror(errno)))") }
            for fd in output { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            return spawn(arguments, environment: environment, output: output[1], errors: devNull, ownGroup: false, pid: &pid)
        }
        close(output[1])
        guard spawned == 0 else {
            close(output[0])
            throw SpawnError(description: "cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        return (pid, output[0])
    }

    private static let spawnLock = Mutex(())

    private static func spawn(
        _ arguments: [String], environment: [String: String], output: Int32, errors: Int32, ownGroup: Bool, pid: inout pid_t
    ) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        // A group of its own (pgid = its pid) lets a watchdog kill it with everything it started.
        if ownGroup { posix_spawnattr_setpgroup(&attributes, 0) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (ownGroup ? POSIX_SPAWN_SETPGROUP : 0)))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        return posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    }

    static func readToEnd(_ fileDescriptor: Int32) -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            data += buffer[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Kills a process group that outlives its deadline, unless disarmed first.
private final class Watchdog: Sendable {
    /// Whether it was disarmed, and whether it fired.
    private let state = Mutex((isDisarmed: false, hasFired: false))

    init(group: pid_t, timeout: TimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in fire(group) }
    }

    private func fire(_ group: pid_t) {
        state.withLock { state in
            guard !state.isDisarmed else { return }
            state.hasFired = true
            kill(-group, SIGKILL)
        }
    }

    /// Stops it from firing. Call before reaping the child.
    /// - Returns: whether it had fired.
    func disarm() -> Bool {
        state.withLock { state in
            state.isDisarmed = true
            return state.hasFired
        }
    }
}

/// Reads a file descriptor to its end on a thread of its own.
private final class PipeReader: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let text = Mutex("")

    init(fileDescriptor: Int32) {
        Thread.detachNewThread { [self] in
            let result = ChildProcess.readToEnd(fileDescriptor)
            text.withLock { $0 = result }
            done.signal()
        }
    }

    func finish() -> String {
        done.wait()
        return text.withLock { $0 }
    }
}
