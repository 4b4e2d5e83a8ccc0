import FeedModel
import FeedTestSupport
import FeedUI
import Foundation
import Testing

/// Mouse events typed into the pane in the protocol the program asked tmux for, and the `?`
/// overlay checked against the key table.
@Suite(.serialized) struct MouseAndHelpScreenTests {
    func start(_ arguments: String, term: String? = nil, columns: Int = 80, rows: Int = 24) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let prefix = term.map { "TERM=\($0) " } ?? ""
        return try TmuxSession(command: "\(prefix)exec \(FeedscrollBinary.path) \(arguments)", columns: columns, rows: rows,
                               environment: ["LC_ALL": "C.UTF-8"])
    }

    /// A mouse event as the terminal would send it: SGR (`ESC [ < b ; x ; y M`) when the program
    /// turned mode 1006 on, else the X10/normal form (`ESC [ M` and three bytes, each + 32).
    /// `x` and `y` are 1-based.
    func mouse(_ button: Int, x: Int, y: Int, release: Bool = false, sgr: Bool) -> String {
        if sgr { return "\u{1B}[<\(button);\(x);\(y)\(release ? "m" : "M")" }
        let code = release ? 3 : button
        return "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + code))) + String(UnicodeScalar(UInt8(32 + x))) + String(UnicodeScalar(UInt8(32 + y)))
    }

    /// tmux-256color's terminfo has ncurses use the normal (X10) protocol, xterm-256color's the
    /// SGR one (1006); both are decoded by ncurses into the same events.
    @Test(arguments: ["tmux-256color", "xterm-256color"])
    func wheelScrollsAndClickSelects(_ term: String) throws {
        let tmux = try start("demo --latency-ms 0", term: term)
        try tmux.waitFor({ $0[23].contains("demo · 1/") }, description: "the first rows")
        #expect(try tmux.display("#{mouse_any_flag}") == "1", "the program turned mouse reporting on")
        let sgr = try tmux.display("#{mouse_sgr_flag}") == "1"
        #expect(sgr == (term == "xterm-256color"))

        // Wheel down (button 65) moves the cursor three rows per notch.
        try tmux.sendLiteral(mouse(65, x: 10, y: 5, sgr: sgr))
        try tmux.waitFor({ $0[23].contains("demo · 4/") }, description: "one notch down: item 4")
        try tmux.sendLiteral(mouse(65, x: 10, y: 5, sgr: sgr))
        try tmux.waitFor({ $0[23].contains("demo · 7/") }, description: "two notches down: item 7")
        // Wheel up (button 64).
        try tmux.sendLiteral(mouse(64, x: 10, y: 5, sgr: sgr))
        try tmux.waitFor({ $0[23].contains("demo · 4/") }, description: "one notch up: item 4")
        // A click on screen row 9 (the title of the fifth item, 0-based row 8) selects it.
        try tmux.sendLiteral(mouse(0, x: 10, y: 9, sgr: sgr) + mouse(0, x: 10, y: 9, release: true, sgr: sgr))
        let screen = try tmux.waitFor({ $0[23].contains("demo · 5/") }, description: "the clicked item 5 selected")
        #expect(screen[8].hasPrefix("▌ "))
        // Nothing of the sequences leaked through as keys (a stray `q` or `G` would show).
        #expect(try tmux.isPaneDead() == false)
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
        #expect(try tmux.display("#{mouse_any_flag}") == "0", "mouse reporting off again")
    }

    @Test func helpOverlayShowsTheKeyTableAndAnyKeyCloses() throws {
        // Tall enough for every binding of the table, however many other features add.
        let rows = max(30, KeyMap.standard.bindings.count + 8)
        let tmux = try start("demo --latency-ms 0", columns: 100, rows: rows)
        try tmux.waitFor({ $0[rows - 1].contains("demo · 1/") }, description: "the first rows")
        try tmux.sendKeys("?")
        let screen = try tmux.waitForText("any key closes")
        let labelWidth = KeyMap.standard.bindings.map { TextWidth.of($0.label) }.max() ?? 0
        for binding in KeyMap.standard.bindings {
            let line = binding.label + String(repeating: " ", count: labelWidth - TextWidth.of(binding.label)) + "  " + binding.help
            #expect(screen.contains { $0.contains(line) }, "the overlay lists \(line.debugDescription)")
        }
        for key in ["/", "n", "N"] {
            #expect(KeyMap.standard.bindings.contains { $0.label == key }, "the table has \(key)")
        }
        // Any key closes it and does nothing else: x is bound to nothing, j would move.
        try tmux.sendKeys("j")
        let closed = try tmux.waitFor({ !$0.contains { $0.contains("any key closes") } }, description: "the overlay closed")
        #expect(closed[rows - 1].contains("demo · 1/"), "the key that closed help did not move the cursor")
        try tmux.sendKeys("j")
        try tmux.waitFor({ $0[rows - 1].contains("demo · 2/") }, description: "keys work again")
    }
}
