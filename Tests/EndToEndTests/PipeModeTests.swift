import FeedTestSupport
import Foundation
import Testing

/// Pipe modes: the real binary with stdout to a pipe.
@Suite struct PipeModeTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    func run(_ shell: String) throws -> Run {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        var environment = ProcessInfo.processInfo.environment
        environment["FEEDSCROLL"] = FeedscrollBinary.path
        let result = try ChildProcess.run(["/bin/sh", "-c", shell], environment: environment)
        return Run(status: result.status, stdout: result.standardOutput, stderr: result.standardError)
    }

    @Test func jsonLimitGivesDistinctStringIds() throws {
        let result = try run("\"$FEEDSCROLL\" demo --json --limit 300")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 300)
        var ids = Set<String>()
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let id = try #require(object?["id"] as? String)
            #expect(object?["title"] is String)
            ids.insert(id)
        }
        #expect(ids.count == 300)
    }

    @Test func plainIsIdTabTitle() throws {
        let result = try run("\"$FEEDSCROLL\" demo --plain --limit 3")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.split(separator: "\t").count == 2 && $0.hasPrefix("demo:") })
    }

    @Test func notATerminalMeansPlain() throws {
        let result = try run("\"$FEEDSCROLL\" demo --limit 2 | cat")
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(!result.stdout.contains("\u{1B}"))
    }

    @Test func closedPipeEndsQuietly() throws {
        // A million items, but head takes three: the writer sees EPIPE and stops at once.
        let result = try run("\"$FEEDSCROLL\" demo --plain --limit 1000000 --items 10000000 | head -n 3")
        #expect(result.stdout.split(separator: "\n").count == 3)
        #expect(result.stderr.isEmpty, "no noise on a closed pipe: \(result.stderr)")
    }

    @Test func wholeFeedEndsAtItsEnd() throws {
        let result = try run("\"$FEEDSCROLL\" demo --plain --items 45 --page-size 20")
        let ids = result.stdout.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(ids == (1...45).map { "demo:\($0)"[...] })
        #expect(result.status == 0)
    }

    @Test func finalFailureIsOneLineAfterEverythingFetched() throws {
        let result = try run("\"$FEEDSCROLL\" demo --plain --fail-rate 1")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n") == ["feedscroll: demo: simulated failure (HTTP 503) after 4 attempts"])
    }

    @Test(arguments: [
        "demo --page-size 0", "demo --fail-rate 2", "demo --prefetch soon", "demo --items -1",
        "demo --plain --json", "github ''", "hn sideways", "reddit 'bad name!'", "pokeapi --base-url ftp://x",
    ])
    func badFlagsAreOneClearError(_ arguments: String) throws {
        let result = try run("\"$FEEDSCROLL\" \(arguments) --plain --limit 1 2>&1 >/dev/null | head -n 1; exit 0")
        #expect(result.stdout.hasPrefix("Error: "), "\(arguments): \(result.stdout)")
        let status = try run("\"$FEEDSCROLL\" \(arguments) >/dev/null 2>&1")
        #expect(status.status != 0)
    }
}
