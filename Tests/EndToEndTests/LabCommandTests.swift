import FeedTestSupport
import Foundation
import Testing

/// `feedscroll lab` through the real binary, stdout to a pipe.
@Suite struct LabCommandTests {
    func run(_ arguments: String) throws -> ChildProcess.Result {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        var environment = ProcessInfo.processInfo.environment
        environment["FEEDSCROLL"] = FeedscrollBinary.path
        return try ChildProcess.run(["/bin/sh", "-c", "\"$FEEDSCROLL\" lab \(arguments)"], environment: environment)
    }

    @Test func jsonIsOneDocumentWithEveryStrategyPerScenario() throws {
        let result = try run("--json --scenario hold-j --scenario storm/constant-300ms")
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.split(separator: "\n").count == 1, "one document, one line")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(document["seed"] as? Int == 1)
        #expect(document["pageSize"] as? Int == 20)
        #expect(document["screen"] as? Int == 11)
        let scenarios = try #require(document["scenarios"] as? [[String: Any]])
        #expect(scenarios.compactMap { $0["name"] as? String } == [
            "hold-j/constant-300ms", "hold-j/constant-1s", "hold-j/long-tail", "hold-j/spikes", "hold-j/failures",
            "storm/constant-300ms",
        ])
        for scenario in scenarios {
            let results = try #require(scenario["results"] as? [[String: Any]])
            #expect(results.count == 10)
            let auto = try #require(results.first { $0["strategy"] as? String == "feedscroll-auto" })
            #expect(auto["duplicateRequests"] as? Int == 0)
            #expect(auto["requests"] as? Int == auto["pagesLoaded"] as? Int)
            for key in ["requests", "duplicateRequests", "stalls", "stallSeconds", "unseenItems", "isStuck"] {
                #expect(auto[key] != nil, "\(key)")
            }
            if scenario["name"] as? String == "hold-j/constant-300ms" {
                #expect(scenario["apiKeepsUp"] as? Bool == true)
                #expect(auto["stalls"] as? Int == 0)
                let footer = try #require(results.first { $0["strategy"] as? String == "footer-visible" })
                #expect((footer["stalls"] as? Int ?? 0) > 40)
            }
        }
        let goals = try #require(document["goals"] as? [String: Any])
        let perPage = try #require(goals["oneRequestPerPage"] as? [String: Any])
        #expect(perPage["holds"] as? Bool == true)
        #expect(perPage["scenarios"] as? Int == 6)
    }

    @Test func sameSeedSameBytes() throws {
        let first = try run("--json --scenario long-tail --seed 9")
        let second = try run("--json --scenario long-tail --seed 9")
        #expect(first.status == 0)
        #expect(first.standardOutput == second.standardOutput)
        #expect(first.standardOutput != (try run("--json --scenario long-tail --seed 10")).standardOutput)
    }

    @Test func tablePrintsEveryStrategy() throws {
        let result = try run("--scenario skim/constant-300ms")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("skim/constant-300ms  scroll 13.8 rows/s") })
        #expect(lines.contains { $0.hasPrefix("  strategy ") && $0.hasSuffix("unseen") })
        #expect(lines.filter { $0.hasPrefix("  feedscroll-") }.count == 2)
    }

    @Test(arguments: ["--page-size 0", "--screen -1", "--items 0", "--scenario nope", "--seed x", "--json --bogus"])
    func badOptionsAreOneClearError(_ arguments: String) throws {
        let result = try run(arguments)
        #expect(result.status != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: "), "\(arguments): \(result.standardError)")
    }
}
