import FeedTestSupport
import Foundation
import Testing

/// The harness's child runner: a child that hangs fails its test instead of hanging the run.
@Suite struct ChildProcessTests {
    @Test func aHungChildIsKilledWithItsGroupAtTheTimeout() throws {
        do {
            // The background job holds the shell's stdout open, so reading it to its end hangs
            // until the whole group is gone, not only the shell.
            _ = try ChildProcess.run(
                ["/bin/sh", "-c", "sleep 600 & echo $!; wait"], environment: ProcessInfo.processInfo.environment, timeout: 1)
            Issue.record("the run returned instead of timing out")
        } catch let timeout as ChildProcess.Timeout {
            #expect(timeout.seconds == 1)
            let sleeper = try #require(Int32(timeout.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)),
                                       "the background job's pid: \(timeout.standardOutput.debugDescription)")
            // Killed, but reaped by whoever adopted it: poll until it no longer runs.
            let deadline = Date().addingTimeInterval(10)
            while isRunning(sleeper) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            #expect(!isRunning(sleeper), "the background job \(sleeper) outlived the timeout")
        }
    }

    /// Alive and not a zombie.
    private func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.range(of: ")") else { return false }
        return !stat[close.upperBound...].hasPrefix(" Z")
    }
}
