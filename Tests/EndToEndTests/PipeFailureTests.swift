import FeedTestSupport
import Foundation
import Testing

/// A page that fails after others were fetched: what was fetched is written, in order, then one
/// line on stderr and status 1.
@Suite struct PipeFailureTests {
    @Test(arguments: ["--plain", "--json"])
    func failureAfterTwoPagesWritesThemThenOneLine(_ format: String) throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        // Seed 4 at a 60% failure rate: pages 0 and 1 load (after retries), page 2 fails its
        // first attempt and all three retries.
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        let result = try ChildProcess.run(
            [FeedscrollBinary.path, "demo", format, "--fail-rate", "0.6", "--seed", "4", "--items", "200", "--page-size", "20"],
            environment: environment)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 40)
        if format == "--plain" {
            #expect(lines.map { String($0.split(separator: "\t")[0]) } == (1...40).map { "demo:\($0)" })
        } else {
            for (index, line) in lines.enumerated() {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object?["id"] as? String == "demo:\(index + 1)")
            }
        }
        #expect(result.standardOutput.hasSuffix("\n"), "the last line is whole")
        #expect(result.standardError == "feedscroll: demo: simulated failure (HTTP 503) after 4 attempts\n")
    }

    /// Runs `feedscroll ARGS` through bash, with `redirect` after it (`pipefail`: the status
    /// is feedscroll's when it fails).
    private func shell(_ arguments: String, _ redirect: String) throws -> ChildProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        return try ChildProcess.run(
            ["/bin/bash", "-c", "set -o pipefail; '\(FeedscrollBinary.path)' \(arguments) \(redirect)"], environment: environment)
    }

    /// Output that cannot be written is an error (issue 24: both exited 0, the items lost,
    /// nothing said); a reader that goes away is not.
    @Test(arguments: [
        ("> /dev/full", "No space left on device"),
        (">&-", "Bad file descriptor"),
    ])
    func outputThatCannotBeWrittenIsOneLineAndStatus1(redirect: String, reason: String) throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let result = try shell("demo --json --items 100 --no-cache", redirect)
        #expect(result.status == 1)
        #expect(result.standardError == "feedscroll: cannot write the output: \(reason)\n")
    }

    @Test func aReaderThatGoesAwayIsQuiet() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        // `head` reads one line and closes the pipe: EPIPE, and the run ends as a success.
        let result = try shell("demo --plain --items 100000 --no-cache", "| head -n 1")
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("demo:1\t"))
        #expect(result.standardOutput.split(separator: "\n").count == 1)
        #expect(result.standardError == "")
    }

    /// A log that cannot be written is said once, and the run goes on (issue 24: `try!` on the
    /// write trapped, exit 132).
    @Test func aLogThatCannotBeWrittenIsSaidOnceAndTheRunGoesOn() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let result = try shell("demo --plain --items 50 --no-cache --log /dev/full", "")
        #expect(result.status == 0)
        #expect(result.standardOutput.split(separator: "\n").count == 50)
        #expect(result.standardError == "feedscroll: cannot write the log file /dev/full (No space left on device); logging stopped\n")
    }
}
