import FeedTestSupport
import Foundation
import Testing

/// Every signal whose default action ends the process gives the terminal back before it does:
/// the binary in tmux, each signal sent with kill(2), tmux's own view of the modes read after.
@Suite(.serialized) struct SignalRestoreTests {
    /// signal(7), Linux x86-64: every signal whose default action is "Term" or "Core", but KILL
    /// (cannot be caught) and PIPE (feedscroll ignores it); and the first, a middle and the last
    /// real-time signal (default action: terminate).
    static let terminating: [(name: String, number: Int32)] = [
        ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("ILL", SIGILL), ("TRAP", SIGTRAP),
        ("ABRT", SIGABRT), ("BUS", SIGBUS), ("FPE", SIGFPE), ("USR1", SIGUSR1), ("SEGV", SIGSEGV),
        ("USR2", SIGUSR2), ("ALRM", SIGALRM), ("TERM", SIGTERM), ("STKFLT", SIGSTKFLT), ("XCPU", SIGXCPU),
        ("XFSZ", SIGXFSZ), ("VTALRM", SIGVTALRM), ("PROF", SIGPROF), ("IO", SIGIO), ("PWR", SIGPWR), ("SYS", SIGSYS),
        ("RTMIN", __libc_current_sigrtmin()), ("RTMIN+7", __libc_current_sigrtmin() + 7), ("RTMAX", __libc_current_sigrtmax()),
    ]

    /// Runs in batches of six panes at once: each pane idles once drawn, so the batch costs
    /// little more than one.
    ///
    /// The pane outlives feedscroll (its shell prints how it ended, then waits in `cat`), so the
    /// modes are read from a live pane, after that line: tmux has processed everything
    /// feedscroll wrote before it died. (A dead pane's flags are tmux's own business.)
    @Test func everyTerminatingSignalRestoresTheTerminal() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        for start in stride(from: 0, to: Self.terminating.count, by: 6) {
            let batch = Self.terminating[start..<min(start + 6, Self.terminating.count)]
            // No core files: the crash signals dump core by default.
            let panes = try batch.map { _ in
                try TmuxSession(
                    command: "sh -c 'ulimit -c 0; exec \(FeedscrollBinary.path) demo --latency-ms 0'; echo \"ended $?\"; exec cat",
                    environment: ["LC_ALL": "C.UTF-8"])
            }
            for (pane, signal) in zip(panes, batch) {
                try pane.waitForText("points", timeout: 20)
                // The modes are on, so the check after the signal can fail.
                let before = try pane.terminalModes()
                #expect(before.alternateScreen && !before.cursorVisible && before.mouse, "SIG\(signal.name): modes before \(before)")
                kill(try pane.descendantPID(named: "feedscroll"), signal.number)
            }
            for (pane, signal) in zip(panes, batch) {
                // Rows joined, spaces dropped: a terminal left in a bad state wraps the line anywhere.
                try pane.waitFor({ $0.joined().filter { $0 != " " }.contains("ended\(128 + signal.number)") },
                                 timeout: 20, description: "SIG\(signal.name)'s end")
                let after = try pane.terminalModes()
                #expect(!after.alternateScreen, "SIG\(signal.name) left the alternate screen on")
                #expect(after.cursorVisible, "SIG\(signal.name) left the cursor hidden")
                #expect(!after.mouse, "SIG\(signal.name) left mouse reporting on")
            }
        }
    }
}
