import FeedTestSupport
import Foundation
import Testing

/// The real binary in a real terminal (tmux), driven by keys and read back as text.
@Suite(.serialized) struct TerminalScreenTests {
    let binary = FeedscrollBinary.path

    func start(_ arguments: String, columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(command: "exec \(binary) \(arguments)", columns: columns, rows: rows, environment: ["LC_ALL": "C.UTF-8"])
    }

    /// The line the cursor is on (the one with the ▌ marker), without the marker.
    func cursorTitle(_ screen: [String]) -> String? {
        screen.first { $0.hasPrefix("▌") }.map { String($0.dropFirst(2)) }
    }

    @Test func firstRowsAppearWithStatusLine() throws {
        let tmux = try start("demo --latency-ms 50")
        // Rows and status line together: tmux can be read between the rows and the status line
        // of one frame's output, so wait for both rather than take the first rows as the frame.
        let screen = try tmux.waitFor({ $0.contains { $0.contains("points") } && $0[23].contains("demo · 1/") }, description: "first rows")
        #expect(screen[0].hasPrefix("▌ "))
        #expect(screen[23].contains("? help"))
        #expect(try tmux.alternateScreenOn())
    }

    /// On a cursor feed (Reddit's `after`), G goes to the last loaded item and the next page
    /// loads under the footer. (The demo feed can jump: G there fetches its last page directly.)
    @Test func bottomShowsLoadingFooterThenMoreRows() throws {
        let replica = try ServeProcess("--items 200 --latency-ms 700")
        let base = try #require(replica.baseURLs["reddit"])
        let tmux = try start("reddit swift --base-url \(base) --page-size 20")
        try tmux.waitForText("1 page", timeout: 15)
        try tmux.waitFor({ !$0.contains { $0.contains("⇣") } }, timeout: 15, description: "second page loaded, nothing in flight")
        try tmux.sendKeys("G")
        // The footer is drawn before the status line (tmux can be read mid-frame): wait for the
        // status line of the same frame too, the one with G's request in flight (none was before).
        let bottom = try tmux.waitFor({ $0.contains { $0.contains("Loading more…") } && $0[23].contains("⇣") },
                                      description: "the loading footer and G's request in flight")
        let end = try #require(bottom[23].firstMatch(of: /· (\d+)\/\d+/).flatMap { Int($0.1) }, "a position: \(bottom[23])")
        #expect(bottom[23].contains("G: last loaded (cursor paging)"))
        try tmux.waitFor({ !$0.contains { $0.contains("⇣") || $0.contains("Loading more") } }, timeout: 15, description: "the next page in")
        // The cursor can now move past where the list ended when G was pressed.
        try tmux.sendKeys("j")
        let after = try tmux.waitFor({ $0[23].contains(" \(end + 1)/") }, description: "cursor on item \(end + 1), past the old end")
        #expect(after.filter { $0.hasPrefix("▌ ") }.count == 1)
    }

    @Test func shortFeedReachesEndFooter() throws {
        let tmux = try start("demo --items 50 --latency-ms 0")
        try tmux.waitForText("points")
        // G goes to the last item loaded so far; once every page is in, it shows the end.
        try tmux.sendKeys("G")
        try tmux.waitForText("3 pages")
        try tmux.sendKeys("G")
        // The status line is drawn after the footer (tmux can be read mid-frame), and the pages
        // before the last may still be on their way: wait for the cursor on 50 and nothing in flight.
        let screen = try tmux.waitFor({ $0[22].contains("end of feed · 50 items") && $0[23].contains("50/50") && !$0[23].contains("⇣") },
                                      description: "the end footer, the cursor on 50, nothing in flight")
        #expect(screen[23].contains("3 pages"), "every page in: \(screen[23])")
    }

    @Test func errorFooterAndRetry() throws {
        // Seed 101 at a 50% failure rate fails attempts 1–4 (the first load and its three
        // retries in the transport) and lets attempt 5, the one `r` makes, succeed. The draws follow the
        // order of attempts, so the lead is held below a page: one page in flight, no pipeline.
        let tmux = try start("demo --fail-rate 0.5 --seed 101 --latency-ms 0 --prefetch 10")
        let failed = try tmux.waitForText("press r to retry", timeout: 20)
        #expect(failed.contains { $0.contains("simulated failure") })
        try tmux.sendKeys("r")
        try tmux.waitForText("points", timeout: 20)
    }

    @Test func resizeKeepsTheCursorItem() throws {
        let tmux = try start("demo --latency-ms 0")
        try tmux.waitForText("points")
        for _ in 0..<7 { try tmux.sendKeys("j") }
        let screen = try tmux.waitFor({ $0[23].contains(" 8/") }, description: "cursor on item 8")
        let title = try #require(cursorTitle(screen))
        let prefix = String(title.prefix(20))
        for (columns, rows) in [(60, 20), (120, 40), (80, 24)] {
            try tmux.resize(columns: columns, rows: rows)
            try tmux.waitFor(
                { screen in screen.count == rows && (self.cursorTitle(screen)?.hasPrefix(prefix) ?? false) && screen[rows - 1].contains(" 8/") },
                description: "item 8 still under the cursor at \(columns)×\(rows)")
        }
    }

    @Test func quitRestoresTheTerminal() throws {
        let tmux = try start("demo --latency-ms 0")
        try tmux.waitForText("points")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
        #expect(try !tmux.alternateScreenOn())
    }

    @Test func controlCRestoresTheTerminal() throws {
        let tmux = try start("demo --latency-ms 0")
        try tmux.waitForText("points")
        try tmux.sendKeys("C-c")
        #expect(try tmux.waitForExit() == .signalled(SIGINT))
        #expect(try !tmux.alternateScreenOn())
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let tmux = try start("demo --latency-ms 0")
        try tmux.waitForText("points")
        let pid = try feedscrollPID(tmux)
        kill(pid, SIGTERM)
        #expect(try tmux.waitForExit() == .signalled(SIGTERM))
        #expect(try !tmux.alternateScreenOn())
    }

    /// Runs feedscroll in a pane with stderr captured to a file; returns (stderr lines, screen).
    func runFailing(_ arguments: String, term: String? = nil, columns: Int = 80, rows: Int = 24) throws -> ([String], TmuxSession) {
        let errors = "/tmp/feedscroll-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err"
        defer { unlink(errors) }
        let prefix = term.map { "TERM=\($0) " } ?? ""
        let tmux = try TmuxSession(
            command: "\(prefix)exec \(binary) \(arguments) 2>\(errors)", columns: columns, rows: rows,
            environment: ["LC_ALL": "C.UTF-8"])
        #expect(try tmux.waitForExit() == .exited(1))
        let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        return (text.split(separator: "\n").map(String.init), tmux)
    }

    @Test(arguments: ["dumb", "no-such-terminal-xyz"])
    func unusableTermIsAOneLineError(_ term: String) throws {
        let (errors, tmux) = try runFailing("demo", term: term)
        #expect(errors.count == 1 && errors[0].hasPrefix("feedscroll: TERM '\(term)'"), "\(errors)")
        #expect(try !tmux.alternateScreenOn())
    }

    // A too-small terminal is no longer an error: SuspendAndSizeTests.tooSmallShowsANoticeUntilResized.

    @Test func closingTheTerminalEndsTheProcess() throws {
        let tmux = try start("demo --latency-ms 0")
        try tmux.waitForText("points")
        let pid = try feedscrollPID(tmux)
        tmux.kill()
        let deadline = Date().addingTimeInterval(10)
        while isRunning(pid) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(!isRunning(pid), "feedscroll \(pid) outlived its terminal")
    }

    /// Alive and not a zombie.
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ")") else { return false }
        return !stat[close.upperBound...].hasPrefix(" Z")
    }

    @Test func idleUsesNoCPU() throws {
        let tmux = try start("demo --items 30 --latency-ms 0")
        try tmux.waitForText("points")
        try tmux.sendKeys("G")
        // Idle means nothing in flight either: a page or picture on its way turns the spinner.
        try tmux.waitFor({ $0.contains { $0.contains("end of feed") } && !$0[23].contains("⇣") && !$0[23].contains("▣") },
                         description: "the end of the feed, nothing in flight")
        let pid = try feedscrollPID(tmux)
        let before = try cpuTicks(pid)
        // A measurement window, not synchronisation: an idle feedscroll sits in poll() with no timeout.
        Thread.sleep(forTimeInterval: 1.0)
        let after = try cpuTicks(pid)
        #expect(after - before <= 1, "CPU ticks while idle: \(after - before)")
    }

    /// The pane runs a wrapper shell whose child is feedscroll (`exec` replaces the subshell).
    private func feedscrollPID(_ tmux: TmuxSession) throws -> Int32 {
        let shell = try tmux.display("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return try #require(children.split(separator: " ").compactMap { Int32($0) }.first, "feedscroll's pid")
    }

    private func cpuTicks(_ pid: Int32) throws -> Int {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
        return Int(fields[11])! + Int(fields[12])!  // utime + stime (fields 14 and 15)
    }
}
