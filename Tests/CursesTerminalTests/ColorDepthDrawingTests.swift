import CNCursesW
import FeedUI
import Glibc
import Testing

@testable import CursesTerminal

extension ProcessWideTests {
    /// The colour pairs curses really allocated, per depth, on a headless xterm-256color
    /// (which can redefine its palette: `ccc`).
    @Suite struct ColorDepths {
        func selectedBackground(depth: ColorDepth, theme: Theme = .default) throws -> (pair: Int16, background: Int32) {
            try withEnvironment("NO_COLOR", nil) { try selectedBackgroundInner(depth: depth, theme: theme) }
        }

        func selectedBackgroundInner(depth: ColorDepth, theme: Theme) throws -> (pair: Int16, background: Int32) {
            let terminal = try CursesTerminal(
                headlessTerminalType: "xterm-256color", size: Size(columns: 20, rows: 5),
                options: .init(theme: theme, colorDepth: depth, enablesMouse: false, handlesSignals: false))
            defer { terminal.restore() }
            let pair = terminal.renditions[Int(Style.selected.rawValue)].pair
            var foreground: Int32 = 0
            var background: Int32 = 0
            _ = extended_pair_content(Int32(pair), &foreground, &background)
            return (pair, background)
        }

        @Test func eightColoursUseTheFallback() throws {
            let (pair, background) = try selectedBackground(depth: .eight)
            #expect(pair > 0)
            #expect(background == 4)
        }

        @Test func twoHundredFiftySixColoursUseThePaletteIndex() throws {
            #expect(try selectedBackground(depth: .palette256).background == 25)
            #expect(try selectedBackground(depth: .palette256, theme: .light).background == 153)
        }

        @Test func trueColourRedefinesAPaletteSlotWithTheExactColour() throws {
            try withEnvironment("NO_COLOR", nil) { try trueColour() }
        }

        func trueColour() throws {
            let terminal = try CursesTerminal(
                headlessTerminalType: "xterm-256color", size: Size(columns: 20, rows: 5),
                options: .init(theme: .default, colorDepth: .trueColor, enablesMouse: false, handlesSignals: false))
            defer { terminal.restore() }
            let pair = terminal.renditions[Int(Style.selected.rawValue)].pair
            var foreground: Int32 = 0
            var background: Int32 = 0
            _ = extended_pair_content(Int32(pair), &foreground, &background)
            #expect(background >= 16 && background <= 255)
            var r: Int32 = 0, g: Int32 = 0, b: Int32 = 0
            _ = extended_color_content(background, &r, &g, &b)
            // 0x1F5FA8 on curses' 0…1000 scale.
            let expected: [Int32] = [0x1F, 0x5F, 0xA8].map { $0 * 1000 / 255 }
            #expect([r, g, b] == expected)
            // Named ANSI colours keep the terminal's own palette.
            #expect(foreground == 15)
        }

        @Test func monochromeAllocatesNoPairs() throws {
            let terminal = try CursesTerminal(
                headlessTerminalType: "xterm-256color", size: Size(columns: 20, rows: 5),
                options: .init(theme: .monochrome, colorDepth: .trueColor, enablesMouse: false, handlesSignals: false))
            defer { terminal.restore() }
            #expect(terminal.renditions.allSatisfy { $0.pair == 0 })
            #expect(terminal.renditions[Int(Style.selected.rawValue)].attributes & fs_a_reverse() != 0)
        }
    }
}
