import FeedTestSupport
import Foundation
import Testing

/// A command line that helps: each mistake a new user makes gets one line saying what is wrong
/// and what would be right, and a non-zero exit before the terminal is touched.
@Suite struct CommandLineErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        var arguments: String
        var firstLine: String
        var status: Int32 = 64
        var description: String { arguments }
    }

    static let cases: [Case] = [
        Case(arguments: "lobster", firstLine: "Error: unknown command 'lobster' — did you mean lobsters?"),
        Case(arguments: "hn-serch rust", firstLine: "Error: unknown command 'hn-serch' — did you mean hn-search?"),
        Case(arguments: "demo --page-size -3", firstLine: "Error: --page-size must be at least 1, not -3"),
        Case(arguments: "demo --items -1", firstLine: "Error: --items must not be negative, not -1"),
        Case(arguments: "demo --fail-rate 2", firstLine: "Error: --fail-rate must be within 0…1, not 2.0"),
        Case(arguments: "github swift --page-size 500 --base-url http://127.0.0.1:9/github", firstLine: "Error: --page-size must be within 1…100 for github, not 500"),
        Case(arguments: "hn --base-url notaurl", firstLine: "Error: --base-url 'notaurl' is not a URL; give the API root as http://HOST/… or https://HOST/…"),
        Case(arguments: "devto --base-url http://127.0.0.1:382212345", firstLine: "Error: --base-url 'http://127.0.0.1:382212345' is not a URL; give the API root as http://HOST/… or https://HOST/…"),
        Case(arguments: "pokeapi --base-url ftp://example.com/x", firstLine: "Error: --base-url 'ftp://example.com/x' is not a URL; give the API root as http://HOST/… or https://HOST/…"),
    ]

    @Test(arguments: cases)
    func mistakeSaysWhatIsWrong(_ c: Case) throws {
        let run = try runFeedscroll(c.arguments + " --plain")
        #expect(run.status == c.status)
        #expect(run.standardError.split(separator: "\n").first.map(String.init) == c.firstLine)
        #expect(run.standardOutput.isEmpty)
    }

    @Test func helpNamesOneDefault() throws {
        let run = try runFeedscroll("--help")
        #expect(run.status == 0)
        let defaults = run.standardOutput.split(separator: "\n").filter { $0.contains("default") && $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
        #expect(defaults.count == 1, "one subcommand is the default: \(defaults)")
        #expect(defaults.first?.contains("local") == true)
    }

    @Test func emptyDemoSaysSoInEveryMode() throws {
        let plain = try runFeedscroll("demo --items 0 --plain")
        #expect(plain.status == 0)
        #expect(plain.standardOutput.isEmpty)
        #expect(plain.standardError == "feedscroll: demo has no items\n")

        let tmux = try TmuxSession(command: "exec \(FeedscrollBinary.path) demo --items 0 --latency-ms 0", environment: ["LC_ALL": "C.UTF-8"])
        // Both lines: the second is drawn after the first (tmux can be read mid-frame).
        let screen = try tmux.waitFor({ $0.contains { $0.contains("No items") } && $0.contains { $0.contains("demo has nothing to show") } },
                                      description: "the empty feed's two lines")
        let first = screen.firstIndex { $0.contains("No items") }
        #expect(first.map { $0 + 1 } == screen.firstIndex { $0.contains("demo has nothing to show") }, "one under the other")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func serveNamesItsAPIsByCommand() throws {
        let replica = try ServeProcess()
        #expect(replica.baseURLs["hn-search"]?.hasSuffix("/algolia/api/v1") == true)
        #expect(replica.baseURLs["algolia"] == nil)
    }

    /// A port another replica holds is not a usage mistake: one line, exit 1, nothing on stdout.
    @Test func serveOnAPortInUseIsOneLine() throws {
        let replica = try ServeProcess()
        let run = try runFeedscroll("serve --port \(replica.port)")
        #expect(run.status == 1)
        #expect(run.standardError == "feedscroll: serve: cannot listen on 127.0.0.1:\(replica.port): the port is in use\n")
        #expect(run.standardOutput.isEmpty)
    }

    /// Ctrl-C and SIGTERM both stop `serve` cleanly: exit 0, not death by the signal.
    @Test(arguments: [SIGINT, SIGTERM])
    func serveStopsCleanlyOn(_ signal: Int32) throws {
        let replica = try ServeProcess()
        let status = try #require(replica.stop(with: signal))
        // WIFEXITED and WEXITSTATUS, which Glibc's Swift overlay does not import.
        #expect(status & 0x7f == 0, "serve died of signal \(status & 0x7f)")
        #expect((status >> 8) & 0xff == 0)
    }

    /// Every config mistake names the file, the line and the key, a feed's missing required
    /// option and values the command would refuse included.
    @Test(arguments: [
        ("[feeds.mine]\nsource = \"github\"\n", "mine", #"1: feeds.mine: missing "query", which source "github" needs"#),
        ("[feeds.mine]\nsource = \"reddit\"\npage_size = 5\n", "mine", #"1: feeds.mine: missing "subreddit", which source "reddit" needs"#),
        ("[feeds.front]\nsource = \"hn\"\nlist = \"tops\"\n", "front", #"3: feeds.front.list: "tops" is not one of: top, new, best, ask, show, job"#),
        ("[feeds.d]\nsource = \"demo\"\n\nfail_rate = 3\n", "d", "4: feeds.d.fail_rate: must be within 0…1, not 3"),
        ("[feeds.p]\nsource = \"pokeapi\"\nbase_url = \"notaurl\"\n", "p", #"3: feeds.p.base_url: "notaurl" is not a URL; give the API root as http://HOST/… or https://HOST/…"#),
        ("[feeds.g]\nsource = \"github\"\nquery = \"x\"\nsort = \"starz\"\n", "g", #"4: feeds.g.sort: "starz" is not one of: stars, forks, updated, help-wanted-issues, best-match"#),
    ])
    func configMistakeNamesFileAndLine(_ text: String, _ feed: String, _ expected: String) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fs-\(UUID().uuidString).toml").path
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        defer { unlink(file) }
        let run = try runFeedscroll("--config \(file) \(feed) --plain")
        #expect(run.status == 2)
        #expect(run.standardError == "feedscroll: config: \(file):\(expected)\n")
    }
}
