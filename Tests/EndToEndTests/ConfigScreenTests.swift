import FeedTestSupport
import Foundation
import Testing

/// config.toml, themes, NO_COLOR, and the o / c / y keys, in the real binary in tmux.
@Suite(.serialized) struct ConfigScreenTests {
    let binary = FeedscrollBinary.path

    /// A scratch directory for config files and the fake browser's output.
    final class Scratch {
        let path = "/tmp/feedscroll-config-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String, executable: Bool = false) throws -> String {
            let file = "\(path)/\(name)"
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            if executable { chmod(file, 0o755) }
            return file
        }
    }

    /// Starts feedscroll with `environment` prefixed to the command. NO_COLOR is unset unless
    /// the prefix sets it, and XDG_CONFIG_HOME points at the scratch directory (no user config).
    func start(_ arguments: String, prefix: String = "", scratch: Scratch) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(
            command: "unset NO_COLOR; \(prefix) exec \(binary) \(arguments)",
            environment: ["LC_ALL": "C.UTF-8", "XDG_CONFIG_HOME": scratch.path])
    }

    /// SGR parameters that set a colour (39 and 49, "default colour", do not).
    /// The last SGR escape before the last line's text: what its first character is drawn in.
    /// tmux's capture writes only changes of look, carried from line to line, so the status line
    /// drawn in the meta line's look above it has no escape of its own.
    func lookOfLastLine(_ lines: [String]) -> String {
        let lead = (lines.last ?? "").prefixMatch(of: /(?:\u{1B}\[[0-9;]*m|\s)*/).map { String($0.output) } ?? ""
        let head = lines.dropLast().joined(separator: "\n") + "\n" + lead
        return head.matches(of: /\u{1B}\[[0-9;]*m/).last.map { String($0.output) } ?? ""
    }

    func colourEscapes(_ lines: [String]) -> [String] {
        let sgr = /\u{1B}\[([0-9;:]*)m/
        var found: [String] = []
        for line in lines {
            for match in line.matches(of: sgr) {
                let parameters = match.output.1.split(separator: ";").compactMap { Int($0) }
                if parameters.contains(where: { (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0) }) {
                    found.append(String(match.output.0.dropFirst()))
                }
            }
        }
        return found
    }

    @Test func reboundKeyMovesTheCursorAndHelpShowsIt() throws {
        let scratch = try Scratch()
        let config = try scratch.write("config.toml", """
            theme = "light"
            [keys]
            down = ["n"]
            """)
        let tmux = try start("--config \(config) demo --latency-ms 0", scratch: scratch)
        try tmux.waitForText("points")
        try tmux.sendKeys("n")
        try tmux.waitFor({ $0[23].contains("demo · 2/") }, description: "n moved the cursor to item 2")
        // j no longer moves down (it was rebound away); k still moves up.
        try tmux.sendKeys("j", "k")
        try tmux.waitFor({ $0[23].contains("demo · 1/") }, description: "k back to item 1, j ignored")
        try tmux.sendKeys("?")
        let help = try tmux.waitForText("Move down one item")
        let row = try #require(help.first { $0.contains("Move down one item") })
        #expect(row.contains(/\sn +Move down one item/), "\(row)")
        #expect(!row.contains("j"))
        // The light theme's dark titles (palette 235), with the cursor bar in their look, are on
        // screen once the help is gone (Esc is a key only after ncurses' escape delay); its
        // status line is in its meta lines' grey (242), no longer a blue bar.
        try tmux.sendKeys("Escape")
        let coloured = try tmux.waitFor({ !$0.contains { $0.contains("key closes") } && $0[23].contains("demo · 1/") },
                                        description: "the help closed", escapes: true)
        #expect(coloured.contains { $0.contains("38;5;235") }, "\(coloured.prefix(3))")
        #expect(coloured[0].contains(/\u{1B}\[[0-9;]*38;5;235m▌/), "\(coloured[0])")
        #expect(!coloured.contains { $0.contains(/\u{1B}\[[0-9;]*3[46]m▌/) })
        #expect(lookOfLastLine(coloured).hasSuffix("38;5;242m"), "\(coloured.suffix(3))")
    }

    @Test func namedFeedAndDefaultComeFromTheConfig() throws {
        let scratch = try Scratch()
        let config = try scratch.write("config.toml", """
            default = "tiny"
            [feeds.tiny]
            source = "demo"
            items = 3
            latency_ms = 0
            """)
        let named = try start("--config \(config) tiny", scratch: scratch)
        try named.waitForText("end of feed · 3 items")
        named.kill()
        // Bare feedscroll runs the default; the file is found through XDG_CONFIG_HOME.
        try FileManager.default.createDirectory(atPath: scratch.path + "/feedscroll", withIntermediateDirectories: true)
        _ = try scratch.write("feedscroll/config.toml", try String(contentsOfFile: config, encoding: .utf8))
        let bare = try start("", scratch: scratch)
        try bare.waitForText("end of feed · 3 items")
    }

    @Test(arguments: [
        ("[keys]\n\ndown = [\"ctrl-\"]\n", ":3: keys.down: unknown key name \"ctrl-\""),
        ("theme = \"neon\"\n", ":1: theme: unknown theme \"neon\"; themes: default, light, mono"),
        ("page_size = 10\nprefetch = = 3\n", ":2: TOML syntax error: "),
        ("[feeds.x]\nsource = \"hn\"\ncolour = 1\n", ":3: feeds.x.colour: unknown key for source \"hn\""),
    ])
    func badConfigIsOneLineAndNoTerminal(file: String, expected: String) throws {
        let scratch = try Scratch()
        let config = try scratch.write("bad.toml", file)
        let errors = scratch.path + "/stderr"
        let tmux = try start("demo --config \(config) 2>\(errors)", scratch: scratch)
        #expect(try tmux.waitForExit() == .exited(2))
        let lines = ((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.hasPrefix("feedscroll: config: \(config)\(expected)") == true, "\(lines)")
        #expect(try !tmux.alternateScreenOn())
        // Nothing was drawn: only tmux's own remain-on-exit notice.
        #expect(try tmux.capture().allSatisfy { $0.isEmpty || $0.hasPrefix("Pane is dead") })
    }

    @Test func noColorMeansNoColourEscapes() throws {
        let scratch = try Scratch()
        let plain = try start("demo --latency-ms 0", prefix: "NO_COLOR=1", scratch: scratch)
        try plain.waitForText("points")
        let mono = try plain.captureWithEscapes()
        #expect(colourEscapes(mono).isEmpty, "\(colourEscapes(mono))")
        #expect(lookOfLastLine(mono).contains(/^\u{1B}\[([0-9;]*;)?2m$/), "the status line is dim, as the meta lines: \(mono.suffix(3))")
        #expect(mono[0].contains("▌"), "the cursor is its bar, in attributes only")
        plain.kill()

        let coloured = try start("demo --latency-ms 0", scratch: scratch)
        try coloured.waitForText("points")
        let screen = try coloured.captureWithEscapes()
        let escapes = colourEscapes(screen)
        // The default theme's grey meta lines, and the status line in the same grey (not reverse
        // video); titles and the cursor bar beside them in the terminal's own colour
        // (docs/PERFORMANCE.md).
        #expect(escapes.contains { $0.hasSuffix("90m") }, "\(escapes)")
        #expect(!colourEscapes([screen[0]]).contains { $0.hasSuffix("36m") }, "no cyan bar: \(screen[0])")
        #expect(lookOfLastLine(screen).hasSuffix("[90m"), "\(screen.suffix(3))")
        #expect(screen.last?.contains(/\u{1B}\[[0-9;]*7m/) == false, "\(screen.last ?? "")")
        coloured.kill()

        // --theme mono is the same look without NO_COLOR, and the flag beats the file.
        let config = try scratch.write("light.toml", "theme = \"light\"\npage_size = 5\n")
        let flag = try start("--config \(config) demo --latency-ms 0 --theme mono", scratch: scratch)
        try flag.waitForText("points")
        #expect(colourEscapes(try flag.captureWithEscapes()).isEmpty)
        flag.kill()

        // The file's page_size applies (5 items a page: 4 pages for 20), unless --page-size says otherwise.
        for (flags, pages) in [("", "4 pages"), ("--page-size 10", "2 pages")] {
            let paged = try start("--config \(config) demo --latency-ms 0 --items 20 \(flags)", scratch: scratch)
            try paged.waitForText("points")
            // G to the last loaded item until the pager has reached the end of the feed and settled:
            // on a feed of known size G fetches the last page directly and the pages before it
            // follow (the status line shows `1 page · ⇣1` until they have), so nothing in flight.
            let screen = try paged.waitFor({ screen in
                if screen.contains(where: { $0.contains("end of feed · 20 items") }) && !screen[23].contains("⇣") { return true }
                try? paged.sendKeys("G")
                return false
            }, description: "the end of the feed")
            #expect(screen[23].contains(pages), "\(flags): \(screen[23])")
            paged.kill()
        }
    }

    /// tmux-256color cannot redefine colours, so true colour falls back to the palette: the
    /// meta lines are bright black (90); `COLORS=8` has no bright colours, so they fall back to
    /// cyan (36), and no 256-colour escape is sent.
    @Test(arguments: [("COLORTERM=truecolor", "90"), ("COLORS=8", "36"), ("COLORS=256", "90")])
    func colourDepthFollowsTheEnvironment(prefix: String, background: String) throws {
        let scratch = try Scratch()
        let tmux = try start("demo --latency-ms 0", prefix: prefix, scratch: scratch)
        try tmux.waitForText("points")
        let escapes = colourEscapes(try tmux.captureWithEscapes())
        let wanted = background.split(separator: ";").compactMap { Int($0) }
        let parameterLists = escapes.map { $0.dropFirst().dropLast().split(separator: ";").compactMap { Int($0) } }
        #expect(parameterLists.contains { list in
            list.count >= wanted.count && (0...(list.count - wanted.count)).contains { Array(list[$0..<($0 + wanted.count)]) == wanted }
        }, "\(escapes)")
        if background == "36" {
            #expect(!parameterLists.contains { $0.contains(5) }, "no 256-colour escapes: \(escapes)")
            #expect(!parameterLists.contains { $0.contains { (90...97).contains($0) } }, "no bright colours: \(escapes)")
        }
    }

    @Test func openStartsTheBrowserWithTheLinkAndNoShell() throws {
        let scratch = try Scratch()
        let opened = scratch.path + "/opened"
        // Writes each argument on its own line, then a marker, so the test reads a whole file.
        let browser = try scratch.write("browser", """
            #!/bin/sh
            for a in "$@"; do printf '%s\\n' "$a"; done > '\(opened).tmp'
            tty >> '\(opened).tmp' 2>&1
            mv '\(opened).tmp' '\(opened)'
            """, executable: true)
        let tmux = try start("demo --latency-ms 0", prefix: "BROWSER='\(browser)'", scratch: scratch)
        try tmux.waitForText("points")
        try tmux.sendKeys("o")
        let screen = try tmux.waitForText("opening https://")
        let shown = try #require(screen[23].firstMatch(of: /opening (\S+)/)).output.1
        let lines = try waitForFile(opened).split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first == String(shown))
        #expect(lines.first?.hasPrefix("https://example.com/") == true)
        // Detached: the browser has no terminal to draw on.
        #expect(lines.last == "not a tty")
        unlink(opened)

        try tmux.sendKeys("c")
        try tmux.waitForText("opening https://example.com/discuss/")
        #expect(try waitForFile(opened).hasPrefix("https://example.com/discuss/"))
        // The screen is still feedscroll's.
        #expect(try tmux.capture()[0].hasPrefix("▌ "))
        // Both browsers have exited and were collected: feedscroll is left with no child, not
        // even a zombie (SIGCHLD reaps them; nothing waits on a thread).
        // The pane's wrapper shell has one child: feedscroll (`exec` replaced the subshell).
        let wrapper = try #require(Int32(try tmux.display("#{pane_pid}")))
        let feedscroll = try #require(childPIDs(of: wrapper).first, "feedscroll's pid")
        let deadline = Date().addingTimeInterval(10)
        var children = childPIDs(of: feedscroll)
        while !children.isEmpty && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            children = childPIDs(of: feedscroll)
        }
        #expect(children.isEmpty, "feedscroll still has children \(children) (zombies are browsers never reaped)")
    }

    /// A process's children, zombies included, from /proc.
    private func childPIDs(of pid: Int32) -> [Int32] {
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func aBrowserThatCannotStartIsAMessage() throws {
        let scratch = try Scratch()
        let tmux = try start("demo --latency-ms 0", prefix: "BROWSER=/nonexistent/browser", scratch: scratch)
        try tmux.waitForText("points")
        try tmux.sendKeys("o")
        try tmux.waitForText("cannot start /nonexistent/browser: No such file or directory")
    }

    @Test func copyPutsTheLinkInTmuxsBuffer() throws {
        let scratch = try Scratch()
        let tmux = try start("demo --latency-ms 0", scratch: scratch)
        try tmux.command("set-option", "-s", "set-clipboard", "on")
        try tmux.waitForText("points")
        try tmux.sendKeys("j", "y")
        let screen = try tmux.waitForText("copied https://")
        let shown = String(try #require(screen[23].firstMatch(of: /copied (\S+)/)).output.1)
        let deadline = Date().addingTimeInterval(10)
        var buffer = ""
        while Date() < deadline {
            buffer = (try? tmux.command("show-buffer")) ?? ""
            if buffer == shown { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(buffer == shown)
        #expect(shown.hasPrefix("https://example.com/"))
        // The sequence went to tmux, not onto the screen.
        #expect(try !tmux.capture().contains { $0.contains("52;") })
    }

    /// Polls until `path` exists and returns its text.
    func waitForFile(_ path: String, timeout: TimeInterval = 10) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) { return text }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw Timeout(description: "timed out waiting for \(path)")
    }

    struct Timeout: Error, CustomStringConvertible { let description: String }
}
