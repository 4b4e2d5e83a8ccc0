import FeedPictures
import FeedTestSupport
import Foundation
import Testing

@testable import FeedReplica

/// Pictures on a real screen: `feedscroll pokeapi` against `feedscroll serve`, read back from
/// tmux with `capture-pane -e` cell by cell, and the replica's per-picture request counts.
@Suite(.serialized) struct PictureScreenTests {
    /// What tmux shows of one cell: its text and 256-colour foreground and background (nil: default).
    struct ScreenCell: Equatable {
        var text: String
        var foreground: Int?
        var background: Int?
    }

    func start(_ arguments: String, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        var variables = ["LC_ALL": "C.UTF-8", "COLORTERM": "", "NO_COLOR": ""]
        variables.merge(environment) { $1 }
        return try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments)", columns: columns, rows: rows, environment: variables)
    }

    func pokeapi(_ replica: ServeProcess, _ extra: String = "") throws -> String {
        let base = try #require(replica.baseURLs["pokeapi"])
        let sprites = try #require(replica.baseURLs["sprites"])
        return "pokeapi --base-url \(base) --sprites-url \(sprites) \(extra)"
    }

    /// `capture-pane -e` rows as cells, following SGR 38;5 / 48;5 / 39 / 49 / 0.
    func cells(_ rows: [String]) -> [[ScreenCell]] {
        rows.map { row in
            var result: [ScreenCell] = []
            var foreground: Int?
            var background: Int?
            var scalars = Array(row.unicodeScalars)[...]
            while let scalar = scalars.first {
                if scalar == "\u{1B}", scalars.dropFirst().first == "[" {
                    scalars = scalars.dropFirst(2)
                    var parameters = ""
                    while let next = scalars.first, !("@"..."~").contains(next) {
                        parameters.unicodeScalars.append(next)
                        scalars = scalars.dropFirst()
                    }
                    let final = scalars.first
                    scalars = scalars.dropFirst()
                    guard final == "m" else { continue }
                    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    var index = 0
                    while index < numbers.count {
                        switch numbers[index] {
                        case 0: (foreground, background) = (nil, nil)
                        case 38 where index + 2 < numbers.count && numbers[index + 1] == 5:
                            foreground = numbers[index + 2]
                            index += 2
                        case 48 where index + 2 < numbers.count && numbers[index + 1] == 5:
                            background = numbers[index + 2]
                            index += 2
                        case 39: foreground = nil
                        case 49: background = nil
                        case 30...37: foreground = numbers[index] - 30
                        case 40...47: background = numbers[index] - 40
                        case 90...97: foreground = numbers[index] - 90 + 8
                        case 100...107: background = numbers[index] - 100 + 8
                        default: break
                        }
                        index += 1
                    }
                    continue
                }
                result.append(ScreenCell(text: String(scalar), foreground: foreground, background: background))
                scalars = scalars.dropFirst()
            }
            return result
        }
    }

    /// The artwork `serve` draws for `id`, fitted the way feedscroll fits it.
    func expectedArtwork(id: Int, columns: Int, rows: Int) throws -> HalfBlockPicture {
        let png = try #require(PictureEncoder.png(PictureArtist.creature(seed: 42, index: id, size: 475)))
        let image = try PictureDecoder.decode(png)
        return HalfBlockPicture(fitting: image, maxColumns: columns, maxRows: rows, background: .black)
    }

    @Test func theDetailDrawsTheArtworkCellByCell() throws {
        let replica = try ServeProcess("--items 60")
        let tmux = try start(try pokeapi(replica))
        try tmux.waitFor({ $0[23].contains("pokeapi") && !$0[23].contains("▣") && $0[1].contains("#1") }, timeout: 30, description: "the first page and its pictures")
        try tmux.sendKeys("Enter")
        // 80×24: the box is 32 columns × 11 rows; a square picture fills 22 × 11.
        let picture = try expectedArtwork(id: 1, columns: 32, rows: 11)
        #expect(picture.columns == 22 && picture.rows == 11)
        let screen = try waitForPicture(tmux, row: 5, column: 1 + picture.columns / 2)
        var mismatches: [String] = []
        for row in 0..<picture.rows {
            for column in 0..<picture.columns {
                let cell = screen[row][1 + column]
                let expected = picture[row, column]
                let wanted = ScreenCell(
                    text: "▀", foreground: Palette256.nearest(expected.top), background: Palette256.nearest(expected.bottom))
                if cell != wanted { mismatches.append("\(row),\(column): \(cell) ≠ \(wanted)") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) cells differ: \(mismatches.prefix(5))")
        // The text starts below the picture and its blank line.
        #expect(try tmux.capture()[13].contains("#1"))
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
        #expect(replica.isPicturePathCountedOnce("pokemon/other/official-artwork/1.png"))
    }

    @Test func theListShowsThumbnailsAndTheCursorsPicture() throws {
        let replica = try ServeProcess("--items 60")
        let tmux = try start(try pokeapi(replica))
        // No picture in flight is not enough: a row's picture is asked for on the frame after its
        // row arrives, so also wait until the second row's thumbnail is drawn.
        try tmux.waitFor({ $0[23].contains("pokeapi") && !$0[23].contains("▣") && $0[1].contains("#1")
            && $0[2].contains("▀▀▀▀") && $0[3].contains("▀▀▀▀") }, timeout: 30, description: "pictures loaded")
        let screen = cells(try tmux.captureWithEscapes())
        // Each row: a 4×2 thumbnail at column 2, the title after it.
        let thumbnail = try expectedArtwork(id: 2, columns: 4, rows: 2)
        for row in 0..<thumbnail.rows {
            for column in 0..<thumbnail.columns {
                let cell = screen[2 + row][2 + column]
                #expect(cell.text == "▀")
                #expect(cell.foreground == Palette256.nearest(thumbnail[row, column].top))
                #expect(cell.background == Palette256.nearest(thumbnail[row, column].bottom))
            }
        }
        #expect(try tmux.capture()[3].contains("#2"))
        // The cursor's picture on the right, in its 32×11 box.
        let preview = try expectedArtwork(id: 1, columns: 32, rows: 11)
        let left = 80 - 32 - 1
        #expect(screen[5][left + preview.columns / 2].text == "▀")
        #expect(screen[5][left + preview.columns / 2].background == Palette256.nearest(preview[5, preview.columns / 2].bottom))
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func scrolling300DownAndBackAsksForEachPictureOnce() throws {
        let replica = try ServeProcess("--items 400")
        let tmux = try start(try pokeapi(replica))
        try walk(tmux, pages: 28, key: "PageDown", until: 300)
        try walk(tmux, pages: 28, key: "PageUp", until: nil)
        let counts = try replica.pictureStats()
        #expect(counts.count >= 300)
        #expect(counts.values.allSatisfy { $0 == 1 }, "asked again: \(counts.filter { $0.value > 1 }.keys.sorted().prefix(10))")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func aOneMegabyteCacheAsksAgainOnlyForEvictedPictures() throws {
        let replica = try ServeProcess("--items 400")
        // 200×60: the cursor's picture box is 80×29 cells, about 14 kB a picture, so 1 MB holds ~70.
        let tmux = try start(try pokeapi(replica, "--image-cache-mb 1"), columns: 200, rows: 60)
        try walk(tmux, pages: 11, key: "PageDown", until: 300, rows: 60)
        let down = try replica.pictureStats()
        #expect(down.values.allSatisfy { $0 == 1 })
        try walk(tmux, pages: 11, key: "PageUp", until: nil, rows: 60)
        let counts = try replica.pictureStats()
        let id = { (path: String) in Int(path.split(separator: "/").last!.dropLast(4))! }
        let twice = counts.filter { $0.value == 2 }.keys.map(id)
        let deepest = down.keys.map(id).max() ?? 0
        #expect(counts.values.allSatisfy { $0 <= 2 })
        #expect(!twice.isEmpty, "nothing was evicted")
        // The most recently seen pictures (the last screens before turning back) stayed cached.
        #expect(twice.allSatisfy { $0 < deepest - 40 }, "recent pictures asked again: \(twice.sorted().suffix(5)) of \(deepest)")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test(arguments: [("NO_COLOR", "1", ""), ("", "", "--images off")])
    func noColorAndImagesOffDrawNoPicture(variable: String, value: String, flag: String) throws {
        let replica = try ServeProcess("--items 60")
        let tmux = try start(try pokeapi(replica, flag), environment: variable.isEmpty ? [:] : [variable: value])
        let screen = try tmux.waitFor({ $0[23].contains("pokeapi") && $0[1].contains("#1") }, timeout: 30, description: "the first page")
        // The title right after the cursor mark: no thumbnail column.
        #expect(screen[0].hasPrefix("▌ ") && screen[0].dropFirst(2).first?.isLetter == true)
        #expect(!screen.joined().contains("▀"))
        try tmux.sendKeys("Enter")
        let detail = try tmux.waitForText("#1")
        #expect(!detail.joined().contains("▀"))
        #expect(detail[1].contains("#1"))
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
        #expect(try replica.pictureStats().isEmpty)
    }

    /// Holding `j` on a slow replica: the pictures of rows the cursor ran past are cancelled on
    /// the wire (the replica counts the connections closed under the artwork route), and the
    /// row it stops on gets its picture, asked for once.
    @Test func holdingJCancelsPicturesWhoseRowsLeftTheLead() throws {
        // 2 s a request: a picture asked for near the cursor is still on its way when the cursor
        // has run a screen past it. 100 rows a page: the presses never reach the loading footer,
        // where a key past the last loaded row does nothing (the cursor waits there).
        let replica = try ServeProcess("--items 400 --latency-ms 2000")
        let tmux = try start(try pokeapi(replica, "--page-size 100"))
        try tmux.waitFor(
            { $0[23].contains("pokeapi") && $0[1].contains("#1") && $0[23].contains("▣") }, timeout: 30,
            description: "the first page, its pictures on the way")
        // One tmux client per press, as a held key's repeats arrive: one read each.
        for _ in 0..<60 { try tmux.sendKeys("j") }
        try tmux.waitFor({ self.position($0[23]) == 61 }, timeout: 30, description: "the cursor on 61")
        let artwork = "sprites/pokemon/other/official-artwork/{id}.png"
        let cancelled = try poll("a closed picture request") { try replica.cancelledRoutes()[artwork].flatMap { $0 > 0 ? $0 : nil } }
        // The cursor's row goes first: its picture comes, asked for once.
        try poll("the picture of row 61") { try replica.pictureStats()["pokemon/other/official-artwork/61.png"] }
        let pictures = try replica.pictureStats()
        #expect(pictures["pokemon/other/official-artwork/61.png"] == 1)
        // Moving down never closes a page request: everything closed was a picture.
        #expect(try replica.cancelledRoutes().keys.sorted() == [artwork])
        print("holding j over 60 rows at 2 s a request: \(cancelled) picture requests cancelled, \(pictures.count) pictures asked for")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// The other sources' pictures, from the replica's own paths: avatars and covers drawn as
    /// thumbnails in the list.
    @Test(arguments: [
        ("github swift", "github", "avatars/"), ("mastodon", "mastodon", "avatars/"),
        ("reddit swift", "reddit", "reddit-"), ("devto", "devto", "covers/devto-"),
    ])
    func otherSourcesDrawTheirPictures(command: String, api: String, path: String) throws {
        let replica = try ServeProcess("--items 60")
        let base = try #require(replica.baseURLs[api])
        let tmux = try start("\(command) --base-url \(base)")
        let screen = try tmux.waitFor(
            { !$0[23].contains("▣") && !$0[23].contains("⇣") && $0.joined().contains("▀") },
            timeout: 30, description: "thumbnails drawn")
        #expect(screen.joined().contains("▀"))
        let asked = try replica.pictureStats()
        #expect(asked.keys.contains { $0.contains(path) }, "\(asked.keys.sorted().prefix(5))")
        #expect(asked.values.allSatisfy { $0 == 1 })
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    /// `--json` carries each item's picture link; the pipe never fetches the pictures.
    @Test func jsonCarriesThePictureLink() throws {
        let replica = try ServeProcess("--items 60")
        let sprites = try #require(replica.baseURLs["sprites"])
        let run = try runFeedscroll(try pokeapi(replica, "--json --limit 3"))
        #expect(run.status == 0)
        let pictures = try jsonLines(run.standardOutput).map { $0["picture"] as? String }
        #expect(pictures == (1...3).map { "\(sprites)/pokemon/other/official-artwork/\($0).png" })
        #expect(try replica.pictureStats().isEmpty)
    }

    // MARK: - Helpers

    /// Pages through with `key`, waiting after each for the pictures to settle (no `▣` in the
    /// status line), until the status line's position reaches `until` (or `pages` keys).
    func walk(_ tmux: TmuxSession, pages: Int, key: String, until: Int?, rows: Int = 24) throws {
        for _ in 0..<pages {
            let settled = try tmux.waitFor({ $0[rows - 1].contains("pokeapi") && !$0[rows - 1].contains("▣") && !$0[rows - 1].contains("⇣") }, timeout: 30, description: "pictures settled")
            let before = position(settled[rows - 1])
            if let until, let before, before >= until { return }
            if key == "PageUp" && before == 1 { break }
            try tmux.sendKeys(key)
            // The key has been handled once the position moved: only then is "settled" news.
            try tmux.waitFor({ self.position($0[rows - 1]) != before }, timeout: 30, description: "\(key) handled")
        }
        try tmux.waitFor({ !$0[rows - 1].contains("▣") && !$0[rows - 1].contains("⇣") }, timeout: 30, description: "pictures settled")
    }

    func position(_ status: String) -> Int? {
        guard let part = status.split(separator: "·").dropFirst().first else { return nil }
        return Int(part.trimmingCharacters(in: .whitespaces).split(separator: "/").first ?? "")
    }

    /// Polls `value` about every 50 ms until it gives something, for up to `timeout` seconds.
    @discardableResult
    func poll<Value>(_ description: String, timeout: TimeInterval = 30, _ value: () throws -> Value?) throws -> Value {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let value = try value() { return value }
            if Date() >= deadline { throw PictureMissing(description: "timed out after \(timeout) s waiting for \(description)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    func waitForPicture(_ tmux: TmuxSession, row: Int, column: Int) throws -> [[ScreenCell]] {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let screen = cells(try tmux.captureWithEscapes())
            if screen.count > row, screen[row].count > column, screen[row][column].text == "▀" { return screen }
            if Date() >= deadline { throw PictureMissing(description: "no picture at \(row),\(column)") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

struct PictureMissing: Error, CustomStringConvertible {
    let description: String
}

extension ServeProcess {
    func isPicturePathCountedOnce(_ path: String) -> Bool {
        (try? pictureStats()[path]) == 1
    }
}
