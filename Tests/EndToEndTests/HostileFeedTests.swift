import FeedMarkup
import FeedModel
import FeedReplica
import FeedSources
import FeedTestSupport
import Foundation
import Testing

/// `feedscroll serve --hostile` over loopback: HN titles, authors and texts that try to retitle
/// the window, recolour, move the cursor, clear the screen, change modes and reverse text.
@Suite(.serialized) struct HostileFeedTests {
    /// What a payload must look like on screen and in pipes: its words, nothing else.
    static let cleanTitles = Set(HostileText.titles.map { TextSanitizer.clean(MarkupFragment.line($0)) })

    /// The pane's terminal modes and title: everything a payload could flip.
    static let modes = "#{alternate_on} #{cursor_flag} #{insert_flag} #{keypad_cursor_flag} #{keypad_flag} #{mouse_any_flag} "
        + "#{mouse_sgr_flag} #{origin_flag} #{wrap_flag} #{scroll_region_upper} #{scroll_region_lower} #{pane_title}"

    func start(_ baseURL: String) throws -> TmuxSession {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        return try TmuxSession(command: "exec \(FeedscrollBinary.path) hn --base-url \(baseURL)", columns: 100, rows: 30,
                               environment: ["LC_ALL": "C.UTF-8"])
    }

    /// The parameters of the SGR sequences (colours and attributes) on a screen captured with
    /// `-e`, one by one: tmux writes each change relative to the cell before, so whole sequences
    /// differ with the neighbours while the parameters say which colours and attributes appear.
    func sgrs(_ lines: [String]) -> Set<String> {
        var found = Set<String>()
        for line in lines {
            var rest = Substring(line)
            while let start = rest.range(of: "\u{1B}[") {
                let tail = rest[start.upperBound...]
                guard let end = tail.firstIndex(where: { !($0.isNumber || $0 == ";" || $0 == ":") }) else { break }
                if tail[end] == "m" { found.formUnion(tail[..<end].split { $0 == ";" || $0 == ":" }.map(String.init)) }
                rest = tail[end...]
            }
        }
        return found
    }

    @Test func hostileFeedLeavesTheTerminalAlone() throws {
        // The same screen over a benign replica gives the modes, title and colours to expect.
        let benignServer = try ServeProcess("--items 60")
        let benign = try start(try #require(benignServer.baseURLs["hn"]))
        try benign.waitFor({ $0[29].contains("hn top · 1/") && !$0[29].contains("⇣") && $0[0].hasPrefix("▌") }, description: "benign rows")
        let expectedModes = try benign.display(Self.modes)
        let expectedColours = sgrs(try benign.captureWithEscapes())
        benign.kill()

        let server = try ServeProcess("--hostile --items 60")
        let tmux = try start(try #require(server.baseURLs["hn"]))
        try tmux.waitFor({ $0[29].contains("hn top · 1/") && $0.contains { $0.contains("HOSTILE") } }, description: "hostile rows")
        var seen = Set<String>()
        // Page through the feed so every payload has been drawn at least once.
        var before: (row: Int, of: Int)?
        for step in 0..<8 {
            // Once Space was sent, the screen before it is settled too: wait until the cursor has
            // moved (unless it was on the last row already), then until nothing is in flight.
            let screen = try tmux.waitFor({ screen in
                guard screen[29].contains("hn top · ") && !screen[29].contains("⇣"), let now = Self.position(screen[29]) else { return false }
                guard let before else { return true }
                return now.row > before.row || before.row == before.of
            }, description: "screen \(step) moved from \(before.map { "\($0.row)/\($0.of)" } ?? "the start") and settled")
            before = Self.position(screen[29])
            #expect(screen.count == 30)
            for (row, line) in screen.enumerated() where row < 28 && !line.isEmpty {
                let text = line.hasPrefix("▌ ") ? String(line.dropFirst(2)) : String(line.drop { $0 == " " })
                if row % 2 == 0 {
                    #expect(Self.cleanTitles.contains(text), "row \(row) shows the payload's words only: \(line.debugDescription)")
                    seen.insert(text)
                } else {
                    #expect(text.hasPrefix("mallory") && text.range(of: " point") != nil, "row \(row) is a meta line: \(Array(line.unicodeScalars))")
                }
            }
            #expect(!screen.joined().contains("PWNED"))
            #expect(try tmux.display(Self.modes) == expectedModes, "modes and title after screen \(step)")
            let colours = sgrs(try tmux.captureWithEscapes())
            #expect(colours.isSubset(of: expectedColours), "foreign SGR: \(colours.subtracting(expectedColours).sorted())")
            try tmux.sendKeys("Space")
        }
        #expect(seen.count == HostileText.titles.count, "every payload was shown: \(seen.count) of \(HostileText.titles.count)")
        #expect(try tmux.alternateScreenOn())
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }

    @Test func pipesCarryNoControls() throws {
        let server = try ServeProcess("--hostile --items 60")
        let base = try #require(server.baseURLs["hn"])
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        let plain = try ChildProcess.run([FeedscrollBinary.path, "hn", "--base-url", base, "--plain", "--limit", "40"], environment: environment)
        #expect(plain.status == 0)
        let lines = plain.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 40)
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            #expect(fields.count == 2 && Self.cleanTitles.contains(String(fields[1])), "\(line.debugDescription)")
            #expect(!line.unicodeScalars.contains(where: Self.isForbidden), "\(line.debugDescription)")
        }
        let json = try ChildProcess.run([FeedscrollBinary.path, "hn", "--base-url", base, "--json", "--limit", "40"], environment: environment)
        #expect(json.status == 0)
        #expect(!json.standardOutput.unicodeScalars.contains { $0 != "\n" && Self.isForbidden($0) })
        #expect(!json.standardOutput.contains("\\u001b") && !json.standardOutput.contains("\\u0007"))
        for line in json.standardOutput.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let title = try #require(object["title"] as? String)
            let author = try #require(object["author"] as? String)
            #expect(Self.cleanTitles.contains(title))
            #expect(author.hasPrefix("mallory") && !author.unicodeScalars.contains(where: Self.isForbidden), "\(author.debugDescription)")
        }
    }

    /// `(row, of)` from the status line's ` 15/56` (the cursor's row, the rows known).
    static func position(_ status: String) -> (row: Int, of: Int)? {
        guard let match = status.firstMatch(of: /· (\d+)\/(\d+)/), let row = Int(match.1), let of = Int(match.2) else { return nil }
        return (row, of)
    }

    /// Controls (tab aside), DEL, C1, bidi controls, zero-width tricks.
    static func isForbidden(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x200B, 0x2060, 0xFEFF, 0xE0000...0xE007F: true
        default: false
        }
    }
}
