import FeedTestSupport
import Foundation
import Testing

/// The page cache on a real screen: the cached first screen after the network went away, read
/// marks that outlive the run, and `+N new` comments on a thread visited before.
@Suite(.serialized) struct CacheScreenTests {
    func start(_ arguments: String, cacheHome: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        return try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments)", environment: ["LC_ALL": "C.UTF-8", "XDG_CACHE_HOME": cacheHome])
    }

    /// The titles on screen (every other row from the top: items take two rows).
    func titles(_ screen: [String]) -> [String] {
        stride(from: 0, to: 22, by: 2).map { screen[$0].trimmingCharacters(in: .whitespaces) }
    }

    @Test func theNextStartDrawsTheCachedFirstScreenAtOnceAndSaysOfflineWhenTheNetworkIsGone() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let replica = try ServeProcess("--items 200")
        let base = try #require(replica.baseURLs["hn"])
        let online = try start("hn --base-url \(base)", cacheHome: home)
        // The status line of a frame with the page (` 1/30`, not the first rows' `1/…` nor the loading frame's `0/0 · 0 pages`): it
        // is drawn after the rows, and tmux can be read mid-frame.
        let first = try online.waitFor({ $0[23].contains("hn top") && $0[23].contains(#/ 1/\d/#) && !$0[0].isEmpty }, timeout: 20,
                                       description: "the first page from the replica")
        #expect(!first[23].contains("cached"))
        try online.sendKeys("q")
        #expect(try online.waitForExit() == .exited(0))
        replica.stop()

        let started = Date()
        let again = try start("hn --base-url \(base)", cacheHome: home)
        // The first screen with items on it already came from the cache, and says so.
        let cached = try again.waitFor({ !$0[0].isEmpty && $0[23].contains(#/ 1/\d/#) }, timeout: 20, description: "the cached first screen")
        let blink = Date().timeIntervalSince(started)
        #expect(cached[23].contains("cached"), "\(cached[23])")
        #expect(titles(cached) == titles(first))
        #expect(blink < 5, "first screen after \(blink) s")
        // The revalidation fails (nobody listens): the rows stay, and the note says offline.
        let offline = try again.waitFor({ $0[23].contains("offline · cached") }, timeout: 60, description: "the offline note")
        #expect(titles(offline) == titles(first))
        #expect(!offline.contains { $0.contains("✗") })
        try again.sendKeys("q")
        #expect(try again.waitForExit() == .exited(0))
        #expect(try !again.alternateScreenOn())
    }

    @Test func aCachedScreenIsRevalidatedWhenTheNetworkIsThere() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        // 400 ms a request: the revalidation (the id list, then the page's items in waves) takes
        // seconds, so the cached frame stays up long enough to be read. At 0 ms it could be
        // replaced before a poll of a loaded machine saw it (a CI flake: "timed out waiting for
        // the cached first screen" with the revalidated one on screen).
        let replica = try ServeProcess("--items 200 --latency-ms 400")
        let base = try #require(replica.baseURLs["hn"])
        let online = try start("hn --base-url \(base)", cacheHome: home)
        // ` 1/30`: the page is in (its first rows are drawn before it, at `1/…`).
        try online.waitFor({ $0[23].contains(#/ 1/\d/#) && !$0[0].isEmpty }, timeout: 20, description: "the first page")
        try online.sendKeys("q")
        #expect(try online.waitForExit() == .exited(0))
        let before = try replica.routeStats()

        let again = try start("hn --base-url \(base)", cacheHome: home)
        try again.waitFor({ !$0[0].isEmpty && $0[23].contains("cached") }, timeout: 20, description: "the cached first screen")
        // Fresh pages replace the cached ones: the note goes away and the replica was asked again.
        try again.waitFor({ !$0[23].contains("cached") && $0[23].contains(/[0-9] m?s( |$)/) }, timeout: 30, description: "the revalidated screen")
        let after = try replica.routeStats()
        #expect(after.values.reduce(0, +) > before.values.reduce(0, +))
        try again.sendKeys("q")
        #expect(try again.waitForExit() == .exited(0))
    }

    @Test func readMarksOutliveTheRunAsDimRowsAndUTakesThemAway() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let replica = try ServeProcess("--items 200")
        let base = try #require(replica.baseURLs["hn"])
        let first = try start("hn --base-url \(base)", cacheHome: home)
        let screen = try first.waitFor({ $0[23].contains(#/ 1/\d/#) && !$0[2].isEmpty }, timeout: 20, description: "the first page")
        let opened = screen[2].trimmingCharacters(in: .whitespaces)
        try first.sendKeys("j", "Enter")
        try first.waitFor({ $0.contains { $0.contains(opened) } && !$0[23].contains("page") }, timeout: 10, description: "the detail")
        try first.sendKeys("Escape")
        try first.waitFor({ $0[23].contains("page") }, timeout: 10, description: "the list again")
        try first.sendKeys("q")
        #expect(try first.waitForExit() == .exited(0))

        let second = try start("hn --base-url \(base)", cacheHome: home)
        try second.waitFor({ !$0[2].isEmpty && !$0[23].contains("cached") && $0[23].contains(/[0-9] m?s( |$)/) }, timeout: 30, description: "the list")
        // The cursor is on row 0; the opened item (row 2) is dim (SGR 2), the one below it is not.
        let escaped = try second.captureWithEscapes()
        #expect(escaped[2].contains("\u{1B}[2m"), "\(escaped[2].debugDescription)")
        #expect(!escaped[4].contains("\u{1B}[2m"), "\(escaped[4].debugDescription)")
        try second.sendKeys("j", "u")
        try second.waitForText("marked unread")
        try second.sendKeys("k")
        try second.waitFor({ !$0[23].contains("marked") }, timeout: 10, description: "the notice cleared")
        #expect(!(try second.captureWithEscapes())[2].contains("\u{1B}[2m"))
        try second.sendKeys("q")
        #expect(try second.waitForExit() == .exited(0))
    }

    /// Issue 23 item 9: the cursor is a bar in the margin, so an item opened and left stays
    /// under the cursor dim (SGR 2), not in the look of an unread title under the cursor.
    /// Whether a captured row turns dim on: an SGR with parameter 2 (tmux writes `ESC[2m`, or
    /// `ESC[0;2m` after a bold cell such as the cursor bar).
    func turnsDim(_ row: String) -> Bool { row.contains(/\u{1B}\[([0-9]+;)*2(;[0-9]+)*m/) }

    @Test func theCursorRowShowsAnItemJustReadDim() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let replica = try ServeProcess("--items 200")
        let base = try #require(replica.baseURLs["hn"])
        let tmux = try start("hn --base-url \(base)", cacheHome: home)
        let screen = try tmux.waitFor({ $0[23].contains(#/ 1/\d/#) && !$0[2].isEmpty }, timeout: 20, description: "the first page")
        let opened = screen[2].trimmingCharacters(in: .whitespaces)
        // The cursor on the second item (row 2), unread: its title is not dim.
        try tmux.sendKeys("j")
        let unread = try tmux.waitFor({ $0[2].contains("▌") && !$0[0].contains("▌") }, timeout: 10, description: "the cursor on row 2",
                                      escapes: true)
        #expect(unread[2].contains(opened), "\(unread[2].debugDescription)")
        #expect(!turnsDim(unread[2]), "\(unread[2].debugDescription)")
        // Opened and left: marked read, and the cursor is still on it.
        try tmux.sendKeys("Enter")
        try tmux.waitFor({ $0.contains { $0.contains(opened) } && !$0[23].contains("page") }, timeout: 10, description: "the detail")
        try tmux.sendKeys("Escape")
        let read = try tmux.waitFor({ $0[23].contains("page") }, timeout: 10, description: "the list again", escapes: true)
        #expect(read[2].contains("▌") && read[2].contains(opened), "\(read[2].debugDescription)")
        #expect(turnsDim(read[2]), "\(read[2].debugDescription)")
        #expect(read[2] != unread[2])
        // The unread row below keeps the title's look: only the item read went dim.
        #expect(!turnsDim(read[4]), "\(read[4].debugDescription)")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func readMarksSurviveARestartDimAndHHidesThem() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let replica = try ServeProcess("--items 200")
        let base = try #require(replica.baseURLs["hn"])
        let first = try start("hn --base-url \(base)", cacheHome: home)
        let screen = try first.waitFor({ $0[23].contains(#/ 1/\d/#) && !$0[8].isEmpty }, timeout: 20, description: "the first page")
        let all = titles(screen)
        // Items 2 and 3 (rows 2 and 4) marked read with u.
        try first.sendKeys("j", "u")
        try first.waitForText("marked read")
        try first.sendKeys("j", "u")
        try first.waitFor({ $0[23].contains("marked read") && $0[4].contains("▌") }, timeout: 10, description: "the second mark")
        try first.sendKeys("q")
        #expect(try first.waitForExit() == .exited(0))

        let second = try start("hn --base-url \(base)", cacheHome: home)
        try second.waitFor({ !$0[2].isEmpty && !$0[23].contains("cached") && $0[23].contains(/[0-9] m?s( |$)/) }, timeout: 30, description: "the list")
        let escaped = try second.captureWithEscapes()
        #expect(escaped[2].contains("\u{1B}[2m") && escaped[4].contains("\u{1B}[2m"), "\(escaped[2].debugDescription)")
        #expect(!escaped[6].contains("\u{1B}[2m"), "\(escaped[6].debugDescription)")
        try second.sendKeys("H")
        let hidden = try second.waitFor({ $0[23].contains("2 read hidden") }, timeout: 10, description: "read items hidden")
        #expect(titles(hidden).prefix(3) == [all[0], all[3], all[4]], "\(titles(hidden))")
        #expect(!hidden.contains { $0.contains(all[1]) || $0.contains(all[2]) })
        try second.sendKeys("H")
        let shown = try second.waitFor({ !$0[23].contains("read hidden") && $0[23].contains("read items shown") }, timeout: 10, description: "read items shown")
        #expect(titles(shown).prefix(3) == all.prefix(3))
        try second.sendKeys("q")
        #expect(try second.waitForExit() == .exited(0))

        // --hide-read starts hidden; the first row is the first unread item, dim nowhere.
        let third = try start("hn --hide-read --base-url \(base)", cacheHome: home)
        let started = try third.waitFor({ $0[23].contains("2 read hidden") && !$0[4].isEmpty }, timeout: 30, description: "hidden at start")
        #expect(titles(started).prefix(2) == [all[0], all[3]], "\(titles(started))")
        // Title rows only: meta lines are always dim.
        let escapedRows = try third.captureWithEscapes()
        let dimRows = stride(from: 0, to: 22, by: 2).map { escapedRows[$0] }.filter { $0.contains("\u{1B}[2m") }
        #expect(dimRows.isEmpty, "\(dimRows.map(\.debugDescription))")
        try third.sendKeys("q")
        #expect(try third.waitForExit() == .exited(0))
        #expect(try !third.alternateScreenOn())
    }

    @Test func offlineOpensAThreadReadBeforeFromTheCache() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let replica = try ServeProcess("--items 200")
        let base = try #require(replica.baseURLs["hn"])
        let online = try start("hn --base-url \(base)", cacheHome: home)
        try online.waitFor({ $0[23].contains(#/ 1/\d/#) && $0[1].contains("comments") && $0[3].contains("comments") }, timeout: 20,
                           description: "stories with comments")
        try online.sendKeys("Enter")
        let read = try online.waitFor({ $0[23].contains(" comments") && !$0[23].contains(" 0 comments") && !$0[23].contains("⇣") },
                                      timeout: 20, description: "the thread's comments")
        try online.sendKeys("Escape", "q")
        #expect(try online.waitForExit() == .exited(0))
        replica.stop()

        let offline = try start("hn --offline --base-url \(base)", cacheHome: home)
        try offline.waitFor({ !$0[0].isEmpty && $0[23].contains("offline") }, timeout: 20, description: "the cached list")
        try offline.sendKeys("Enter")
        // Settled (nothing in flight), so a comment page the cache lacked would have failed by now.
        let thread = try offline.waitFor({ $0[23].contains(" comments") && !$0[23].contains(" 0 comments") && !$0[23].contains("⇣") },
                                         timeout: 20, description: "the cached thread, settled")
        #expect(thread[0] == read[0])
        #expect(!thread.contains { $0.contains("✗") }, "\(thread)")
        // A story never opened has nothing cached: one clear line, not a hang.
        try offline.sendKeys("Escape", "j", "Enter")
        try offline.waitForText("offline: this thread was not read before")
        try offline.sendKeys("Escape", "q")
        #expect(try offline.waitForExit() == .exited(0))
    }

    @Test func aRevisitedThreadShowsTheCommentsAddedSince() throws {
        let home = ScratchCache.make()
        defer { ScratchCache.remove(home) }
        let before = try ServeProcess("--items 200")
        let visit = try start("hn --base-url \(try #require(before.baseURLs["hn"]))", cacheHome: home)
        let list = try visit.waitFor({ $0[23].contains(#/ 1/\d/#) && $0[1].contains("comments") }, timeout: 20, description: "a story with comments")
        let title = list[0].replacingOccurrences(of: "▌", with: "").trimmingCharacters(in: .whitespaces)
        #expect(!list[1].contains("new"))
        try visit.sendKeys("Enter")
        try visit.waitFor({ !$0[23].contains("page") }, timeout: 10, description: "the detail")
        try visit.sendKeys("Escape", "q")
        #expect(try visit.waitForExit() == .exited(0))
        before.stop()

        // Later, five more comments on every thread.
        let later = try ServeProcess("--items 200 --extra-comments 5")
        let back = try start("hn --base-url \(try #require(later.baseURLs["hn"]))", cacheHome: home)
        // Pages are cached under their base URL: should this replica get the first one's port,
        // the cached first screen (the first run's counts, no `+N new`) comes first, so wait for
        // rows revalidated from the replica.
        let screen = try back.waitFor({ $0[23].contains("page") && !$0[23].contains("cached") && $0[23].contains(/[0-9] m?s( |$)/) && $0[0].contains(title) },
                                      timeout: 30, description: "the same story, revalidated")
        #expect(screen[1].trimmingCharacters(in: .whitespaces).hasSuffix(" · +5 new"), "\(screen[1])")
        #expect(!screen[3].contains("new"), "\(screen[3])")
        // The thread opens from the cache and is revalidated: the note goes once fresh pages are in.
        try back.sendKeys("Enter")
        let thread = try back.waitFor({ $0[23].contains(" comments") && !$0[23].contains(" 0 comments") && !$0[23].contains("cached") && !$0[23].contains("⇣") },
                                      timeout: 20, description: "the revalidated thread")
        #expect(!thread.contains { $0.contains("✗") }, "\(thread)")
        try back.sendKeys("Escape")
        try back.sendKeys("q")
        #expect(try back.waitForExit() == .exited(0))
    }
}
