import FeedTestSupport
import Foundation
import Testing

/// `BROWSER=w3m`: `o` hands the terminal to w3m, which shows the page, and takes it back when
/// w3m exits (issue 20, item 8), against the replica's articles over loopback.
@Suite(.serialized) struct TerminalBrowserTests {
    /// A story of the replica whose link is one of its own article pages.
    func storyWithArticle(_ server: ServeProcess) throws -> (id: Int, url: String) {
        let base = try #require(server.baseURLs["hn"])
        func get(_ path: String) throws -> Any {
            let result = try ChildProcess.run(["curl", "-s", "--max-time", "5", base + path], environment: ProcessInfo.processInfo.environment)
            return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        }
        let ids = try #require(try get("/topstories.json") as? [Int])
        for id in ids.prefix(30) {
            if let item = try get("/item/\(id).json") as? [String: Any], let url = item["url"] as? String, url.contains("/articles/") {
                return (id, url)
            }
        }
        throw Failure(description: "no story with a replica article among the first 30")
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    @Test func w3mTakesTheTerminalAndGivesItBack() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let server = try ServeProcess("--items 60")
        let story = try storyWithArticle(server)
        let base = try #require(server.baseURLs["hn"])
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) hn --base-url \(base) --thread \(story.id)", columns: 100, rows: 30,
            environment: ["LC_ALL": "C.UTF-8", "BROWSER": "w3m"])
        defer { tmux.kill() }
        let detail = try tmux.waitFor({ $0[29].contains("Esc back") && $0.contains { $0.contains(story.url) } },
                                      timeout: 20, description: "the story's detail with its link")
        let title = detail[0].trimmingCharacters(in: .whitespaces)

        try tmux.sendKeys("o")
        // w3m's own screen: the article's text, and w3m's status line with the page's address.
        let page = try tmux.waitFor({ screen in
            !screen.contains { $0.contains("Esc back") } && screen.joined().contains("Slow Computers") || screen.joined().contains("·")
                && !screen.contains { $0.contains("Esc back") }
        }, timeout: 20, description: "w3m showing the article")
        #expect(!page.contains { $0.contains("Esc back") }, "feedscroll stepped aside")
        #expect(try tmux.alternateScreenOn(), "w3m draws on the alternate screen")
        try tmux.sendKeys("q")
        try tmux.waitForText("exit w3m", timeout: 10)
        try tmux.sendKeys("y")

        // Back: the same detail, redrawn whole, with no note of a failure.
        let back = try tmux.waitFor({ $0[29].contains("Esc back") && $0[0].contains(title) }, timeout: 10,
                                    description: "feedscroll's detail back after w3m")
        #expect(!back[29].contains("exited") && !back[29].contains("cannot"), "status: \(back[29])")
        #expect(try tmux.alternateScreenOn())
        // Keys reach feedscroll again.
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[29].contains("hn top") }, timeout: 10, description: "the list after Esc")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func aTerminalBrowserThatFailsIsOneLineInTheStatus() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let server = try ServeProcess("--items 60")
        let story = try storyWithArticle(server)
        let base = try #require(server.baseURLs["hn"])
        // `false` exits 1 at once: marked a terminal program by the config.
        let config = NSTemporaryDirectory() + "feedscroll-browser-\(getpid()).toml"
        try "browser = \"false\"\nbrowser_terminal = true\n".write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) --config \(config) hn --base-url \(base) --thread \(story.id)", columns: 100, rows: 30,
            environment: ["LC_ALL": "C.UTF-8", "BROWSER": "w3m"])
        defer { tmux.kill() }
        try tmux.waitFor({ $0[29].contains("Esc back") }, timeout: 20, description: "the story's detail")
        try tmux.sendKeys("o")
        let screen = try tmux.waitFor({ $0[29].contains("false exited with status 1") }, timeout: 10, description: "the note")
        #expect(screen[29].contains("Esc back"))
        #expect(try tmux.alternateScreenOn())
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
