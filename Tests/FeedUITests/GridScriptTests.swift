import FeedModel
import FeedUI
import Testing

/// `Grid.write` puts text in the cells the terminal would (tmux 3.3 and glibc's widths), so a
/// row drawn by feedscroll and the same text printed raw look alike.
@Suite struct GridScriptTests {
    func cells(_ grid: Grid, row: Int = 0) -> [String] {
        (0..<grid.size.columns).compactMap { column in
            let cell = grid[row, column]
            return cell.isContinuation ? nil : cell.text
        }
    }

    @Test func devanagariTakesOneCellPerSpacingLetter() {
        var grid = Grid(size: Size(columns: 12, rows: 1))
        let used = grid.write("नमस्ते दुनिया", row: 0, column: 0)
        #expect(used == 10)
        #expect(cells(grid).prefix(10) == ["न", "म", "स्", "ते", " ", "दु", "न", "ि", "य", "ा"])
        #expect(grid.line(0) == "नमस्ते दुनिया  ")
    }

    @Test func flagsAndSkinTonesKeepEveryScalar() {
        var grid = Grid(size: Size(columns: 10, rows: 1))
        #expect(grid.write("🇺🇸👍🏽", row: 0, column: 0) == 6)
        #expect(cells(grid).prefix(4) == ["🇺", "🇸", "👍", "🏽"])
        #expect(grid[0, 3].isContinuation && grid[0, 5].isContinuation)
        #expect(grid.line(0).hasPrefix("🇺🇸👍🏽"))
    }

    @Test func aJoinedSequenceIsOneCellAsWideAsItsFirstEmoji() {
        var grid = Grid(size: Size(columns: 8, rows: 1))
        let family = "👨\u{200D}👩\u{200D}👧"
        #expect(grid.write("\(family) x", row: 0, column: 0) == 4)
        #expect(grid[0, 0].text == family && grid[0, 0].width == 2)
        #expect(grid[0, 1].isContinuation)
        #expect(grid[0, 3].text == "x")
    }

    @Test func aClusterThatDoesNotFitIsCutWhole() {
        var grid = Grid(size: Size(columns: 4, rows: 1))
        // The flag would take columns 2 and 3 and leave no room for the cut mark.
        #expect(grid.write("ab🇺🇸c", row: 0, column: 0, width: 4) == 3)
        #expect(grid.line(0) == "ab… ")
        var devanagari = Grid(size: Size(columns: 3, rows: 1))
        // स्ते is one cluster of two cells: never split between स् and ते.
        #expect(devanagari.write("नस्ते", row: 0, column: 0, width: 2) == 2)
        #expect(devanagari.line(0) == "न… ")
        var whole = Grid(size: Size(columns: 6, rows: 1))
        // Room for the flag and the mark: the flag stays whole.
        #expect(whole.write("ab🇺🇸cd", row: 0, column: 0, width: 5) == 5)
        #expect(whole.line(0) == "ab🇺🇸… ")
    }

    @Test func aStrayMarkAtTheStartIsDroppedAndAJoinerReachesTheNextCluster() {
        var grid = Grid(size: Size(columns: 4, rows: 1))
        #expect(grid.write("\u{301}ab", row: 0, column: 0) == 2)
        #expect(grid.line(0) == "ab  ")
        var joined = Grid(size: Size(columns: 4, rows: 1))
        #expect(joined.write("a\u{200D}bc", row: 0, column: 0) == 2)
        #expect(joined[0, 0].text == "a\u{200D}b" && joined[0, 1].text == "c")
    }
}
