import FeedTestSupport
import Foundation
import Testing

/// Faults injected by the replica, met by the real binary over loopback.
@Suite struct ReplicaFaultTests {
    func logLines(_ path: String) -> [Substring] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n")
    }

    func temporaryLog() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("fs-\(UUID().uuidString).log").path
    }

    /// Fourteen pages at five a second meet the limit. Reddit's headers say when the quota is
    /// spent (`x-ratelimit-remaining: 0.0`) and when it resets: the client holds until then
    /// (issue 23), so nothing is refused, and any retry waits as the headers say.
    @Test func rateLimitCompletesWithoutDuplicatesAndWaitsAsTold() throws {
        let server = try ServeProcess("--items 130 --rate-limit 5/s")
        let log = temporaryLog()
        defer { unlink(log) }
        let base = try #require(server.baseURLs["reddit"])
        let started = Date()
        let run = try runFeedscroll("reddit swift --base-url \(base) --json --page-size 10 --log \(log)")
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.standardError)")
        let ids = try jsonLines(run.standardOutput).compactMap { $0["id"] as? String }
        #expect(ids.count == 130 && Set(ids).count == 130)
        // Fourteen requests, five a window at most: three windows at least, so two resets waited.
        // The replica's windows are whole seconds of its clock and the first request falls
        // anywhere in the first one, so three windows take more than one second, not two (it
        // took 1.19 s once: the first request late in its window, the pages quick).
        #expect(elapsed > 1, "the limit was met and waited for (\(elapsed) s)")
        #expect(try server.faultStats()["rateLimited", default: 0] == 0, "held for the reset, never refused")
        let retries = logLines(log).filter { $0.contains(" retrying ") }
        #expect(retries.allSatisfy { $0.contains("delay=") && !$0.contains("delay=0.0 ") })
    }

    /// Issue 24: waits for a rate limit were silent in a pipe. One longer than a request may
    /// take (`--timeout`) is said on stderr as it starts; the run still completes.
    @Test func aWaitLongerThanTheTimeoutIsSaidOnStderr() throws {
        let server = try ServeProcess("--items 60 --rate-limit 2/s")
        let base = try #require(server.baseURLs["devto"])
        let run = try runFeedscroll("devto --base-url \(base) --plain --page-size 10 --timeout 0.9")
        #expect(run.status == 0, "\(run.standardError)")
        let ids = run.standardOutput.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(ids.count >= 60 && Set(ids).count == ids.count)
        let lines = run.standardError.split(separator: "\n")
        #expect(!lines.isEmpty, "the limit was met")
        #expect(lines.allSatisfy { $0.hasPrefix("feedscroll: devto: HTTP 429 (") && $0.contains(" — waiting 1 s before attempt ") },
                "\(run.standardError)")
    }

    @Test func serverErrorsAreRetriedToCompletion() throws {
        let server = try ServeProcess("--items 130 --error-rate 0.2")
        let base = try #require(server.baseURLs["stackexchange"])
        let run = try runFeedscroll("stackexchange --base-url \(base) --json --page-size 10")
        #expect(run.status == 0, "\(run.standardError)")
        let ids = try jsonLines(run.standardOutput).compactMap { $0["id"] as? String }
        #expect(ids.count == 130 && Set(ids).count == 130)
    }

    @Test func malformedJSONIsOneLineAndNonZero() throws {
        let server = try ServeProcess("--items 130 --malformed-rate 1")
        let base = try #require(server.baseURLs["pokeapi"])
        let run = try runFeedscroll("pokeapi --base-url \(base) --plain")
        #expect(run.status == 1)
        #expect(run.standardOutput.isEmpty)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("feedscroll: "), "\(run.standardError)")
    }

    @Test(arguments: ["lobsters newest", "devto", "stackexchange"])
    func driftDuringPageNumberPagingShowsNoDuplicates(_ command: String) throws {
        let server = try ServeProcess("--items 130 --drift 5 --latency-ms 60")
        let name = String(command.split(separator: " ")[0])
        let base = try #require(server.baseURLs[name])
        let run = try runFeedscroll("\(command) --base-url \(base) --json --limit 120 --page-size 10")
        #expect(run.status == 0, "\(run.standardError)")
        let ids = try jsonLines(run.standardOutput).compactMap { $0["id"] as? String }
        #expect(ids.count == 120)
        #expect(Set(ids).count == ids.count, "\(command): no duplicates while the head moves")
    }

    @Test func stalledServerEndsInATimeoutNotAHang() throws {
        let server = try ServeProcess("--items 130 --stall-rate 1")
        let base = try #require(server.baseURLs["jsonplaceholder"])
        let run = try runFeedscroll("jsonplaceholder --base-url \(base) --plain --timeout 0.5")
        #expect(run.status == 1)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].lowercased().contains("timed out"), "\(run.standardError)")
    }
}
