import CNCursesW
import FeedUI
import Glibc
import Testing

@testable import CursesTerminal

extension ProcessWideTests {
    /// `preflight` with `TERM` changed through the environment; none of these may start curses
    /// (an `initscr` on an unknown TERM would exit the test process).
    @Suite struct Preflight {
        func reason(term: String?, isTerminal: (Int32) -> Bool = { _ in true }) -> TerminalError.Reason? {
            withEnvironment("TERM", term) {
                do throws(TerminalError) {
                    try CursesTerminal.preflight(isTerminal: isTerminal)
                    return nil
                } catch {
                    return error.reason
                }
            }
        }

        @Test func refusesDumb() {
            #expect(reason(term: "dumb") == .dumbTerminal)
            #expect(TerminalError(.dumbTerminal).message.contains("TERM=xterm-256color"))
        }

        @Test func refusesAnUnknownType() {
            #expect(reason(term: "no-such-terminal-zz") == .unknownTerminalType("no-such-terminal-zz"))
            #expect(TerminalError(.unknownTerminalType("foo")).message
                == "feedscroll: TERM 'foo' is not a terminal type this system knows; try TERM=xterm-256color")
        }

        @Test func refusesAnUnsetType() {
            #expect(reason(term: nil) == .terminalTypeUnset)
            #expect(reason(term: "") == .terminalTypeUnset)
        }

        @Test func probeTellsUnknownFromCursorless() {
            // `dumb` is the only installed entry without `cup`; checkTerminalType names it first.
            #expect(fs_probe_terminal("dumb") == 0)
            #expect(fs_probe_terminal("xterm-256color") == 1)
            #expect(fs_probe_terminal("no-such-terminal-zz") == -1)
        }

        @Test func acceptsXtermAndTmux() {
            #expect(reason(term: "xterm-256color") == nil)
            #expect(reason(term: "tmux-256color") == nil)
        }

        @Test func refusesANonTerminalStandardOutput() {
            #expect(reason(term: "xterm-256color", isTerminal: { $0 == STDIN_FILENO }) == .notATerminal(fileDescriptor: 1))
            #expect(reason(term: "xterm-256color", isTerminal: { _ in false }) == .notATerminal(fileDescriptor: 0))
        }

        @Test func probingLeavesACurrentScreenUsable() throws {
            let terminal = try CursesTerminal(headlessTerminalType: "xterm-256color", size: Size(columns: 10, rows: 2))
            defer { terminal.restore() }
            #expect(reason(term: "no-such-terminal-zz") != nil)
            terminal.draw(makeGrid(["still ok"], size: Size(columns: 10, rows: 2)))
            #expect(screenLine(0, columns: 8) == "still ok")
        }
    }
}
