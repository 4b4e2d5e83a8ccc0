import CNCursesW
import FeedPictures
import FeedUI
import Glibc
import Testing

@testable import CursesTerminal

extension ProcessWideTests {
    /// Picture cells drawn by the real curses backend, read back cell by cell with their pairs.
    @Suite struct PictureDrawing {
        let size = Size(columns: 6, rows: 3)

        /// red over blue, green over white: a 2×2 picture as two cells.
        var twoByTwo: HalfBlockPicture {
            HalfBlockPicture(columns: 2, rows: 1, cells: [
                .init(top: RGB(255, 0, 0), bottom: RGB(0, 0, 255)),
                .init(top: RGB(0, 255, 0), bottom: RGB(255, 255, 255)),
            ])
        }

        func terminal(depth: ColorDepth) throws -> CursesTerminal {
            try withEnvironment("NO_COLOR", nil) {
                try CursesTerminal(
                    headlessTerminalType: "xterm-256color", size: size,
                    options: .init(theme: .default, colorDepth: depth, enablesMouse: false, handlesSignals: false))
            }
        }

        func pairColors(row: Int, column: Int) -> (text: String, foreground: Int32, background: Int32) {
            var character = cchar_t()
            _ = mvwin_wch(fs_stdscr(), Int32(row), Int32(column), &character)
            var characters = [wchar_t](repeating: 0, count: Int(CCHARW_MAX) + 1)
            var attributes: attr_t = 0
            var shortPair: Int16 = 0
            var pair: Int32 = 0
            _ = getcchar(&character, &characters, &attributes, &shortPair, &pair)
            var foreground: Int32 = 0
            var background: Int32 = 0
            _ = extended_pair_content(pair, &foreground, &background)
            let text = String(String.UnicodeScalarView(characters.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
            return (text, foreground, background)
        }

        @Test func twoByTwoBecomesTwoHalfBlocksInTheirOwnPalettePairs() throws {
            let terminal = try terminal(depth: .palette256)
            defer { terminal.restore() }
            #expect(terminal.pictureMode == .palette256)
            var grid = Grid(size: size)
            grid.draw(twoByTwo, row: 1, column: 2)
            terminal.draw(grid)
            let left = pairColors(row: 1, column: 2)
            let right = pairColors(row: 1, column: 3)
            #expect(left.text == "▀" && left.foreground == 196 && left.background == 21)
            #expect(right.text == "▀" && right.foreground == 46 && right.background == 231)
            #expect(screenCell(row: 1, column: 1).text == " ")
        }

        @Test func quadrantPictureSharesOnePairPerColourCombination() throws {
            let terminal = try terminal(depth: .palette256)
            defer { terminal.restore() }
            let quadrants = HalfBlockPicture(
                fitting: quadrantImage(), maxColumns: 4, maxRows: 2, background: .black)
            var grid = Grid(size: size)
            grid.draw(quadrants, row: 0, column: 0)
            terminal.draw(grid)
            let expected: [[(Int32, Int32)]] = [[(196, 196), (196, 196), (46, 46), (46, 46)], [(21, 21), (21, 21), (231, 231), (231, 231)]]
            for row in 0..<2 {
                for column in 0..<4 {
                    let cell = pairColors(row: row, column: column)
                    #expect(cell.text == "▀")
                    #expect((cell.foreground, cell.background) == expected[row][column], "cell \(row),\(column)")
                }
            }
            #expect(terminal.picturePairs?.count == 4)
        }

        @Test func eightColoursDrawShadesInTheNormalStyle() throws {
            let terminal = try terminal(depth: .eight)
            defer { terminal.restore() }
            #expect(terminal.pictureMode == .shades)
            var grid = Grid(size: size)
            grid.draw(HalfBlockPicture(columns: 2, rows: 1, cells: [
                .init(top: .white, bottom: .white), .init(top: .black, bottom: .black),
            ]), row: 0, column: 0)
            terminal.draw(grid)
            #expect(screenCell(row: 0, column: 0).text == "█")
            #expect(screenCell(row: 0, column: 1).text == " ")
        }

        @Test func aPictureReplacedFrameAfterFrameKeepsItsColoursRight() throws {
            let terminal = try terminal(depth: .palette256)
            defer { terminal.restore() }
            // Frame after frame a new colour at (0,0) while (1,0) keeps its own: the kept cell's
            // pair is never recycled under it.
            for step in 0..<50 {
                var grid = Grid(size: size)
                let gray = UInt8(8 + step * 4)
                grid.draw(HalfBlockPicture(columns: 1, rows: 1, cells: [.init(top: RGB(gray, gray, gray), bottom: .black)]), row: 0, column: 0)
                grid.draw(HalfBlockPicture(columns: 1, rows: 1, cells: [.init(top: RGB(255, 0, 0), bottom: RGB(0, 0, 255))]), row: 1, column: 0)
                terminal.draw(grid)
                let kept = pairColors(row: 1, column: 0)
                #expect(kept.foreground == 196 && kept.background == 21)
                let changing = pairColors(row: 0, column: 0)
                #expect(changing.foreground == Int32(Palette256.nearest(RGB(gray, gray, gray))))
            }
        }

        func quadrantImage() -> RGBAImage {
            var pixels: [UInt8] = []
            for y in 0..<8 {
                for x in 0..<8 {
                    switch (x < 4, y < 4) {
                    case (true, true): pixels += [255, 0, 0, 255]
                    case (false, true): pixels += [0, 255, 0, 255]
                    case (true, false): pixels += [0, 0, 255, 255]
                    case (false, false): pixels += [255, 255, 255, 255]
                    }
                }
            }
            return RGBAImage(width: 8, height: 8, pixels: pixels)!
        }
    }
}

@Suite struct ColorPairPoolTests {
    typealias Colors = ColorPairPool.Colors

    @Test func reusesThePairOfTheSameColours() {
        var pool = ColorPairPool(range: 20...29)
        pool.beginFrame()
        let first = pool.pair(for: Colors(foreground: 1, background: 2))
        let again = pool.pair(for: Colors(foreground: 1, background: 2))
        #expect(first?.pair == 20 && first?.isNew == true)
        #expect(again?.pair == 20 && again?.isNew == false)
    }

    @Test func recyclesTheLeastRecentlyUsedPairNotInThisFrame() {
        var pool = ColorPairPool(range: 1...3)
        pool.beginFrame()
        for colour in Int32(0)..<3 { _ = pool.pair(for: Colors(foreground: colour, background: 0)) }
        pool.beginFrame()
        pool.keep(Colors(foreground: 0, background: 0))  // still on screen
        let recycled = pool.pair(for: Colors(foreground: 9, background: 9))
        #expect(recycled?.pair == 2 && recycled?.isNew == true)
        #expect(pool.colors(of: 1) == Colors(foreground: 0, background: 0))
        #expect(pool.colors(of: 2) == Colors(foreground: 9, background: 9))
    }

    @Test func neverRunsOutAcrossThousandsOfFrames() {
        var pool = ColorPairPool(range: 1...64)
        for frame in 0..<5000 {
            pool.beginFrame()
            for cell in Int32(0)..<32 {
                #expect(pool.pair(for: Colors(foreground: Int32(frame), background: cell)) != nil)
            }
        }
        #expect(pool.count == 64)
    }

    @Test func saysSoWhenOneFrameNeedsMoreThanThePool() {
        var pool = ColorPairPool(range: 1...2)
        pool.beginFrame()
        #expect(pool.pair(for: Colors(foreground: 1, background: 1)) != nil)
        #expect(pool.pair(for: Colors(foreground: 2, background: 2)) != nil)
        #expect(pool.pair(for: Colors(foreground: 3, background: 3)) == nil)
    }

    @Test func directColourPairsCarryTheExactColours() {
        let colors = CursesTerminal.pairColors(
            CellColors(foreground: RGB(hex: 0x123456), background: RGB(hex: 0xABCDEF)), mode: .direct)
        #expect(colors == Colors(foreground: 0x123456, background: 0xABCDEF))
        #expect(CursesTerminal.pairColors(CellColors(foreground: .white, background: .black), mode: .shades) == nil)
    }
}
