import FeedTestSupport
import Foundation
import Testing

/// `BROWSER=w3m`: `o` hands the terminal to w3m, which shows the page, and takes it back when
/// w3m exits (issue 20, item 8), against the replica's articles over loopback.
@Suite(.serialized) struct TerminalBrowserTests {
    /// A story of the replica whose link is one of its own article pages.
    func storyWithArticle(_ server: ServeProcess) throws -> (id: Int, url: String, title: String) {
        let base = try #require(server.baseURLs["hn"])
        func get(_ path: String) throws -> Any {
            let result = try ChildProcess.run(["curl", "-s", "--max-time", "5", base + path], environment: ProcessInfo.processInfo.environment)
            return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))
        }
        let ids = try #require(try get("/topstories.json") as? [Int])
        for id in ids.prefix(30) {
            if let item = try get("/item/\(id).json") as? [String: Any], let url = item["url"] as? String, url.contains("/articles/"),
               let title = item["title"] as? String {
                return (id, url, title)
            }
        }
        throw Failure(description: "no story with a replica article among the first 30")
    }

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// Starts feedscroll on the replica's HN list and puts the cursor on the story (`/` search).
    func startOnStory(_ story: (id: Int, url: String, title: String), base: String, arguments: String = "") throws -> TmuxSession {
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments) hn --base-url \(base)", columns: 100, rows: 30,
            environment: ["LC_ALL": "C.UTF-8", "BROWSER": "w3m"])
        try tmux.waitFor({ $0[29].contains("hn top · 1/") && !$0[29].contains("⇣") }, timeout: 20, description: "the list")
        let words = String(story.title.prefix(24))
        try tmux.sendKeys("/")
        try tmux.sendLiteral(words)
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0.contains { $0.hasPrefix("▌ ") && $0.contains(words) } }, timeout: 10, description: "the cursor on \(words)")
        // Esc leaves the search; the cursor stays on the story.
        try tmux.sendKeys("Escape")
        try tmux.waitFor({ $0[29].contains("hn top ·") && $0.contains { $0.hasPrefix("▌ ") && $0.contains(words) } },
                         timeout: 10, description: "the list with the cursor on \(words)")
        return tmux
    }

    @Test func w3mTakesTheTerminalAndGivesItBack() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let server = try ServeProcess("--items 60")
        let story = try storyWithArticle(server)
        let base = try #require(server.baseURLs["hn"])
        let tmux = try startOnStory(story, base: base)
        defer { tmux.kill() }
        // The article's headline, as its <title> gives it before the site's name.
        let html = try ChildProcess.run(["curl", "-s", "--max-time", "5", story.url], environment: ProcessInfo.processInfo.environment).standardOutput
        let headline = try #require(html.firstMatch(of: /<title>([^<|]+)/).map { String($0.1.prefix(20)) })
        let before = try tmux.capture()
        try tmux.sendKeys("o")
        // w3m's own screen: the article's text, and w3m's status line with the page's address.
        let page = try tmux.waitFor({ screen in
            !screen.contains { $0.contains("hn top ·") } && screen.contains { $0.contains(headline) }
        }, timeout: 20, description: "w3m showing the article \(headline)")
        #expect(!page.contains { $0.hasPrefix("▌ ") }, "feedscroll stepped aside: \(page)")
        #expect(try tmux.alternateScreenOn(), "w3m draws on the alternate screen")
        try tmux.sendKeys("q")
        try tmux.waitForText("exit w3m", timeout: 10)
        try tmux.sendKeys("y")

        // Back: the same screen, redrawn whole, with no note of a failure.
        let back = try tmux.waitFor({ $0[29].contains("hn top ·") && $0[0] == before[0] }, timeout: 10,
                                    description: "feedscroll's list back after w3m")
        #expect(back.dropLast() == before.dropLast(), "every row as it was")
        #expect(!back[29].contains("exited") && !back[29].contains("cannot"), "status: \(back[29])")
        #expect(try tmux.alternateScreenOn())
        // Keys reach feedscroll again.
        try tmux.sendKeys("j")
        try tmux.waitFor({ $0 != back }, timeout: 10, description: "the cursor moving after w3m")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// A terminal browser that fails may have said why on the terminal (w3m's `Can't load`):
    /// the screen stays as it left it, with feedscroll's line under it, until Enter; then the
    /// list comes back with the one-line account on the status line.
    @Test func aTerminalBrowserThatFailsIsOneLineInTheStatus() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let server = try ServeProcess("--items 60")
        let story = try storyWithArticle(server)
        let base = try #require(server.baseURLs["hn"])
        // `false` exits 1 at once: marked a terminal program by the config.
        let config = NSTemporaryDirectory() + "feedscroll-browser-\(getpid()).toml"
        // A script that says why on stderr and exits 2, as w3m does on a page it cannot load.
        let script = NSTemporaryDirectory() + "feedscroll-failing-browser-\(getpid())"
        try "#!/bin/sh\necho \"failing-browser: Can't load $1\" >&2\nexit 2\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        defer { try? FileManager.default.removeItem(atPath: script) }
        try "browser = \"\(script)\"\nbrowser_terminal = true\n".write(toFile: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: config) }
        let tmux = try startOnStory(story, base: base, arguments: "--config \(config)")
        defer { tmux.kill() }
        try tmux.sendKeys("o")
        let held = try tmux.waitFor({ $0.contains { $0.contains("exited with status 2 · press Enter to go back") } }, timeout: 10, description: "the hold")
        #expect(held.contains { $0.contains("failing-browser: Can't load http") }, "\(held)")
        #expect(try !tmux.alternateScreenOn())
        try tmux.sendKeys("Enter")
        let screen = try tmux.waitFor({ $0[29].contains("exited with status 2") }, timeout: 10, description: "the note")
        #expect(screen.contains { $0.hasPrefix("▌ ") })
        #expect(try tmux.alternateScreenOn())
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
