import FeedModel
import FeedUI
import Testing

@Suite struct GridChangesTests {
    func grid(_ lines: [String], columns: Int = 6) -> Grid {
        var grid = Grid(size: Size(columns: columns, rows: lines.count))
        for (row, line) in lines.enumerated() {
            var column = 0
            for character in line where column < columns {
                let width = TextWidth.of(String(character))
                grid[row, column] = Cell(String(character), width: UInt8(width))
                if width == 2, column + 1 < columns { grid[row, column + 1] = Cell("", width: 0) }
                column += max(1, width)
            }
        }
        return grid
    }

    @Test func withoutAPreviousFrameEveryCellIsWritten() {
        let next = grid(["ab", "cd"], columns: 2)
        #expect(next.changes(from: nil).map { [$0.row, $0.column] } == [[0, 0], [0, 1], [1, 0], [1, 1]])
    }

    @Test func onlyChangedCellsAreWritten() {
        let before = grid(["hello", "world"])
        let after = grid(["hallo", "world"])
        #expect(after.changes(from: before) == [CellChange(row: 0, column: 1, cell: Cell("a"))])
        #expect(after.changes(from: after).isEmpty)
    }

    @Test func styleAloneIsAChange() {
        let before = grid(["ab"], columns: 2)
        var after = before
        after[0, 1] = Cell("b", style: .highlight)
        #expect(after.changes(from: before).map(\.column) == [1])
    }

    @Test func aSizeChangeRewritesEverything() {
        let before = grid(["ab"], columns: 3)
        let after = grid(["ab", "cd"], columns: 3)
        #expect(after.changes(from: before).count == 6)
    }

    @Test func continuationCellsAreNeverListed() {
        let after = grid(["한a"], columns: 3)
        #expect(after.changes(from: nil).map(\.column) == [0, 2])
    }

    @Test func aWideCharacterIsRewrittenWhenItsRightHalfWasOverwritten() {
        // The same wide character at column 0, but the previous frame had text in its right half.
        let before = grid(["xyz"], columns: 3)
        var after = before
        after[0, 0] = Cell("한", width: 2)
        after[0, 1] = Cell("", width: 0)
        var shifted = after
        shifted[0, 1] = Cell("q")
        #expect(after.changes(from: shifted).map(\.column) == [0])
        #expect(after.changes(from: after).isEmpty)
    }

    @Test func applyingTheChangesToThePreviousFrameGivesTheNewOne() {
        let before = grid(["one 한", "two", "three"])
        let after = grid(["one", "twö 한", "three"])
        var screen = before
        for change in after.changes(from: before) {
            screen[change.row, change.column] = change.cell
            if change.cell.width == 2 { screen[change.row, change.column + 1] = after[change.row, change.column + 1] }
        }
        #expect(screen == after)
    }
}
