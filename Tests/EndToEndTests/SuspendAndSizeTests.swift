import FeedTestSupport
import Foundation
import Testing

/// Ctrl-Z and `fg` under a real job-control shell, and the smallest terminals.
@Suite(.serialized) struct SuspendAndSizeTests {
    let binary = FeedscrollBinary.path

    func start(_ arguments: String, columns: Int, rows: Int) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        return try TmuxSession(command: "exec \(binary) \(arguments)", columns: columns, rows: rows, environment: ["LC_ALL": "C.UTF-8"])
    }

    @Test func controlZSuspendsAndFgRedraws() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        // An interactive shell owns job control in the pane: Ctrl-Z stops feedscroll for real and
        // the shell reports it; `fg` continues it (SIGCONT) in the foreground.
        let tmux = try TmuxSession(
            command: "PS1='shell$ ' HISTFILE=/dev/null exec bash --norc --noprofile -i", columns: 80, rows: 24,
            environment: ["LC_ALL": "C.UTF-8"])
        try tmux.waitForText("shell$")
        // One command, not a list: bash goes on with a list when its job stops.
        try tmux.sendLiteral("\(binary) demo --latency-ms 0")
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[23].contains("demo · 1/") }, description: "feedscroll running")
        #expect(try tmux.alternateScreenOn())
        try tmux.sendKeys("j", "j")
        try tmux.waitFor({ $0[23].contains("demo · 3/") }, description: "cursor on item 3")

        try tmux.sendKeys("C-z")
        // bash writes the job's line and then the prompt: wait for both.
        let stopped = try tmux.waitFor({ $0.contains { $0.contains("Stopped") } && $0.last { !$0.isEmpty }?.hasPrefix("shell$") == true },
                                       description: "the shell saw the stop and prompts again")
        #expect(try !tmux.alternateScreenOn(), "the normal screen is back while stopped")
        #expect(try tmux.display("#{cursor_flag}") == "1", "the cursor is visible while stopped")
        #expect(try tmux.display("#{mouse_any_flag}") == "0", "mouse reporting is off while stopped")
        #expect((stopped.firstIndex { $0.contains("Stopped") } ?? .max) < (stopped.lastIndex { $0.hasPrefix("shell$") } ?? -1),
                "the prompt is back, after the job's line")

        try tmux.sendLiteral("fg")
        try tmux.sendKeys("Enter")
        let resumed = try tmux.waitFor({ $0[23].contains("demo · 3/") && $0.contains { $0.hasPrefix("▌ ") } }, description: "redrawn on fg")
        #expect(try tmux.alternateScreenOn())
        #expect(!resumed.contains { $0.contains("Stopped") || $0.contains("shell$") }, "the whole screen was redrawn")
        try tmux.sendKeys("j")
        try tmux.waitFor({ $0[23].contains("demo · 4/") }, description: "keys work after fg")
        try tmux.sendKeys("q")
        try tmux.waitFor({ $0.last { !$0.isEmpty } == "shell$" }, description: "the prompt after q")
        #expect(try !tmux.alternateScreenOn())
        try tmux.sendLiteral("echo status=$?")
        try tmux.sendKeys("Enter")
        try tmux.waitForText("status=0")
    }

    @Test func twentyByFiveIsUsable() throws {
        let tmux = try start("demo --latency-ms 0", columns: 20, rows: 5)
        // At 20 columns the status line keeps the position and drops the rest, visibly (`…`).
        var screen = try tmux.waitFor({ $0[4].hasPrefix(" 1/") && $0[4].hasSuffix("…") }, description: "the list at 20×5")
        #expect(screen[0].hasPrefix("▌ "))
        #expect(!screen.joined().contains("too small"))
        let first = screen[0]
        for expected in 2...6 {
            try tmux.sendKeys("j")
            screen = try tmux.waitFor({ $0[4].hasPrefix(" \(expected)/") }, description: "item \(expected)")
            #expect(screen[0].hasPrefix("▌ "), "the cursor row stays on screen")
        }
        #expect(screen[0] != first, "the list scrolled")
        try tmux.sendKeys("G")
        screen = try tmux.waitFor({ (position($0[4]) ?? 0) >= 20 }, description: "G to the last loaded item (20 or more)")
        #expect(screen[0].hasPrefix("▌ "))
    }

    /// The cursor's item number on a ` N/…` status line (the source's name dropped at 20 columns).
    func position(_ status: String) -> Int? {
        // Grouped like every number on screen (`1,000/1,000`).
        Int(String(status.drop { $0 == " " }.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)))
    }

    @Test func tooSmallShowsANoticeUntilResized() throws {
        let tmux = try start("demo --latency-ms 0", columns: 60, rows: 4)
        var screen = try tmux.waitForText("terminal too small")
        #expect(try tmux.alternateScreenOn(), "it waits instead of exiting")
        #expect(try !tmux.isPaneDead())
        try tmux.resize(columns: 40, rows: 10)
        screen = try tmux.waitFor({ $0[9].contains("demo · 1/") }, description: "the list after growing to 40×10")
        #expect(screen[0].hasPrefix("▌ "))
        try tmux.sendKeys("j")
        try tmux.waitFor({ $0[9].contains("demo · 2/") }, description: "keys work")
        try tmux.resize(columns: 19, rows: 10)
        try tmux.waitForText("too small")
        try tmux.resize(columns: 20, rows: 5)
        screen = try tmux.waitFor({ $0[4].hasPrefix(" 2/") }, description: "back at 20×5 on the same item")
        #expect(screen[0].hasPrefix("▌ "))
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
