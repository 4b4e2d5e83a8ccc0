import FeedTestSupport
import Foundation
import Testing

/// Issue 23: the screen says what is happening in every view, on the real binary in tmux.
@Suite(.serialized) struct StatusScreenTests {
    func start(_ arguments: String, environment: [String: String] = [:], columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments)", columns: columns, rows: rows,
            environment: ["LC_ALL": "C.UTF-8"].merging(environment) { $1 })
    }

    /// With no BROWSER and no xdg-open on the PATH, `o` in a detail says why nothing opened, as
    /// in the list; `y`, `u` and a list-only key (`H`) say what they did too.
    @Test func notesShowInADetail() throws {
        // The default run: Hacker News from the in-process replica. `env -u BROWSER` and a PATH
        // with no xdg-open on it.
        let tmux = try start("", environment: ["PATH": "/nonexistent", "BROWSER": ""])
        try tmux.waitForText("points")
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[23].contains("line 1") && $0[23].contains("comment") }, description: "the detail")
        try tmux.sendKeys("o")
        try tmux.waitFor({ $0[23].contains("cannot start xdg-open: No such file or directory") }, description: "o's failure in the detail")
        try tmux.sendKeys("y")
        try tmux.waitFor({ $0[23].contains("copied http") }, description: "y's note in the detail")
        try tmux.sendKeys("u")
        try tmux.waitFor({ $0[23].contains("marked unread") }, description: "u's note in the detail")
        try tmux.sendKeys("H")
        try tmux.waitFor({ $0[23].contains("H in the list: hide or show read items") }, description: "H says where it works")
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ !$0[23].contains("line 1") && $0[23].contains("1/") }, description: "back in the list")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// Over a search, a note goes first and the search's pattern and count after it.
    @Test func notesShowOverASearch() throws {
        let tmux = try start("demo --latency-ms 0", environment: ["BROWSER": "/nonexistent/browser"])
        try tmux.waitForText("points")
        try tmux.sendKeys("/")
        try tmux.sendLiteral("linus")
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0[23].contains("/linus  1 of") }, description: "the search's count")
        try tmux.sendKeys("o")
        let screen = try tmux.waitFor(
            { $0[23].contains("cannot start /nonexistent/browser: No such file or directory") },
            description: "o's failure over the search")
        #expect(screen[23].hasPrefix(" cannot start"))
        try tmux.sendKeys("y")
        try tmux.waitFor({ $0[23].hasPrefix(" copied https://") && $0[23].contains("/linus  1 of") }, description: "y's note, then the search")
        try tmux.sendKeys("H")
        try tmux.waitFor({ $0[23].hasPrefix(" read items hidden") }, description: "H's note over the search")
        try tmux.sendKeys("u")
        try tmux.waitFor({ $0[23].hasPrefix(" marked read") }, description: "u's note over the search")
        try tmux.sendKeys("n")
        try tmux.waitFor({ $0[23].contains("/linus  2 of") }, description: "the count again at the next key")
    }

    /// `R` says `refreshing…` on the status line, with its retries' reason and countdown, while
    /// the rows stay; the footer is not where a refresh happens.
    @Test func refreshSaysRefreshingWithItsRetries() throws {
        // Six requests in ten fail (HTTP 503) and are retried: a few refreshes bring a retry.
        let tmux = try start("demo --fail-rate 0.6 --latency-ms 400 --seed 3", columns: 120)
        var retry: [String]?
        for _ in 0..<12 where retry == nil {
            try tmux.waitFor({ $0[23].contains(" 1/") && !$0[0].isEmpty && !$0[23].contains("⇣") && !$0[23].contains("refreshing") },
                             timeout: 30, description: "the rows, nothing loading")
            try tmux.sendKeys("R")
            let screen = try tmux.waitFor({ $0[23].contains("refreshing…") || $0[23].contains("✗") }, description: "refreshing… on the status line")
            #expect(!screen[22].contains("retrying"), "the footer is not where a refresh happens")
            retry = try? tmux.waitFor({ $0[23].contains("refreshing…") && $0[23].contains("retrying") }, timeout: 3,
                                      description: "the refresh's retry, why and when")
            if try tmux.capture()[23].contains("✗") { try tmux.sendKeys("r") }
        }
        let shown = try #require(retry, "no refresh was retried in 12")
        #expect(shown[23].contains("HTTP 503"))
    }

    /// A detail's comment retries say why and when, as the list's footer does.
    @Test func commentRetriesShowReasonAndCountdown() throws {
        let replica = try ServeProcess("--items 60 --error-rate 0.4 --latency-ms 300")
        let base = try #require(replica.baseURLs["hn"])
        let tmux = try start("hn --base-url \(base)")
        try tmux.waitFor({ $0[23].contains(#/ 1/\d/#) && !$0[0].isEmpty }, timeout: 30, description: "the first page")
        // The story with the most comments on the first screen.
        let screen = try tmux.capture()
        let counts = stride(from: 1, to: 22, by: 2).map { row -> Int in
            Int(screen[row].firstMatch(of: /(\d+) comments/)?.output.1 ?? "0") ?? 0
        }
        let best = counts.indices.max { counts[$0] < counts[$1] } ?? 0
        for _ in 0..<best { try tmux.sendKeys("j") }
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ rows in rows.contains { $0.contains("retrying") && $0.contains("HTTP 5") } }, timeout: 30,
                         description: "a comment retry with its reason and countdown")
    }

    /// Offline, `G` follows the cached pages to their last item and says so; the footer there
    /// says the cache ends, and offers no retry.
    @Test func offlineGoesToTheLastCachedItemAndSaysSo() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let replica = try ServeProcess("--items 300")
        let base = try #require(replica.baseURLs["hn"])
        // A pipe caches the first pages (90 items).
        let pipe = try ChildProcess.run(
            ["/bin/sh", "-c", "exec \(FeedscrollBinary.path) hn --base-url \(base) --plain --limit 90"],
            environment: ProcessInfo.processInfo.environment.merging(["XDG_CACHE_HOME": home]) { $1 })
        #expect(pipe.status == 0)
        replica.stop()
        let tmux = try start("hn --base-url \(base) --offline", environment: ["XDG_CACHE_HOME": home])
        try tmux.waitFor({ $0[23].contains(#/ 1/\d/#) && !$0[0].isEmpty }, timeout: 20, description: "the cached first page")
        try tmux.sendKeys("G")
        let end = try tmux.waitFor({ $0[23].contains("G: the last cached item (offline)") }, timeout: 20,
                                   description: "G at the last cached item")
        #expect(end.contains { $0.contains("— end of the cached pages ·") && $0.contains("(offline) —") })
        #expect(!end.contains { $0.contains("press r") })
        // The position and the count agree: the last row of what is known.
        let position = try #require(end[23].firstMatch(of: /([\d,]+)\/([\d,]+)/))
        #expect(position.output.1 == position.output.2)
    }

    /// `3j` moves three items; latency over a second reads in seconds.
    @Test func countsMoveAndSlowLatencyReadsInSeconds() throws {
        let tmux = try start("demo --latency-ms 1200")
        try tmux.waitFor({ $0[23].contains(" 1/") && !$0[0].isEmpty && $0[23].contains(" s") }, timeout: 20, description: "the first page")
        let first = try tmux.capture()
        #expect(first[23].contains(/1\.[2-9] s/), "\(first[23])")
        #expect(!first[23].contains(/\d{4} ms/))
        try tmux.sendKeys("3", "j")
        try tmux.waitFor({ $0[23].contains(" 4/") }, description: "3j on item 4")
        try tmux.sendKeys("2", "k")
        try tmux.waitFor({ $0[23].contains(" 2/") }, description: "2k on item 2")
    }

    /// After `hn --thread ID`, Esc lands on the story in the list behind it.
    @Test func backFromAThreadByIDLandsOnItsStory() throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs["hn"])
        let pipe = try ChildProcess.run(
            ["/bin/sh", "-c", "exec \(FeedscrollBinary.path) hn --base-url \(base) --plain --limit 5 --no-cache"],
            environment: ProcessInfo.processInfo.environment)
        let lines = pipe.standardOutput.split(separator: "\n")
        let story = try #require(lines.count == 5 ? lines[4].split(separator: "\t", maxSplits: 1) : nil)
        let tmux = try start("hn --base-url \(base) --thread \(story[0])")
        try tmux.waitFor({ $0[23].contains("line 1") }, timeout: 20, description: "the thread")
        try tmux.sendKeys("Escape")
        let list = try tmux.waitFor({ $0[23].contains(" 5/") }, timeout: 20, description: "the story in the list (item 5)")
        let cursor = try #require(list.first { $0.hasPrefix("▌ ") })
        #expect(cursor.contains(String(story[1].prefix(20))))
    }

    /// On a source with pictures, the footer under the preview takes the whole width. Colours
    /// are on whatever the runner's environment says (`NO_COLOR` set there would turn pictures
    /// off and leave nothing beside the footer to cut it), and a picture is drawn before `G`.
    @Test func theFooterBesidePicturesIsNotCut() throws {
        let replica = try ServeProcess("--items 1100")
        let base = try #require(replica.baseURLs["github"])
        let tmux = try start("github swift --base-url \(base)", environment: ["NO_COLOR": "", "COLORTERM": ""], columns: 100, rows: 30)
        try tmux.waitFor({ $0[29].contains(" 1/") && !$0[0].isEmpty && $0.dropLast().contains { $0.filter { "▀▄".contains($0) }.count > 8 } },
                         timeout: 20, description: "the first page and the cursor's picture beside it")
        try tmux.sendKeys("G")
        let end = try tmux.waitFor({ $0.contains { $0.contains("— end of feed") } && !$0[29].contains("⇣") }, timeout: 60,
                                   description: "the end footer")
        let footer = try #require(end.first { $0.contains("— end of feed") })
        #expect(footer.contains(/first 1,0\d\d of [\d,]+ — the API returns no more —/), "\(footer)")
        // G landed on the last row (the footer is right below it), and the position says so.
        let position = try #require(end[29].firstMatch(of: /([\d,]+)\/([\d,]+)/))
        #expect(position.output.1 == position.output.2, "\(end[29])")
    }

    /// A config that takes a key from another action says so at start, with the file and line,
    /// on the status line (and on stderr, seen once the screen is restored).
    @Test func aConfigTakingAKeyWarnsAtStart() throws {
        let path = "/tmp/feedscroll-warn-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).toml"
        try "theme = \"light\"\n[keys]\ndown = [\"j\", \"n\", \"down\"]\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let tmux = try start("--config \(path) demo --latency-ms 0", columns: 200)
        // The first page is drawn too (the cursor's row), so the key below has an item to move from.
        let screen = try tmux.waitFor({ $0[23].contains("warn-e2e") && $0[0].hasPrefix("▌ ") }, description: "the warning on the status line")
        #expect(screen[23].contains("config: \(path):3: keys.down: \"n\" was nextMatch's key (next match); now down takes it"), "\(screen[23])")
        // Taken all the same; the next key clears the note.
        try tmux.sendKeys("n")
        try tmux.waitFor({ $0[23].contains(" 2/") && !$0[23].contains("config:") }, description: "n moves down")
        try tmux.sendKeys("q")
        try tmux.waitForExit()
        let after = try tmux.command("capture-pane", "-p", "-J", "-S", "-100", "-t", tmux.target)
        #expect(after.contains("feedscroll: config: warning: \(path):3: keys.down:"), "\(after)")
    }

    /// At 200×50 the list takes the left and the cursor's item is previewed on the right,
    /// following the cursor; narrower, one pane again.
    @Test func wideTerminalsSplitIntoListAndPreview() throws {
        let tmux = try start("", columns: 200, rows: 50)
        let screen = try tmux.waitFor({ $0[49].contains(#/ 1/\d/#) && $0[0].contains("│ ") && $0[0].hasPrefix("▌ ") }, timeout: 20,
                                      description: "the list and the preview")
        let title = try #require(screen[0].split(separator: "│").first).dropFirst(2).trimmingCharacters(in: .whitespaces)
        #expect(screen[0].split(separator: "│").last?.contains(String(title.prefix(30))) == true, "\(screen[0])")
        try tmux.sendKeys("j")
        let moved = try tmux.waitFor({ $0[49].contains(" 2/") }, description: "the cursor on item 2")
        let second = moved[2].dropFirst(2).split(separator: "│").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        #expect(moved[0].split(separator: "│").last?.contains(String(second.prefix(30))) == true, "\(moved[0])")
        try tmux.resize(columns: 120, rows: 40)
        try tmux.waitFor({ !$0.contains { $0.contains("│") } && $0[39].contains(" 2/") }, description: "one pane at 120 columns")
    }

    /// `g` after `G` and `G` after `g`, with the page cap dropping pages: every frame's position
    /// adds up. `N/M` counts the rows of the pages dropped on either side, so once `G` has
    /// counted the feed, `g` and `G` move `N` and keep `M`; a jump on its way says where it
    /// goes (`→ …`) rather than a row it has not got (issue 23 saw `G` → `484/484`, then `g` →
    /// `1/214 of 500` with 2 pages held). Each key's frames are read until it settles; a line
    /// read mid-frame is not held against it: a wrong count must be on two captures in a row.
    @Test func topAndBottomNeverShowAPositionThatDoesNotAddUp() throws {
        // 120 columns: the status line keeps its page count.
        let tmux = try start("demo --latency-ms 300 --page-size 20 --max-pages 5", columns: 120)
        let first = try tmux.waitFor({ $0[23].contains(" 1/") && $0[0].hasPrefix("▌ ") && !$0[23].contains("⇣") },
                                     description: "the first page")
        let top = Array(first.prefix(6))
        var counted: Int?
        for key in ["G", "g", "G", "g"] {
            try tmux.sendKeys(key)
            var previous: String?
            let settled = try tmux.waitFor({ screen in
                let status = screen[23]
                if let problem = Self.positionProblem(status, counted: counted), previous == status {
                    Issue.record("after \(key): \(problem): \(status)")
                }
                previous = status
                guard !status.contains("⇣"), let position = Self.position(status) else { return false }
                return key == "G" ? position.row == position.count && screen.contains { $0.contains("— end of feed") }
                    : position.row == 1 && Array(screen.prefix(6)) == top
            }, timeout: 30, description: "\(key) settled")
            let position = try #require(Self.position(settled[23]))
            counted = counted ?? position.count
            #expect(position.count == counted, "\(settled[23])")
            #expect((settled[23].firstMatch(of: /(\d+) pages?/).flatMap { Int($0.1) } ?? 99) <= 5, "\(settled[23])")
        }
    }

    /// The cursor's row and the rows known (`N/M`), unless a jump is on its way (`→`).
    static func position(_ status: String) -> (row: Int, count: Int)? {
        guard !status.contains("→"), let match = status.firstMatch(of: /([\d,]+)\/([\d,]+)/),
              let row = Int(match.1.replacingOccurrences(of: ",", with: "")),
              let count = Int(match.2.replacingOccurrences(of: ",", with: ""))
        else { return nil }
        return (row, count)
    }

    /// What does not add up on a status line: the cursor past the rows known, or, once `G`
    /// has counted the feed, another count.
    static func positionProblem(_ status: String, counted: Int?) -> String? {
        guard let position = position(status) else { return nil }
        if position.row < 1 || position.row > position.count { return "row \(position.row) of \(position.count)" }
        if let counted, position.count != counted { return "\(position.count) rows known where G counted \(counted)" }
        return nil
    }
}
