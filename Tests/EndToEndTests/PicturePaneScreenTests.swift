import FeedModel
import FeedTestSupport
import Foundation
import Testing

/// Issue 23's pictures at 100×30 on the real binary in tmux against `feedscroll serve`: the
/// list's picture pane only while the cursor's item has a picture (no meta line cut beside
/// blank columns); a conversation's picture small beside its title in the detail (DEV's cover
/// with no blank band under it, GitHub's avatar not half a screen).
@Suite struct PicturePaneScreenTests {
    static let columns = 100
    static let rows = 30

    func start(_ arguments: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        // Colours whatever the runner's environment says: pictures need them.
        return try TmuxSession(
            command: "exec \(FeedscrollBinary.path) \(arguments)", columns: Self.columns, rows: Self.rows,
            environment: ["LC_ALL": "C.UTF-8", "COLORTERM": "", "NO_COLOR": ""])
    }

    static func halfBlocks(_ row: String) -> Int { row.filter { $0 == "▀" || $0 == "▄" }.count }

    /// The list's rows whose text is cut (`…` last) short of the right edge: beside blank columns.
    static func cutBesideBlanks(_ screen: [String]) -> [String] {
        screen.dropLast().filter { row in
            let trimmed = row.replacing(/\s+$/, with: "")
            return trimmed.hasSuffix("…") && TextWidth.of(trimmed) < columns - 1
        }
    }

    @Test func theListsPicturePaneOnlyBesideAnItemWithAPicture() throws {
        let replica = try ServeProcess()
        let base = try #require(replica.baseURLs["reddit"])
        let tmux = try start("reddit --base-url \(base) swift --no-cache")
        let last = Self.rows - 1
        var screen = try tmux.waitFor({ $0[last].contains(" 1/") && !$0[last].contains("⇣") && !$0[last].contains("▣") && $0[0].hasPrefix("▌ ") },
                                      timeout: 30, description: "the first page and its pictures")
        var sawPicture = false
        var sawNone = false
        for position in 1...12 {
            let cursorRow = try #require(screen.firstIndex { $0.hasPrefix("▌ ") })
            // A thumbnail (half blocks) before the title when the item has a picture.
            let hasPicture = screen[cursorRow].dropFirst(2).first.map { "▀▄█".contains($0) } ?? false
            // The pane is a picture tens of columns wide: more half blocks on a row than a thumbnail's 4.
            let pane = screen.dropLast().contains { Self.halfBlocks($0) > 8 }
            #expect(pane == hasPicture, "post \(position): picture \(hasPicture), pane \(pane):\n\(screen.joined(separator: "\n"))")
            let cut = Self.cutBesideBlanks(screen)
            #expect(cut.isEmpty, "post \(position): text cut beside blank columns: \(cut)")
            sawPicture = sawPicture || hasPicture
            sawNone = sawNone || !hasPicture
            if sawPicture && sawNone && position > 3 { break }
            try tmux.sendKeys("j")
            screen = try tmux.waitFor({ screen in
                guard screen[last].contains(" \(position + 1)/"), !screen[last].contains("▣"),
                      let row = screen.firstIndex(where: { $0.hasPrefix("▌ ") })
                else { return false }
                // Settled: a picture item's pane drawn, or no pane beside an item without one.
                let hasPicture = screen[row].dropFirst(2).first.map { "▀▄█".contains($0) } ?? false
                return hasPicture == screen.dropLast().contains { Self.halfBlocks($0) > 8 }
            }, timeout: 20, description: "post \(position + 1), settled")
        }
        #expect(sawPicture && sawNone, "the first posts were all with or all without a picture")
    }

    /// The detail of a conversation with a picture: the picture beside the title, a few rows
    /// high, and no run of blank rows under it before the text.
    func expectPictureBesideTheTitle(_ source: String) throws {
        let replica = try ServeProcess()
        let base = try #require(replica.baseURLs[source])
        let arguments = source == "github" ? "github swift --base-url \(base)" : "\(source) --base-url \(base)"
        let tmux = try start(arguments + " --no-cache")
        let last = Self.rows - 1
        try tmux.waitFor({ $0[last].contains(" 1/") && !$0[last].contains("▣") && $0[0].hasPrefix("▌ ") }, timeout: 30,
                         description: "the first page and its pictures")
        try tmux.sendKeys("Enter")
        let screen = try tmux.waitFor({ screen in
            screen[last].contains("line 1") && !screen[last].contains("▣") && screen.prefix(4).contains { Self.halfBlocks($0) > 0 }
        }, timeout: 30, description: "the detail and its picture")
        let pictureRows = screen.dropLast().indices.filter { Self.halfBlocks(screen[$0]) > 0 }
        #expect(!pictureRows.isEmpty && pictureRows.count <= 4 && pictureRows.allSatisfy { $0 < 4 },
                "\(source): the picture on rows \(pictureRows), not beside the title:\n\(screen.joined(separator: "\n"))")
        let rule = screen.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("──") } ?? last
        let head = screen[..<rule].map { $0.trimmingCharacters(in: .whitespaces) }
        let blankRun = zip(head, head.dropFirst()).contains { $0.isEmpty && $1.isEmpty }
        #expect(!blankRun, "\(source): blank rows under the picture:\n\(screen.joined(separator: "\n"))")
        try tmux.sendKeys("q", "q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func theDevDetailHasNoBlankBandUnderItsPicture() throws {
        try expectPictureBesideTheTitle("devto")
    }

    @Test func theGitHubDetailIsNotHalfAScreenOfAvatar() throws {
        try expectPictureBesideTheTitle("github")
    }
}
