import FeedTestSupport
import Foundation
import Testing

/// Issue 23's positions and footers on the real binary in tmux against `feedscroll serve`:
/// `:N` on Hacker News, whose pages leave dead and deleted stories out, lands on the row the
/// pipe and the status line call N; after `G` under faults the end footer stays the end while
/// pages above load and retry (that work shows on the status line).
@Suite struct JumpScreenTests {
    func start(_ arguments: String, columns: Int = 100, rows: Int = 30) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments)", columns: columns, rows: rows, environment: ["LC_ALL": "C.UTF-8"])
    }

    /// The first 150 of the newest stories as the pipe lists them (dead and deleted ones left
    /// out; ten of the first 110 in the replica), `id\ttitle`. The newest list, not the front
    /// page: the replica ranks the front page again every minute, the newest list never
    /// (without `--drift`), so the pipe and the screen see the same list however slow the run.
    func pipeTitles(_ base: String) throws -> [String] {
        let pipe = try runFeedscroll("hn new --base-url \(base) --plain --limit 150 --no-cache")
        #expect(pipe.status == 0, "\(pipe.standardError)")
        return pipe.standardOutput.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1).last ?? "") }
    }

    /// `:100` lands on the pipe's 100th story and the status line says 100, although the pages
    /// above it leave stories out (issue 23 saw `:100` land on 97).
    @Test func goToNCountsTheRowsTheSourceShows() throws {
        let replica = try ServeProcess()
        let base = try #require(replica.baseURLs["hn"])
        let titles = try pipeTitles(base)
        try #require(titles.count == 150)
        let tmux = try start("hn new --base-url \(base)")
        try tmux.waitFor({ $0[29].contains(" 1/") && $0[0].hasPrefix("▌ ") }, timeout: 30, description: "the first page")
        try tmux.sendKeys(":", "1", "0", "0", "Enter")
        let expected = String(titles[99].prefix(20))
        let screen = try tmux.waitFor({ screen in
            !screen[29].contains("⇣") && !screen[29].contains("→") && screen.contains { $0.hasPrefix("▌ ") && $0.contains(expected) }
        }, timeout: 30, description: "the cursor on the pipe's 100th story (\(expected)), nothing in flight")
        #expect(screen[29].contains(" 100/"), "\(screen[29])")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// After `G` under faults, pages above the last load upwards and are retried; the last line
    /// under the rows stays `— end of feed …` the whole time (issue 23 saw it alternate with
    /// `⠋ hn: HTTP 503 … retrying`), and the retry shows on the status line.
    @Test func theEndFooterStaysTheEndWhilePagesAboveRetry() throws {
        let replica = try ServeProcess("--items 400 --error-rate 0.3 --latency-ms 100")
        let base = try #require(replica.baseURLs["hn"])
        // 150 columns (one pane still): at 100 the status line's retry field (the reason, then
        // `retrying in 0.4s (attempt 2)`) gave way to the position whenever the reason was long,
        // and the test waited 90 s for a word that had no room (a flake under load).
        let tmux = try start("hn --base-url \(base) --no-cache", columns: 150)
        try tmux.waitFor({ $0[29].contains(" 1/") && $0[0].hasPrefix("▌ ") }, timeout: 60, description: "the first page")
        try tmux.sendKeys("G")
        try tmux.waitFor({ $0.dropLast().contains { $0.contains("— end of feed") } }, timeout: 60, description: "the end footer")
        var footerTakenOver: String?
        var endGone: [String]?
        let retrying = try tmux.waitFor({ screen in
            let rows = screen.dropLast()
            if footerTakenOver == nil, let row = rows.first(where: { $0.contains("retrying") || $0.contains("Loading more") }) {
                footerTakenOver = row
            }
            if endGone == nil, !rows.contains(where: { $0.contains("— end of feed") }) { endGone = screen }
            return screen[29].contains("loading above") && screen[29].contains("retrying")
        }, timeout: 90, description: "a page above retried, on the status line")
        #expect(footerTakenOver == nil, "a retry above drawn under the rows: \(footerTakenOver ?? "")")
        #expect(endGone == nil, "the end footer went away:\n\((endGone ?? []).joined(separator: "\n"))")
        #expect(retrying.dropLast().contains { $0.contains("— end of feed") })
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
