import FeedUI
import Testing

@testable import FeedConfig

@Suite struct CommandLineRewriteTests {
    let config = Config(
        defaultFeed: "mine",
        feeds: ["mine": FeedDefinition(name: "mine", source: "hn", arguments: ["new", "--base-url", "http://h/"], pageSize: 5)])

    @Test func configPathIsTakenOutWherever() throws {
        #expect(try CommandLineRewrite.extractConfigPath(["--config", "a.toml", "hn"]) == ("a.toml", ["hn"]))
        #expect(try CommandLineRewrite.extractConfigPath(["hn", "new", "--config=b.toml", "--plain"]) == ("b.toml", ["hn", "new", "--plain"]))
        #expect(try CommandLineRewrite.extractConfigPath(["hn", "--", "--config", "x"]) == (nil, ["hn", "--", "--config", "x"]))
        #expect(try CommandLineRewrite.extractConfigPath(["--config", "a", "--config", "b"]) == ("b", []))
        #expect(throws: ConfigError(key: nil, problem: "--config needs a FILE")) {
            try CommandLineRewrite.extractConfigPath(["hn", "--config"])
        }
        #expect(throws: ConfigError(key: nil, problem: "--config needs a FILE")) {
            try CommandLineRewrite.extractConfigPath(["--config="])
        }
    }

    @Test func aNamedFeedBecomesItsCommand() {
        let (arguments, feed) = CommandLineRewrite.resolve(["mine", "--plain"], config: config)
        #expect(arguments == ["hn", "new", "--base-url", "http://h/", "--plain"])
        #expect(feed?.name == "mine")
    }

    @Test func noCommandRunsTheDefault() {
        #expect(CommandLineRewrite.resolve([], config: config).arguments == ["hn", "new", "--base-url", "http://h/"])
        #expect(CommandLineRewrite.resolve(["--plain"], config: config).arguments == ["hn", "new", "--base-url", "http://h/", "--plain"])
        var plain = config
        plain.defaultFeed = "demo"
        #expect(CommandLineRewrite.resolve(["--limit", "3"], config: plain) == (["demo", "--limit", "3"], nil))
    }

    @Test func commandsAndRootOptionsAreLeftAlone() {
        #expect(CommandLineRewrite.resolve(["demo", "--plain"], config: config) == (["demo", "--plain"], nil))
        #expect(CommandLineRewrite.resolve(["--help"], config: config) == (["--help"], nil))
        #expect(CommandLineRewrite.resolve(["--version"], config: config) == (["--version"], nil))
        #expect(CommandLineRewrite.resolve([], config: .empty) == ([], nil))
        #expect(CommandLineRewrite.resolve(["other"], config: config) == (["other"], nil))
    }

    @Test func browserCommandNeverNeedsAShell() {
        let link = "https://example.com/a?b=1&c=$(rm -rf ~)"
        #expect(BrowserCommand.arguments(opening: link, environment: [:]) == ["xdg-open", link])
        #expect(BrowserCommand.arguments(opening: link, environment: ["BROWSER": ""]) == ["xdg-open", link])
        #expect(BrowserCommand.arguments(opening: link, environment: ["BROWSER": "firefox"]) == ["firefox", link])
        #expect(BrowserCommand.arguments(opening: link, environment: ["BROWSER": "w3m:lynx"]) == ["w3m", link])
        #expect(BrowserCommand.arguments(opening: link, environment: ["BROWSER": "chromium --new-window"]) == ["chromium", "--new-window", link])
        #expect(BrowserCommand.arguments(opening: link, environment: ["BROWSER": "open-it --url=%s"]) == ["open-it", "--url=\(link)"])
    }

    @Test func keyLocatorFollowsTablesAndDottedKeys() {
        let locator = KeyLocator(source: """
            theme = "x"
            [keys]
              down = ["j"]
            "up" = ["k"]
            [feeds.mine]
            source = "hn"
            [feeds."other.one"]
            feeds.x.list = 1
            """)
        #expect(locator.line(of: ["theme"]) == 1)
        #expect(locator.line(of: ["keys"]) == 2)
        #expect(locator.line(of: ["keys", "down"]) == 3)
        #expect(locator.line(of: ["keys", "up"]) == 4)
        #expect(locator.line(of: ["keys", "quit"]) == 2)
        #expect(locator.line(of: ["feeds", "mine", "source"]) == 6)
        #expect(locator.line(of: ["feeds", "other.one"]) == 7)
        #expect(locator.line(of: ["feeds", "other.one", "feeds", "x", "list"]) == 8)
        #expect(locator.line(of: ["nothing"]) == nil)
    }
}

@Suite struct BrowserLaunchTests {
    let link = "https://example.com/a"

    @Test func terminalBrowsersAreKnownByName() {
        for browser in ["w3m", "lynx", "/usr/bin/elinks", "links2 -g", "www-browser"] {
            #expect(BrowserCommand.launch(opening: link, environment: ["BROWSER": browser]).needsTerminal, "\(browser)")
        }
        for browser in ["firefox", "xdg-open", "chromium --new-window"] {
            #expect(!BrowserCommand.launch(opening: link, environment: ["BROWSER": browser]).needsTerminal, "\(browser)")
        }
        #expect(BrowserCommand.launch(opening: link, environment: [:]) == .init(arguments: ["xdg-open", link], needsTerminal: false))
    }

    @Test func theConfigWinsOverTheEnvironment() {
        let launch = BrowserCommand.launch(opening: link, environment: ["BROWSER": "firefox"], configured: "lynx -accept_all_cookies")
        #expect(launch == .init(arguments: ["lynx", "-accept_all_cookies", link], needsTerminal: true))
        // browser_terminal says what the name cannot.
        #expect(BrowserCommand.launch(opening: link, environment: ["BROWSER": "my-tui %s"], terminal: true).needsTerminal)
        #expect(!BrowserCommand.launch(opening: link, environment: ["BROWSER": "w3m"], terminal: false).needsTerminal)
    }
}

@Suite struct BareURLTests {
    @Test(arguments: [
        ("https://news.ycombinator.com/item?id=41003558", ["hn", "--thread", "https://news.ycombinator.com/item?id=41003558"]),
        ("https://www.reddit.com/r/swift/comments/abc123/a_title/", ["reddit", "swift", "--thread", "https://www.reddit.com/r/swift/comments/abc123/a_title/"]),
        ("https://lobste.rs/s/f5fyb3/a_story", ["lobsters", "--thread", "https://lobste.rs/s/f5fyb3/a_story"]),
        ("https://github.com/octokit/octokit.rb", ["github", "--thread", "https://github.com/octokit/octokit.rb"]),
        ("https://stackoverflow.com/questions/100/why", ["stackexchange", "--site", "stackoverflow", "--thread", "https://stackoverflow.com/questions/100/why"]),
        ("https://unix.stackexchange.com/q/7", ["stackexchange", "--site", "unix", "--thread", "https://unix.stackexchange.com/q/7"]),
        ("https://hachyderm.io/@ann/1234567", ["mastodon", "--instance", "hachyderm.io", "--thread", "https://hachyderm.io/@ann/1234567"]),
        ("https://en.wikipedia.org/w/index.php?title=Histology&diff=833218500&oldid=833218201",
         ["wikipedia", "--thread", "https://en.wikipedia.org/w/index.php?title=Histology&diff=833218500&oldid=833218201"]),
        ("https://en.wikipedia.org/wiki/Special:Diff/833218500", ["wikipedia", "--thread", "https://en.wikipedia.org/wiki/Special:Diff/833218500"]),
        ("https://en.wikipedia.org/wiki/Histology", ["read", "https://en.wikipedia.org/wiki/Histology"]),
        ("https://example.com/blog/post", ["read", "https://example.com/blog/post"]),
        ("https://news.ycombinator.com/news", ["read", "https://news.ycombinator.com/news"]),
    ])
    func aBareAddressOpensItsThreadOrTheReader(_ url: String, _ expected: [String]) {
        #expect(CommandLineRewrite.command(opening: url) == expected)
        #expect(CommandLineRewrite.resolve([url, "--plain"], config: .empty).arguments == expected + ["--plain"])
    }

    @Test func wordsAndOtherSchemesAreLeftAlone() {
        #expect(CommandLineRewrite.command(opening: "hn") == nil)
        #expect(CommandLineRewrite.command(opening: "ftp://example.com/x") == nil)
        #expect(CommandLineRewrite.resolve(["hn", "new"], config: .empty).arguments == ["hn", "new"])
    }
}
