import FeedTestSupport
import Foundation
import Testing

/// `G` and `N%` on feeds whose pages can be addressed and whose total is known: the true end
/// is reached by fetching the last page directly (the log and `/_stats` count the requests),
/// and the footer says where the API stops and what it skipped.
@Suite struct RandomAccessScreenTests {
    func start(_ arguments: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(command: "exec \(FeedscrollBinary.path) \(arguments)", environment: ["LC_ALL": "C.UTF-8"])
    }

    func fetchedKeys(_ log: String) throws -> [String] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains(" fetch ") }.compactMap { line in
            line.range(of: "key=").map { String(line[$0.upperBound...].prefix { $0 != " " }) }
        }
    }

    @Test func bigGOnAMillionDemoItemsFetchesTheLastPage() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("fs-\(UUID().uuidString).log").path
        defer { unlink(log) }
        let tmux = try start("demo --items 1000000 --latency-ms 50 --log \(log)")
        // The first page, and the one after it in flight beside it (the pipeline): 1/20 or 1/40.
        try tmux.waitFor({ $0[23].contains("· 1/") && $0[23].contains(" of 1,000,000") }, description: "the first page")
        try tmux.sendKeys("G")
        // Settled: the pages before the last follow it (⇣), and the log is read once they are in.
        let screen = try tmux.waitFor({ $0[23].contains("1,000,000/1,000,000") && !$0[23].contains("⇣") }, timeout: 20,
                                      description: "the true last item, nothing in flight")
        #expect(screen[22].contains("— end of feed · 1,000,000 items —"))
        #expect(screen.contains { $0.hasPrefix("▌ ") }, "the cursor is on screen")
        let logged = try String(contentsOfFile: log, encoding: .utf8)
        let fetches = logged.split(separator: "\n").filter { $0.contains(" fetch ") }
        #expect(fetches.contains { $0.contains("offset 999980+20") }, "the last page by its offset")
        #expect(fetches.count <= 5, "the first two pages, the last, and at most the two before it: \(fetches.count)")
        try tmux.sendKeys("5", "0", "%")
        try tmux.waitFor({ $0[23].contains(" 500,000/") }, timeout: 20, description: "50%")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func bigGOnPokeAPIReachesTheLastPokemonWithOneRequest() throws {
        let replica = try ServeProcess()
        let base = try #require(replica.baseURLs["pokeapi"])
        let tmux = try start("pokeapi --base-url \(base)")
        // The first two pages (one screen and one page of lead), then nothing more at rest.
        try tmux.waitFor({ $0[23].contains(" 1/40 of 1,302 · 2 pages") && !$0[23].contains("⇣") }, timeout: 20, description: "the first pages")
        let before = try replica.routeStats()["pokeapi/api/v2/pokemon"] ?? 0
        try tmux.sendKeys("G")
        // Settled: the lead's pages before the last follow it (⇣); count them all.
        let screen = try tmux.waitFor({ $0[23].contains("1,302/1,302") && $0[22].contains("end of feed") && !$0[23].contains("⇣") },
                                      timeout: 20, description: "the last Pokémon, nothing in flight")
        #expect(screen[22].contains("— end of feed · 1,302 items —"))
        let after = try replica.routeStats()["pokeapi/api/v2/pokemon"] ?? 0
        // The last page (offset 1300, two Pokémon), then the two before it as the lead fills
        // the screen above the cursor: not the 63 pages between.
        #expect(after - before >= 1 && after - before <= 3, "\(after - before) requests for G")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func searchFooterSaysWhereTheAPIStops() throws {
        let replica = try ServeProcess()
        let base = try #require(replica.baseURLs["hn-search"])
        let tmux = try start("hn-search --base-url \(base)")
        try tmux.waitFor({ $0[23].contains(" 1/") && $0[23].contains(" of ") }, timeout: 20, description: "the first page")
        try tmux.sendKeys("G")
        // The status line is drawn after the footer (tmux can be read mid-frame): wait for both.
        let screen = try tmux.waitFor({ $0[22].contains("end of feed") && $0[23].contains("1,000/1,000") }, timeout: 20,
                                      description: "the end, the cursor on 1000")
        #expect(screen[23].contains("1,000/1,000"))
        #expect(screen[22].contains("— end of feed · first 1,000 of "))
        #expect(screen[22].contains(" — the API returns no more —"))
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func hackerNewsFooterCountsWhatWasSkipped() throws {
        let replica = try ServeProcess("--items 130")
        let base = try #require(replica.baseURLs["hn"])
        let tmux = try start("hn --base-url \(base)")
        try tmux.waitFor({ $0[23].contains(" 1/") }, timeout: 20, description: "the first page")
        try tmux.sendKeys("G")
        // Settled: the status line is drawn after the footer (tmux can be read mid-frame), and
        // until the pages before the last are in it still shows them in flight.
        let screen = try tmux.waitFor({ $0[22].contains("end of feed") && !$0[23].contains("⇣") },
                                      timeout: 20, description: "the end, nothing in flight")
        let footer = screen[22]
        // The id list names 130 stories; the replica's null, deleted and dead ones are counted, not hidden.
        let pattern = try NSRegularExpression(pattern: #"— end of feed · (\d+) items · (\d+) deleted or dead skipped —"#)
        let match = try #require(pattern.firstMatch(in: footer, range: NSRange(footer.startIndex..., in: footer)))
        let shown = Int((footer as NSString).substring(with: match.range(at: 1)))!
        let skipped = Int((footer as NSString).substring(with: match.range(at: 2)))!
        #expect(shown + skipped == 130)
        #expect(!screen[23].contains(" of 130"), "at the end the status line does not promise the total")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
