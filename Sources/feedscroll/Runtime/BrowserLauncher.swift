import FeedConfig
import Foundation

/// Starts a browser on a link: no shell, stdio on /dev/null, in its own session so it has no
/// controlling terminal and cannot draw on (or read from) the screen feedscroll owns.
enum BrowserLauncher {
    /// Starts the browser and returns at once (a background thread reaps it).
    ///
    /// - Returns: nil once started, else a one-line reason for the status line.
    static func open(_ link: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let arguments = BrowserCommand.arguments(opening: link, environment: environment)
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
        let child = pid
        Thread.detachNewThread {
            var exitStatus: Int32 = 0
            while waitpid(child, &exitStatus, 0) < 0 && errno == EINTR {}
        }
        return nil
    }

    /// glibc's POSIX_SPAWN_SETSID (2.26+), which Swift's Glibc module does not import.
    private static let spawnSetSession: Int32 = 0x80
}
