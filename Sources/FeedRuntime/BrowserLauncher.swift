import FeedConfig
import Foundation
import Synchronization

/// Starts a browser on a link, no shell involved: a graphical one detached, a terminal one on
/// the terminal (`BrowserCommand.Launch.needsTerminal`).
enum BrowserLauncher {
    /// Starts a graphical browser and returns at once: stdio on /dev/null, in its own session
    /// so it has no controlling terminal and cannot draw on (or read from) the screen feedscroll
    /// owns (`ChildReaper` collects it when it exits).
    ///
    /// - Returns: nil once started, else a one-line reason for the status line.
    static func open(_ arguments: [String]) -> String? {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        // A new session (no controlling terminal), default signal handling, nothing blocked:
        // the child inherits none of the curses process's signal set-up.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD, SIGQUIT] {
            sigaddset(&defaults, number)
        }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(spawnSetSession | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard status == 0 else {
            return "cannot start \(arguments[0]): \(String(cString: strerror(status)))"
        }
        ChildReaper.shared.watch(pid)
        return nil
    }

    /// Runs a terminal browser on the terminal and waits for it to exit (the caller has handed
    /// the terminal over: `CursesTerminal.handOver`). It gets the terminal's stdio, stays in the
    /// foreground process group, and starts with default signal handling.
    ///
    /// - Returns: nil when it exited with status 0, else a one-line account for the status line
    ///   (`ran`: the program ran and failed, so it may have said why on the terminal).
    static func run(_ arguments: [String]) -> (note: String, ran: Bool)? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD] {
            sigaddset(&defaults, number)
        }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid = pid_t()
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let started = posix_spawnp(&pid, arguments[0], nil, &attributes, argv, environ)
        guard started == 0 else {
            return ("cannot start \(arguments[0]): \(String(cString: strerror(started)))", false)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return ("lost \(arguments[0]): \(String(cString: strerror(errno)))", false) }
        }
        let program = arguments[0]
        if status & 0x7F == 0 {
            let code = (status >> 8) & 0xFF
            return code == 0 ? nil : ("\(program) exited with status \(code)", true)
        }
        // Ended by a signal: the reader's own Ctrl-C, most likely; nothing to read.
        return ("\(program) ended by signal \(status & 0x7F)", false)
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26+), which Swift's Glibc module does not import.
    private static let spawnSetSession: Int32 = 0x80
}

/// Collects the browsers started here once they exit, so none lingers as a zombie: one SIGCHLD
/// dispatch source (libdispatch installs its own handler; the curses handlers leave SIGCHLD
/// alone) and `waitpid` with `WNOHANG`, so no thread ever waits on a child.
final class ChildReaper: Sendable {
    static let shared = ChildReaper()

    private let children = Mutex<Set<pid_t>>([])
    private let exits = Mutex<(any DispatchSourceSignal)?>(nil)

    /// Watches a child just started; reaps it at once if it has already exited.
    func watch(_ child: pid_t) {
        children.withLock { _ = $0.insert(child) }
        exits.withLock { source in
            guard source == nil else { return }
            let made = DispatchSource.makeSignalSource(signal: SIGCHLD, queue: .global(qos: .utility))
            made.setEventHandler { [self] in reap() }
            made.resume()
            source = made
        }
        // A child that exited before the source was armed raised a signal nobody saw.
        reap()
    }

    /// Collects whichever watched children have exited, waiting for none. Signals merge, so
    /// one event may stand for several exits: every watched child is asked each time.
    private func reap() {
        children.withLock { watched in
            for child in watched {
                var status: Int32 = 0
                var result: pid_t
                repeat { result = waitpid(child, &status, WNOHANG) } while result < 0 && errno == EINTR
                // Collected, or no longer our child to collect (ECHILD).
                if result == child || result < 0 { watched.remove(child) }
            }
        }
    }
}
