import CNCursesW
import FeedUI
import Glibc
import Testing

@testable import CursesTerminal

extension ProcessWideTests {
    @Suite struct Drawing {
        let size = Size(columns: 20, rows: 5)

        @Test func writesASCIIHangulAndEmojiCellByCell() throws {
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size)
            defer { terminal.restore() }
            let grid = makeGrid(["hello, world", "한국어 text", "ok 🙂 done"], size: size)
            #expect(grid[1, 1].isContinuation)
            terminal.draw(grid)
            #expect(screenLine(0, columns: 20) == "hello, world        ")
            #expect(screenLine(1, columns: 20) == "한국어 text         ")
            #expect(screenLine(2, columns: 20) == "ok 🙂 done          ")
            #expect(screenCell(row: 1, column: 2).text == "국")
            #expect(screenCell(row: 2, column: 3).text == "🙂")
            #expect(screenCell(row: 2, column: 6).text == "d")
        }

        @Test func cellsKeepEveryScalarTheTerminalJoins() throws {
            let path = temporaryPath("scripts")
            defer { unlink(path) }
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size, outputPath: path)
            defer { terminal.restore() }
            let family = "👨\u{200D}👩\u{200D}👧"
            let grid = makeGrid(["नमस्ते", "🇺🇸 👍🏽", "\(family) x"], size: size)
            terminal.draw(grid)
            #expect(screenCell(row: 0, column: 2).text == "स्")
            #expect(screenCell(row: 0, column: 3).text == "ते")
            #expect(screenCell(row: 1, column: 1).text == "🇸")
            #expect(screenCell(row: 1, column: 5).text == "🏽")
            // setcchar would keep 👨 and the joiner only; the cell holds the whole sequence and
            // is as wide as its first emoji, so what follows stays in its column.
            #expect(screenCell(row: 2, column: 0).text == family)
            #expect(screenCell(row: 2, column: 3).text == "x")
            let written = try #require(String(validating: readBytes(path), as: UTF8.self))
            #expect(written.contains(family))
            #expect(written.contains("स्ते"))
        }

        @Test func aCellNeverEndsInAJoiner() {
            // Six scalars: curses holds five, and a joiner last would join whatever comes next.
            let text = "a\u{301}\u{302}\u{303}\u{200D}b"
            #expect(CursesTerminal.cellScalars(text) == ["a", "\u{301}", "\u{302}", "\u{303}"])
            #expect(CursesTerminal.cellScalars("👨\u{200D}👩\u{200D}👧\u{200D}👦").count == 5)
        }

        @Test func wideCharacterAtTheLastColumnBecomesASpace() throws {
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size)
            defer { terminal.restore() }
            var grid = makeGrid(["abcdefghijklmnopqrs"], size: size)
            // A grid that (wrongly) puts a wide character in the last column.
            grid[0, 19] = Cell("한", width: 2)
            terminal.draw(grid)
            #expect(screenLine(0, columns: 20) == "abcdefghijklmnopqrs ")
            #expect(screenCell(row: 0, column: 18).text == "s")
        }

        @Test func gridWiderThanTheScreenIsClippedWithoutSplittingAWideCharacter() throws {
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: Size(columns: 9, rows: 2))
            defer { terminal.restore() }
            // Columns 8-9 hold 한; the screen ends at column 8.
            let grid = makeGrid(["abcdefgh한"], size: Size(columns: 10, rows: 2))
            #expect(grid[0, 8].text == "한")
            terminal.draw(grid)
            #expect(screenLine(0, columns: 9) == "abcdefgh ")
        }

        @Test func redrawWritesOnlyTheChangedCells() throws {
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size)
            defer { terminal.restore() }
            terminal.draw(makeGrid(["one", "two", "three", "four", "five"], size: size))
            var changed = makeGrid(["one", "two", "THREE", "four", "five"], size: size)
            // Scribble on a cell curses holds but the grid did not change: a diffing backend
            // leaves it alone, a full rewrite would fix it.
            _ = mvwaddstr(fs_stdscr(), 0, 0, "X")
            terminal.draw(changed)
            #expect(screenLine(2, columns: 5) == "THREE")
            #expect(screenLine(0, columns: 3) == "Xne")

            // After a resume everything is rewritten.
            terminal.postSignalNotice(.resume)
            #expect(terminal.readEvents() == [.resized(size)])
            changed[4, 0] = Cell("F")
            terminal.draw(changed)
            #expect(screenLine(0, columns: 3) == "one")
            #expect(screenLine(4, columns: 4) == "Five")
        }

        @Test func oneLineChangeAndOneLineScrollWriteFarLessThanAFullRepaint() throws {
            let path = temporaryPath("bytes")
            defer { unlink(path) }
            let screenSize = Size(columns: 80, rows: 24)
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: screenSize, outputPath: path)
            defer { terminal.restore() }
            func feed(from first: Int) -> Grid {
                var lines = (first..<(first + 23)).map { index in
                    "\(index). A headline about item number \(index * 7919 % 1000) · \(index % 97) points"
                }
                lines.append("status: 23 items, press q to quit")
                return makeGrid(lines, size: screenSize)
            }
            func bytesWritten(_ draw: () -> Void) -> Int {
                let before = fileSize(path)
                draw()
                return fileSize(path) - before
            }
            terminal.draw(feed(from: 0))
            let full = bytesWritten {
                terminal.needsFullRepaint = true
                terminal.draw(feed(from: 0))
            }
            var oneLine = feed(from: 0)
            oneLine[5, 0] = Cell("X")
            let change = bytesWritten { terminal.draw(oneLine) }
            terminal.draw(feed(from: 0))
            let scroll = bytesWritten { terminal.draw(feed(from: 1)) }
            print("80x24 bytes: full repaint \(full), one-cell change \(change), one-line scroll \(scroll)")
            #expect(full > 1000)
            #expect(change < 40)
            #expect(scroll * 10 <= full)
            #expect(screenLine(0, columns: 80).hasPrefix("1. A headline"))
            #expect(screenLine(22, columns: 80).hasPrefix("23. A headline"))
        }

        @Test func styledOneLineScrollWritesFarLessThanAFullRepaint() throws {
            // Title and meta lines alternate, the cursor row stays on screen row 10 while the
            // list moves under it, the status line is fixed: the runtime's common case.
            let path = temporaryPath("styled")
            defer { unlink(path) }
            let screenSize = Size(columns: 80, rows: 24)
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: screenSize, outputPath: path)
            defer { terminal.restore() }
            func feed(from first: Int) -> Grid {
                var grid = Grid(size: screenSize)
                for row in 0..<23 {
                    let line = first + row
                    let isTitle = line % 2 == 0
                    let isSelected = row == 10 || row == 11
                    let style: Style = isTitle ? (isSelected ? .selected : .title) : (isSelected ? .selectedMeta : .meta)
                    let text = isTitle ? "\(line / 2 + 1). Story number \(line * 31 % 997) about paging" : "   alice · \(line * 7 % 300) points · 2h ago"
                    let lineGrid = makeGrid([text], size: Size(columns: 80, rows: 1), style: style)
                    for column in 0..<80 {
                        var cell = lineGrid[0, column]
                        cell.style = style
                        grid[row, column] = cell
                    }
                }
                let status = makeGrid(["feedscroll · demo · 200 items"], size: Size(columns: 80, rows: 1), style: .status)
                for column in 0..<80 { grid[23, column] = status[0, column] }
                return grid
            }
            func bytesWritten(_ draw: () -> Void) -> Int {
                let before = fileSize(path)
                draw()
                return fileSize(path) - before
            }
            terminal.draw(feed(from: 0))
            let full = bytesWritten {
                terminal.needsFullRepaint = true
                terminal.draw(feed(from: 0))
            }
            // One item down: two lines scroll.
            let scroll = bytesWritten { terminal.draw(feed(from: 2)) }
            print("80x24 styled bytes: full repaint \(full), one-item (two-line) scroll with fixed cursor row \(scroll)")
            // Six of 23 lines must be rewritten whatever the backend does: the two that leave
            // the cursor rows (restyled), the two cursor rows, the two new at the bottom. The
            // rest moves by scrolling (two scroll regions around the cursor). Measured: 427 of 1284.
            #expect(scroll * 2 <= full)
        }

        @Test func resizeIsReportedOnce() throws {
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size)
            defer { terminal.restore() }
            #expect(terminal.readEvents() == [])
            _ = resizeterm(7, 30)
            #expect(terminal.readEvents() == [.resized(Size(columns: 30, rows: 7))])
            #expect(terminal.size == Size(columns: 30, rows: 7))
            #expect(terminal.needsFullRepaint)
        }

        @Test func signalNoticesWakeThePollAndReportTheSize() throws {
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size)
            defer { terminal.restore() }
            var descriptor = pollfd(fd: terminal.signalFileDescriptor, events: Int16(POLLIN), revents: 0)
            #expect(poll(&descriptor, 1, 0) == 0)
            terminal.postSignalNotice(.resize)
            terminal.postSignalNotice(.resize)
            #expect(poll(&descriptor, 1, 0) == 1)
            #expect(terminal.readEvents() == [.resized(size)])
            #expect(poll(&descriptor, 1, 0) == 0)
        }

        @Test func restoreIsIdempotent() throws {
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size)
            terminal.restore()
            terminal.restore()
            terminal.draw(makeGrid(["after"], size: size))
            #expect(terminal.readEvents() == [])
        }

        @Test func noColorUsesAttributesOnly() throws {
            try withEnvironment("NO_COLOR", "1") {
                let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size)
                defer { terminal.restore() }
                #expect(terminal.theme == .monochrome)
                #expect(terminal.renditions.allSatisfy { $0.pair == 0 })
                terminal.draw(makeGrid(["selected"], size: size, style: .selected))
                let attributes = screenCell(row: 0, column: 0).attributes
                #expect(attributes & fs_a_reverse() != 0)
            }
        }

        @Test func stylesOfTheSameColoursShareAPairAndDefaultColoursArePairZero() throws {
            try withEnvironment("NO_COLOR", nil) {
                let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size)
                defer { terminal.restore() }
                let pairs = Dictionary(uniqueKeysWithValues: Style.allCases.map { ($0, terminal.renditions[Int($0.rawValue)].pair) })
                // The terminal's own colours: no pair to switch to or from.
                #expect(pairs[.normal] == 0 && pairs[.title] == 0 && pairs[.cursor] == 0)
                // The status line in the meta lines' grey: one pair, no escape between them.
                #expect(pairs[.status] == pairs[.meta])
                // Every other colour has its own pair, numbered by its first style; styles of the
                // same colours share it.
                #expect(pairs[.meta] == Int16(Style.meta.rawValue) + 1)
                #expect(pairs[.selected] == Int16(Style.selected.rawValue) + 1)
                #expect(Set([pairs[.meta], pairs[.selected], pairs[.footer], pairs[.error], pairs[.highlight]]).count == 5)
                terminal.restore()
                var shared = Theme.default
                shared[.footer] = shared[.meta]
                let sharing = try CursesTerminal(headlessTerminalType: "xterm-256color", size: size, options: .init(theme: shared))
                defer { sharing.restore() }
                #expect(sharing.renditions[Int(Style.footer.rawValue)].pair == sharing.renditions[Int(Style.meta.rawValue)].pair)
            }
        }

        /// The list's scrolling step as `render` draws it (issue 25): the cursor's item at the
        /// bottom, a bar in its title row's margin, a meta line, the status line's position. What
        /// the step writes beside the text of the item it brings into view is pinned: moves, the
        /// scroll and the colours: 91 bytes with a bold cyan bar, bold titles and a reverse-video
        /// status line; 68 with bar and title in the terminal's own look and the status line in
        /// the meta lines' grey (docs/PERFORMANCE.md).
        @Test func aListStepWritesLittleBesideTheNewItemsText() throws {
            try withEnvironment("NO_COLOR", nil) {
                let path = temporaryPath("step")
                defer { unlink(path) }
                let screenSize = Size(columns: 80, rows: 24)
                let terminal = try CursesTerminal(headlessTerminalType: "tmux-256color", size: screenSize, outputPath: path)
                defer { terminal.restore() }
                func title(_ item: Int) -> String { "Story number \(item * 31 % 997) about paging and scrolling" }
                func meta(_ item: Int) -> String { "alice · \(item * 7 % 300) points · \(item % 40) comments · 2h" }
                func list(from first: Int) -> Grid {
                    var grid = Grid(size: screenSize)
                    for slot in 0..<11 {
                        let item = first + slot
                        if slot == 10 { grid.write("▌", row: slot * 2, column: 0, style: .cursor) }
                        grid.write(" ", row: slot * 2, column: 1, style: .title)
                        grid.write(title(item), row: slot * 2, column: 2, width: 75, style: .title)
                        grid.write(meta(item), row: slot * 2 + 1, column: 2, width: 75, style: .meta)
                    }
                    grid.fill(row: 23, style: .status)
                    grid.write(" demo · \(first + 11)/2,000 · 4 pages · 10 ms", row: 23, column: 0, style: .status)
                    return grid
                }
                terminal.draw(list(from: 0))
                let before = fileSize(path)
                terminal.draw(list(from: 1))
                let bytes = readBytes(path).dropFirst(before)
                let written = String(decoding: bytes, as: UTF8.self)
                // The text any program pays for: the new item's title and meta line, the bar, the
                // gap, the position's changed digit.
                let text = "▌ ".utf8.count + title(11).utf8.count + meta(11).utf8.count + 1
                // From the frame's start to the meta line's grey, no SGR at all: bar, gap and title
                // are written as they come; from the meta line to the digit, none either.
                #expect(written.contains("▌ " + title(11) + "\u{1B}[22;3H\u{1B}[90m"), "\(written.debugDescription)")
                #expect(written.contains(meta(11) + "\u{1B}[24;10H2"), "\(written.debugDescription)")
                #expect(bytes.count - text <= 70, "\(bytes.count) bytes, \(text) of text: \(written.debugDescription)")
                #expect(screenLine(20, columns: 60).hasPrefix("▌ " + title(11)))
                #expect(screenLine(18, columns: 60).hasPrefix("  " + title(10)))
                #expect(screenLine(23, columns: 30).hasPrefix(" demo · 12/2,000"))
            }
        }
    }
}
