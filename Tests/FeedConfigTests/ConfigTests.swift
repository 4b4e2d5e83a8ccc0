import FeedUI
import Testing

@testable import FeedConfig

@Suite struct ConfigTests {
    let goodFile = """
        # feedscroll settings
        default = "hn-new"
        page_size = 25
        prefetch = "auto"
        max_pages = 40
        theme = "light"
        images = "off"
        image_cache_mb = 8
        cache_mb = 50
        hide_read = true
        browser = "lynx -accept_all_cookies %s"
        browser_terminal = true
        comment_width = 100
        refresh_on_start = false

        [keys]
        down = ["n", "ctrl-n", "down"]
        up = "p"
        open = ["enter"]

        [feeds.hn-new]
        source = "hn"
        list = "new"
        base_url = "http://127.0.0.1:8765/hn"
        page_size = 10
        theme = "mono"
        images = "on"
        hide_read = false

        [feeds.swift]
        source = "hn-search"
        query = "swift"
        by_date = true
        timeout = 2.5
        prefetch = 12
        """

    @Test func aGoodFileBecomesItsSettings() throws {
        let config = try ConfigFile.parse(goodFile)
        #expect(config.defaultFeed == "hn-new")
        #expect(config.pageSize == 25)
        #expect(config.prefetch == .automatic)
        #expect(config.maxPages == 40)
        #expect(config.theme == .light)
        #expect(config.cacheMB == 50)
        #expect(config.showsImages == false)
        #expect(config.imageCacheMB == 8)
        #expect(config.hideRead == true)
        #expect(config.browser == "lynx -accept_all_cookies %s")
        #expect(config.browserTerminal == true)
        #expect(config.commentWidth == 100)
        #expect(config.refreshesOnStart == false)
        #expect(config.feeds["hn-new"]?.hideRead == false)
        #expect(config.feeds["swift"]?.hideRead == nil)
        #expect(config.keys == [.down: [.character("n"), .control("n"), .down], .up: [.character("p")], .open: [.enter]])
        #expect(config.feeds["hn-new"] == FeedDefinition(
            name: "hn-new", source: "hn", arguments: ["new", "--base-url", "http://127.0.0.1:8765/hn"],
            pageSize: 10, theme: .mono, showsImages: true, hideRead: false))
        #expect(config.feeds["swift"] == FeedDefinition(
            name: "swift", source: "hn-search", arguments: ["swift", "--by-date", "--timeout", "2.5"], prefetch: .fixed(12)))
    }

    @Test func anEmptyFileIsTheDefaults() throws {
        #expect(try ConfigFile.parse("") == .empty)
        #expect(try ConfigFile.parse("# nothing\n\n") == .empty)
        #expect(Config.empty.keyMap == .standard)
    }

    /// `--config /dev/null` (an empty file that is a device, not a regular file) is the
    /// defaults, as an empty file is; a directory still cannot be read.
    @Test func devNullIsTheDefaults() throws {
        #expect(try ConfigFile.load(explicitPath: "/dev/null", environment: [:]) == .empty)
        #expect(throws: ConfigError.self) { try ConfigFile.load(explicitPath: "/", environment: [:]) }
    }

    /// Every kind of mistake, with the exact line the user sees.
    @Test(arguments: [
        ("page_size = 0", "config:1: page_size: must be at least 1, not 0"),
        ("page_size = \"20\"", "config:1: page_size: expected an integer, got a string"),
        ("max_pages = 2.5", "config:1: max_pages: expected an integer, got a float"),
        ("cache_mb = 0", "config:1: cache_mb: must be at least 1, not 0"),
        ("hide_read = 1", "config:1: hide_read: expected a boolean, got an integer"),
        ("browser = \" : lynx\"", "config:1: browser: names no program"),
        ("browser_terminal = \"yes\"", "config:1: browser_terminal: expected a boolean, got a string"),
        ("refresh_on_start = \"no\"", "config:1: refresh_on_start: expected a boolean, got a string"),
        ("comment_width = 10", "config:1: comment_width: must be between 20 and 400 columns, not 10"),
        ("prefetch = \"soon\"", "config:1: prefetch: must be \"auto\" or a number of items, not \"soon\""),
        ("prefetch = -1", "config:1: prefetch: must be \"auto\" or at least 0, not -1"),
        ("prefetch = true", "config:1: prefetch: expected \"auto\" or an integer, got a boolean"),
        ("theme = \"solarized\"", "config:1: theme: unknown theme \"solarized\"; themes: default, light, mono"),
        ("colour = 1", "config:1: colour: unknown key; expected one of: default, page_size, prefetch, max_pages, theme, images, image_cache_mb, cache_mb, hide_read, browser, browser_terminal, comment_width, refresh_on_start, keys, feeds, subscriptions"),
        ("# a comment\nwhen = 1979-05-27", "config:2: when: unknown key; expected one of: default, page_size, prefetch, max_pages, theme, images, image_cache_mb, cache_mb, hide_read, browser, browser_terminal, comment_width, refresh_on_start, keys, feeds, subscriptions"),
        ("theme = 1979-05-27", "config:1: theme: expected a string, got a date"),
        ("images = \"sometimes\"", "config:1: images: must be \"on\" or \"off\", not \"sometimes\""),
        ("images = 1", "config:1: images: expected \"on\" or \"off\", got an integer"),
        ("image_cache_mb = 0", "config:1: image_cache_mb: must be at least 1, not 0"),
        ("[feeds.mine]\nsource = \"pokeapi\"\nimages = \"no\"", "config:3: feeds.mine.images: must be \"on\" or \"off\", not \"no\""),
        ("default = \"nowhere\"", "config:1: default: no feed or command named \"nowhere\"; use one of: demo, devto, feed, github, hn, hn-search, jsonplaceholder, lobsters, local, mastodon, pokeapi, reddit, stackexchange, wikipedia"),
        ("keys = 3", "config:1: keys: expected a table, got an integer"),
        ("[keys]\njump = [\"j\"]", "config:2: keys.jump: unknown action \"jump\"; actions: down, up, pageDown, pageUp, halfPageDown, halfPageUp, top, bottom, retry, refresh, help, quit, open, back, collapse, parent, openLink, discussion, copy, search, nextMatch, previousMatch, clearSearch, goTo, toggleRead, hideRead, save, read, nextSibling, previousSibling, nextTopLevel, previousTopLevel, nextNew, nextItem, previousItem"),
        ("[keys]\n\ndown = [\"ctrl-\"]", "config:3: keys.down: unknown key name \"ctrl-\" (a character, ctrl-X, space, up, down, left, right, pageup, pagedown, home, end, enter, esc, backspace, tab)"),
        ("[keys]\ndown = [1]", "config:2: keys.down: expected an array of key names, got an integer"),
        ("[keys]\ndown = {a = 1}", "config:2: keys.down: expected an array of key names, got a table"),
        ("[keys]\ndown = [\"x\"]\nup = [\"x\"]", "config:3: keys.up: \"x\" is also bound to down"),
        ("[feeds.mine]\nlist = \"new\"", "config:1: feeds.mine: missing \"source\" (one of: demo, devto, feed, github, hn, hn-search, jsonplaceholder, lobsters, local, mastodon, pokeapi, reddit, stackexchange, wikipedia)"),
        ("[feeds.mine]\nsource = \"myspace\"", "config:2: feeds.mine.source: unknown source \"myspace\"; sources: demo, devto, feed, github, hn, hn-search, jsonplaceholder, lobsters, local, mastodon, pokeapi, reddit, stackexchange, wikipedia"),
        ("[feeds.mine]\nsource = \"hn\"\nsubreddit = \"swift\"", "config:3: feeds.mine.subreddit: unknown key for source \"hn\"; expected one of: source, page_size, prefetch, max_pages, theme, images, hide_read, list, base_url, timeout"),
        ("[feeds.mine]\nsource = \"hn-search\"\nby_date = \"yes\"", "config:3: feeds.mine.by_date: expected a boolean, got a string"),
        ("[feeds.mine]\nsource = \"demo\"\nitems = 1.5", "config:3: feeds.mine.items: expected an integer, got a float"),
        ("[feeds.mine]\nsource = \"hn\"\nlist = \"--help\"", "config:3: feeds.mine.list: must not start with \"-\""),
        ("[feeds.hn]\nsource = \"hn\"", "config:1: feeds.hn: a feed cannot be named like the command \"hn\""),
        ("[feeds.\"my feed\"]\nsource = \"hn\"", "config:1: feeds.my feed: a feed name takes letters, digits, - and _ only"),
        ("[feeds]\nmine = 3", "config:2: feeds.mine: expected a table, got an integer"),
        ("page_size = 20\nprefetch = = 3", "config:2: TOML syntax error: Error while parsing value: could not determine value type"),
        ("page_size = 1\npage_size = 2", "config:2: TOML syntax error: Error while parsing key-value pair: cannot redefine existing integer 'page_size'"),
    ])
    func everyMistakeIsOneLineNamingLineAndKey(file: String, message: String) {
        #expect(throws: ConfigError.self) { try ConfigFile.parse(file) }
        do {
            _ = try ConfigFile.parse(file)
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aLoadedFileIsNamedInItsErrors() throws {
        let path = "/tmp/feedscroll-config-test-\(getpid()).toml"
        try "\n\ntheme = \"neon\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ConfigError(file: path, line: 3, key: "theme", problem: "unknown theme \"neon\"; themes: default, light, mono")) {
            try ConfigFile.load(explicitPath: path, environment: [:])
        }
        #expect(throws: ConfigError(file: "/nonexistent/x.toml", key: nil, problem: "no such file")) {
            try ConfigFile.load(explicitPath: "/nonexistent/x.toml", environment: [:])
        }
    }

    @Test func theDefaultPathFollowsXDG() throws {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/feedscroll/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/feedscroll/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/feedscroll/config.toml")
        #expect(ConfigFile.defaultPath(environment: [:]) == nil)
        // A missing default file is the defaults; only --config must exist.
        #expect(try ConfigFile.load(explicitPath: nil, environment: ["XDG_CONFIG_HOME": "/nonexistent"]) == .empty)
    }
}

import Foundation
