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
        #expect(result.standardError == "feedscroll: demo: simulated failure (HTTP 503)\n")
    }
}
