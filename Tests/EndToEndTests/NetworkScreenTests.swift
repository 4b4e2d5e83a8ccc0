import FeedTestSupport
import Foundation
import Testing

/// The network sources on a real screen.
@Suite(.serialized) struct NetworkScreenTests {
    func start(_ arguments: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(command: "exec \(FeedscrollBinary.path) \(arguments)", environment: ["LC_ALL": "C.UTF-8"])
    }

    @Test func noArgumentsBrowsesTheHackerNewsReplica() throws {
        let tmux = try start("")
        let first = try tmux.waitFor({ $0[0].hasPrefix("▌ ") && $0[23].contains("hn top") && $0[23].contains(" of ") }, timeout: 20, description: "the first HN page")
        #expect(first[0].hasPrefix("▌ "))
        // The id list's length is the total: G fetches the last page directly.
        try tmux.sendKeys("G")
        try tmux.waitFor({ $0[22].contains("— end of feed") }, timeout: 20, description: "G at the end of the list")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
        #expect(try !tmux.alternateScreenOn())
    }

    @Test func malformedResponsesShowTheErrorFooter() throws {
        let replica = try ServeProcess("--items 130 --malformed-rate 1")
        let base = try #require(replica.baseURLs["pokeapi"])
        let tmux = try start("pokeapi --base-url \(base)")
        // Every body is retried by itself (8 attempts, full-jitter backoff capped at 8 s: at most
        // about 32 s of waiting) before the page fails for good.
        let screen = try tmux.waitForText("press r to retry", timeout: 60)
        #expect(screen.contains { $0.contains("✗") })
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
