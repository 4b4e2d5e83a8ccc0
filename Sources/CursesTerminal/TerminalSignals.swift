import CTerminalSignals
import Glibc

/// The process's signal handling while curses owns the terminal.
///
/// The handlers themselves are C (`fs_on_*` in the CTerminalSignals target) so that they are
/// async-signal-safe; they talk to the runtime through a non-blocking self-pipe whose read end
/// is `readFileDescriptor`. Their state is one global of `fs_signals.c`: in CNCursesW's header
/// it was `static`, one copy per object file, and the release build gave this module two (the
/// backend polled one pipe, the handlers wrote to the other: no resize reached the screen).
enum TerminalSignals {
    /// What a byte in the self-pipe means.
    enum Notice: Hashable {
        /// SIGWINCH: the window changed size.
        case resize
        /// SIGCONT: the process was stopped and the screen may hold anything.
        case resume
    }

    /// Every signal whose default action ends the process ("Term" or "Core" in signal(7) on
    /// Linux), but KILL, which cannot be caught, and PIPE, which stays ignored (a closed pipe
    /// is an error from `write`, not a death). Each gets the handler that gives the terminal
    /// back and dies of the same signal. The real-time signals (`SIGRTMIN`…`SIGRTMAX`, whose
    /// default action is also to terminate) follow in `terminating`.
    static let terminatingByName: [(name: String, number: Int32)] = [
        ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("ILL", SIGILL), ("TRAP", SIGTRAP),
        ("ABRT", SIGABRT), ("BUS", SIGBUS), ("FPE", SIGFPE), ("USR1", SIGUSR1), ("SEGV", SIGSEGV),
        ("USR2", SIGUSR2), ("ALRM", SIGALRM), ("TERM", SIGTERM), ("STKFLT", SIGSTKFLT), ("XCPU", SIGXCPU),
        ("XFSZ", SIGXFSZ), ("VTALRM", SIGVTALRM), ("PROF", SIGPROF), ("IO", SIGIO), ("PWR", SIGPWR), ("SYS", SIGSYS),
    ]

    /// The named terminating signals and the real-time ones glibc leaves to programs.
    static var terminating: [Int32] {
        terminatingByName.map(\.number) + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    }

    /// The self-pipe's read end (created on first use, kept for the life of the process).
    static func readFileDescriptor() -> Int32 {
        fs_signals_pipe()
    }

    /// Installs every handler. Idempotent.
    static func install() {
        // Read once at start-up by the Swift runtime, so this only helps child processes and
        // runtimes that read it late; documented in NCURSES.md as what keeps a crash on a tty
        // from waiting 30 s for a debugger.
        if getenv("SWIFT_BACKTRACE") == nil {
            setenv("SWIFT_BACKTRACE", "interactive=no", 0)
        }
        _ = fs_signals_pipe()
        for signal in terminating { _ = fs_signals_install(signal, 0) }
        _ = fs_signals_install(SIGWINCH, 1)
        _ = fs_signals_install(SIGCONT, 2)
        _ = fs_signals_install(SIGTSTP, 3)
        _ = fs_signals_install(SIGPIPE, 4)
    }

    /// Puts back the handlers that were there before `install`. Idempotent.
    static func uninstall() {
        for signal in terminating + [SIGWINCH, SIGCONT, SIGTSTP, SIGPIPE] { fs_signals_uninstall(signal) }
    }

    /// Ignores SIGINT and SIGQUIT while a program has the terminal (`true`), or takes the
    /// handlers back (`false`).
    static func handOver(_ isHandedOver: Bool) {
        fs_signals_hand_over(isHandedOver ? 1 : 0)
    }

    /// Tells the handlers whether `endwin` is needed before the process dies or stops.
    static func setCursesActive(_ isActive: Bool) {
        fs_signals_set_curses_active(isActive ? 1 : 0)
    }

    /// Posts a notice as a handler would (for tests and for the backend's own use).
    static func post(_ notice: Notice) {
        fs_signals_notify(notice == .resize ? CChar(UInt8(ascii: "W")) : CChar(UInt8(ascii: "C")))
    }

    /// Reads every pending notice from the pipe without blocking.
    static func drain() -> Set<Notice> {
        let fd = fs_signals_pipe()
        guard fd >= 0 else { return [] }
        var notices = Set<Notice>()
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                switch byte {
                case UInt8(ascii: "W"): notices.insert(.resize)
                case UInt8(ascii: "C"): notices.insert(.resume)
                default: break
                }
            }
        }
        return notices
    }
}
