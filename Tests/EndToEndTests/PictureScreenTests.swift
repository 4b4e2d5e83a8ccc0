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
        // One cell of the picture is not the whole of it: tmux can be read in the middle of a
        // frame's output. Wait for every cell and the text below; if they never come, the
        // expectations below say what differs on the last screen.
        let screen = try waitForCells(tmux, description: "the artwork cell by cell, the text below it") {
            self.mismatches($0, picture, top: 0, left: 1).isEmpty && $0.count > 13 && Self.text($0[13]).contains("#1")
        }
        let mismatches = mismatches(screen, picture, top: 0, left: 1)
        #expect(mismatches.isEmpty, "\(mismatches.count) cells differ: \(mismatches.prefix(5))")
        // The text starts below the picture and its blank line.
        #expect(Self.text(screen[13]).contains("#1"))
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
        #expect(replica.isPicturePathCountedOnce("pokemon/other/official-artwork/1.png"))
    }

    @Test func theListShowsThumbnailsAndTheCursorsPicture() throws {
        let replica = try ServeProcess("--items 60")
        let tmux = try start(try pokeapi(replica))
        // Each row: a 4×2 thumbnail at column 2, the title after it; the cursor's picture on the
        // right, in its 32×11 box.
        let thumbnail = try expectedArtwork(id: 2, columns: 4, rows: 2)
        let preview = try expectedArtwork(id: 1, columns: 32, rows: 11)
        let left = 80 - 32 - 1
        let previewCell = ScreenCell(
            text: "▀", foreground: Palette256.nearest(preview[5, preview.columns / 2].top),
            background: Palette256.nearest(preview[5, preview.columns / 2].bottom))
        // No picture in flight is not enough: a row's picture is asked for on the frame after its
        // row arrives, and tmux can be read in the middle of a frame. Wait for the very cells
        // checked below (if they never come, the expectations say what differs).
        let screen = try waitForCells(tmux, description: "the second row's thumbnail and the cursor's picture") { screen in
            let status = screen.count > 23 ? Self.text(screen[23]) : ""
            return status.contains("pokeapi") && !status.contains("▣") && Self.text(screen[1]).contains("#1")
                && Self.text(screen[3]).contains("#2") && self.mismatches(screen, thumbnail, top: 2, left: 2).isEmpty
                && screen[5].count > left + preview.columns / 2 && screen[5][left + preview.columns / 2] == previewCell
        }
        let differing = mismatches(screen, thumbnail, top: 2, left: 2)
        #expect(differing.isEmpty, "\(differing.count) thumbnail cells differ: \(differing.prefix(5))")
        #expect(Self.text(screen[3]).contains("#2"))
        #expect(screen[5][left + preview.columns / 2].text == "▀")
        #expect(screen[5][left + preview.columns / 2].background == previewCell.background)
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
        // "#1" is on the list too: wait for the detail with its document in.
        let detail = try tmux.waitFor({ $0[23].contains("Esc back") && $0.contains { $0.contains("Base stats") } }, timeout: 20,
                                      description: "the detail of #1")
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

    /// Polls the screen as cells until `predicate` holds, and returns that screen; at the
    /// deadline, returns the last screen instead, for the caller's expectations to say what
    /// differs (a timeout alone would not).
    func waitForCells(_ tmux: TmuxSession, timeout: TimeInterval = 30, description: String,
                      _ predicate: ([[ScreenCell]]) -> Bool) throws -> [[ScreenCell]] {
        do {
            return cells(try tmux.waitFor({ predicate(self.cells($0)) }, timeout: timeout, description: description, escapes: true))
        } catch is TmuxSession.Failure {
            Issue.record("timed out after \(timeout) s waiting for \(description)")
            return cells(try tmux.captureWithEscapes())
        }
    }

    /// The cells of `picture` drawn at (`top`, `left`) that differ from it, as `row,column: seen ≠ wanted`.
    func mismatches(_ screen: [[ScreenCell]], _ picture: HalfBlockPicture, top: Int, left: Int) -> [String] {
        var found: [String] = []
        for row in 0..<picture.rows {
            for column in 0..<picture.columns {
                let expected = picture[row, column]
                let wanted = ScreenCell(
                    text: "▀", foreground: Palette256.nearest(expected.top), background: Palette256.nearest(expected.bottom))
                let cell = top + row < screen.count && left + column < screen[top + row].count ? screen[top + row][left + column] : nil
                if cell != wanted { found.append("\(row),\(column): \(cell.map { "\($0)" } ?? "missing") ≠ \(wanted)") }
            }
        }
        return found
    }

    /// A row of cells as text.
    static func text(_ row: [ScreenCell]) -> String { row.map(\.text).joined() }
}

struct PictureMissing: Error, CustomStringConvertible {
    let description: String
}

extension ServeProcess {
    func isPicturePathCountedOnce(_ path: String) -> Bool {
        (try? pictureStats()[path]) == 1
    }
}
