import FeedTestSupport
import Foundation
import Testing

/// The terminal against the replica with every fault on at once: the first screen still comes.
@Suite(.serialized) struct FaultScreenTests {
    @Test func hackerNewsFirstScreenUnderTheFaultMix() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let server = try ServeProcess("--error-rate 0.2 --rate-limit 5/s --malformed-rate 0.05")
        let base = try #require(server.baseURLs["hn"])
        let started = Date()
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) hn --base-url \(base)", environment: ["LC_ALL": "C.UTF-8"])
        // Eleven stories fill the 80×24 screen, two lines each; the cursor on the first. Every
        // request fails a fifth of the time, a twentieth come back garbled, and the source may
        // ask five times a second: each is retried by itself, so the page still comes whole.
        let first = try tmux.waitFor(
            { screen in
                screen[0].hasPrefix("▌ ") && !screen[21].trimmingCharacters(in: .whitespaces).isEmpty
                    && screen[23].contains("hn top") && screen[23].contains(" of ")
            }, timeout: 90, description: "HN's first screen")
        print("HN first screen under the fault mix \(Date().timeIntervalSince(started)) s after start")
        #expect(!first.contains { $0.contains("press r to retry") })
        let titles = stride(from: 0, to: 22, by: 2).map { first[$0].dropFirst(2).trimmingCharacters(in: .whitespaces) }
        #expect(titles.allSatisfy { !$0.isEmpty })
        let metas = stride(from: 1, to: 22, by: 2).map { first[$0] }
        #expect(metas.allSatisfy { $0.contains(" points") || $0.contains("job") }, "\(metas)")
        // One screen down: the rows go on under the same faults.
        try tmux.sendKeys("NPage")
        let down = try tmux.waitFor(
            { $0[23].contains("hn top · ") && !$0[23].contains("hn top · 1/") && $0.contains { $0.hasPrefix("▌ ") } },
            timeout: 90, description: "a screen down")
        #expect(!down.contains { $0.contains("press r to retry") })
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
        #expect(try !tmux.alternateScreenOn())
    }
}
