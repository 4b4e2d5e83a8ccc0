import CNCursesW
import FeedUI
import Glibc
import Testing

@testable import CursesTerminal

extension ProcessWideTests {
    /// Keys and mouse reports fed to curses through its input file, decoded end to end.
    @Suite struct Input {
        func events(terminalType: String, input bytes: [UInt8]) throws -> [TerminalEvent] {
            let path = temporaryPath("input")
            defer { unlink(path) }
            let file = try #require(fopen(path, "w"))
            _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
            let terminal = try CursesTerminal(
                headlessTerminalType: terminalType, size: Size(columns: 80, rows: 24), inputPath: path)
            defer { terminal.restore() }
            return terminal.readEvents()
        }

        @Test func keysFromAnXterm() throws {
            let input = Array("j\u{1B}OA\u{1B}[6~\r\u{04}한".utf8)
            let decoded = try events(terminalType: "xterm-256color", input: input)
            #expect(decoded == [
                .key(.character("j")), .key(.up), .key(.pageDown), .key(.enter), .key(.control("d")),
                .key(.character("한")),
            ])
        }

        @Test func sgrWheelFromAnXterm() throws {
            // SGR 1006: button 64 = wheel up, 65 = wheel down; 1-based column;row.
            let input = Array("\u{1B}[<64;5;3M\u{1B}[<65;1;1M\u{1B}[<0;10;2Mx\u{1B}[<0;10;2m".utf8)
            let decoded = try events(terminalType: "xterm-256color", input: input)
            #expect(decoded == [
                .key(.mouse(MouseEvent(kind: .wheelUp, row: 2, column: 4))),
                .key(.mouse(MouseEvent(kind: .wheelDown, row: 0, column: 0))),
                .key(.mouse(MouseEvent(kind: .press, row: 1, column: 9))),
                .key(.character("x")),
                .key(.mouse(MouseEvent(kind: .release, row: 1, column: 9))),
            ])
        }

        @Test func pressAndReleaseReadTogetherFoldIntoARelease() throws {
            // ncurses 6.4 merges a press and release it reads in one go (even with
            // mouseinterval(0)); a human click arrives as two reads, but consumers must accept
            // a release with no press before it.
            let decoded = try events(terminalType: "xterm-256color", input: Array("\u{1B}[<0;10;2M\u{1B}[<0;10;2m".utf8))
            #expect(decoded == [.key(.mouse(MouseEvent(kind: .release, row: 1, column: 9)))])
        }

        @Test func x10WheelFromTmux() throws {
            // tmux-256color's kmous is \E[M: button, column, row each + 32.
            let input: [UInt8] = [0x1B, 0x5B, 0x4D, 32 + 64, 32 + 5, 32 + 3, 0x1B, 0x5B, 0x4D, 32 + 65, 32 + 1, 32 + 1]
            let decoded = try events(terminalType: "tmux-256color", input: input)
            #expect(decoded == [
                .key(.mouse(MouseEvent(kind: .wheelUp, row: 2, column: 4))),
                .key(.mouse(MouseEvent(kind: .wheelDown, row: 0, column: 0))),
            ])
        }
    }
}
