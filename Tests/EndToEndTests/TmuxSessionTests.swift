import FeedTestSupport
import Foundation
import Testing

/// The tmux harness itself, proven with plain shell commands (no feedscroll needed).
@Suite struct TmuxSessionTests {
    @Test func showsOutputTakesKeysAndResizes() throws {
        let session = try TmuxSession(command: "printf 'hello\\n'; cat", columns: 40, rows: 10)
        try session.waitForText("hello")
        #expect(try session.display("#{window_width}x#{window_height}") == "40x10")

        try session.sendLiteral("typed words")
        try session.sendKeys("Enter")
        // The tty echoes the line, then cat prints it back.
        let screen = try session.waitFor({ $0.filter { $0 == "typed words" }.count == 2 }, description: "echo and cat")
        #expect(screen.first == "hello")
        #expect(screen.count == 10)

        try session.resize(columns: 60, rows: 20)
        #expect(try session.display("#{window_width}") == "60")
        #expect(try session.capture().count == 20)
        #expect(try session.alternateScreenOn() == false)

        #expect(try session.termination() == nil)
        try session.sendKeys("C-d")
        #expect(try session.waitForExit() == .exited(0))
    }

    @Test func reportsTheExitStatus() throws {
        let session = try TmuxSession(command: "exit 3", columns: 20, rows: 5)
        #expect(try session.waitForExit() == .exited(3))
        #expect(try session.isPaneDead())
        #expect(try session.exitStatus() == 3)
    }

    @Test func reportsTheSignal() throws {
        let session = try TmuxSession(command: "printf 'waiting\\n'; exec sleep 30", columns: 20, rows: 5)
        try session.waitForText("waiting")
        try session.sendKeys("C-c")
        #expect(try session.waitForExit() == .signalled(SIGINT))
    }

    @Test func seesTheAlternateScreen() throws {
        let session = try TmuxSession(
            command: "tput smcup; printf 'inside\\n'; read line; tput rmcup; printf 'outside\\n'; cat",
            columns: 30, rows: 6)
        try session.waitForText("inside")
        #expect(try session.alternateScreenOn())
        try session.sendKeys("Enter")
        try session.waitForText("outside")
        #expect(try session.alternateScreenOn() == false)
    }

    @Test func passesEnvironmentAndCapturesEscapes() throws {
        let session = try TmuxSession(
            command: "printf \"$GREETING \\033[1mbold\\033[0m\\n\"; cat", columns: 30, rows: 4,
            environment: ["GREETING": "hi"])
        try session.waitForText("hi bold")
        #expect(try session.captureWithEscapes().first?.contains("\u{1B}[1mbold") == true)
    }

    @Test func waitForFailsWithTheLastScreen() throws {
        let session = try TmuxSession(command: "printf 'only this\\n'; cat", columns: 30, rows: 4)
        try session.waitForText("only this")
        do {
            try session.waitFor({ _ in false }, timeout: 0.2, description: "never")
            Issue.record("waitFor returned for a predicate that never holds")
        } catch let failure as TmuxSession.Failure {
            #expect(failure.description.contains("never"))
            #expect(failure.description.contains("only this"))
        }
    }

    @Test func findsThePackageRoot() {
        #expect(FileManager.default.fileExists(atPath: FeedscrollBinary.packageRoot.appendingPathComponent("Package.swift").path))
        #expect(FeedscrollBinary.path.hasSuffix("/.build/debug/feedscroll") || ProcessInfo.processInfo.environment["FEEDSCROLL_BIN"] != nil)
    }
}
