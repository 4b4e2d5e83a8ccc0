import FeedTestSupport
import FeedUI
import Foundation
import Testing

/// `/` search on the real binary in tmux: the prompt, the count, highlighted matches, n/N, Esc.
@Suite(.serialized) struct SearchScreenTests {
    struct Row: Decodable { var title: String; var author: String? }

    /// The demo feed's 30 items, as `--json` prints them (same seed, same items).
    func demoRows() throws -> [Row] {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        let result = try ChildProcess.run([FeedscrollBinary.path, "demo", "--items", "30", "--json"], environment: environment)
        #expect(result.status == 0)
        return try result.standardOutput.split(separator: "\n").map { try JSONDecoder().decode(Row.self, from: Data($0.utf8)) }
    }

    /// A lower-case word that some titles have and others lack, with the rows that match it
    /// (title or author; every demo URL's host is example.com, which the word is not part of).
    func pickWord(_ rows: [Row]) -> (word: String, matches: [Int])? {
        var counts: [String: Int] = [:]
        for row in rows {
            for word in Set(row.title.lowercased().split { !$0.isLetter }.map(String.init)) where word.count >= 4 && word.allSatisfy(\.isASCII) && !"example.com".contains(word) {
                counts[word, default: 0] += 1
            }
        }
        let pattern = counts.filter { (2...6).contains($0.value) }.sorted { ($0.value, $0.key) > ($1.value, $1.key) }.first?.key
        guard let pattern else { return nil }
        let search = SearchPattern(pattern)
        let matches = rows.indices.filter { search.matches(rows[$0].title) || rows[$0].author.map(search.matches) == true }
        return (pattern, matches)
    }

    @Test func slashSearchCountsHighlightsAndMoves() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let rows = try demoRows()
        #expect(rows.count == 30)
        let (word, matches) = try #require(pickWord(rows), "a word in 2 to 6 of the demo titles")
        let count = matches.count
        let tmux = try TmuxSession(
            command: "exec \(FeedscrollBinary.path) demo --items 30 --latency-ms 0", columns: 100, rows: 30,
            environment: ["LC_ALL": "C.UTF-8"])
        // Both pages in and nothing in flight, so the count covers all 30 rows.
        try tmux.waitFor({ $0[29].contains("2 pages") && !$0[29].contains("⇣") }, description: "the whole feed loaded")

        try tmux.sendKeys("/")
        try tmux.waitFor({ $0[29].hasPrefix(" /▏") }, description: "the search prompt")
        try tmux.sendLiteral(word)
        var screen = try tmux.waitFor({ $0[29].contains("/\(word)▏  1 of \(count) match") }, description: "the match count")
        #expect(cursorRow(screen).lowercased().contains(word), "the cursor jumped to a match")

        // The match is drawn in its own style: an SGR sequence starts right where it begins.
        let coloured = try tmux.captureWithEscapes()
        let cursorLine = try #require(coloured.first { stripEscapes($0).hasPrefix("▌") })
        #expect(highlightedWords(cursorLine).contains { $0.lowercased() == word }, "\(cursorLine.debugDescription)")

        try tmux.sendKeys("Enter")
        screen = try tmux.waitFor({ $0[29].contains("/\(word)  1 of \(count) match") && $0[29].contains("\(matches[0] + 1)/30") },
                                  description: "the kept search on match 1, item \(matches[0] + 1)")
        try tmux.sendKeys("n")
        screen = try tmux.waitFor({ $0[29].contains("2 of \(count) match") && $0[29].contains("\(matches[1] + 1)/30") },
                                  description: "n to match 2, item \(matches[1] + 1)")
        #expect(cursorRow(screen).lowercased().contains(word))
        try tmux.sendKeys("N")
        try tmux.waitFor({ $0[29].contains("1 of \(count) match") && $0[29].contains("\(matches[0] + 1)/30") }, description: "N back to match 1")
        try tmux.sendKeys("N")
        try tmux.waitFor({ $0[29].contains("search hit TOP, continuing at BOTTOM") }, description: "the wrap note")
        try tmux.sendKeys("j")
        try tmux.waitFor({ $0[29].contains("/\(word)") && !$0[29].contains("search hit") }, description: "the note gone after a key")

        try tmux.sendKeys("Escape")
        screen = try tmux.waitFor({ $0[29].hasPrefix(" demo · ") }, description: "the search cleared")
        #expect(!screen[29].contains("match"))
        let plain = try tmux.captureWithEscapes()
        #expect(plain.allSatisfy { highlightedWords($0).allSatisfy { $0.lowercased() != word } })
    }

    /// The title on the cursor row.
    func cursorRow(_ screen: [String]) -> String { screen.first { $0.hasPrefix("▌") } ?? "" }

    func stripEscapes(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;:]*m", with: "", options: .regularExpression)
    }

    /// Runs of letters that start right after an SGR sequence in the middle of a row's text.
    func highlightedWords(_ line: String) -> [String] {
        let parts = line.components(separatedBy: "\u{1B}[")
        return parts.dropFirst(2).compactMap { part -> String? in
            guard let m = part.firstIndex(of: "m") else { return nil }
            let text = part[part.index(after: m)...]
            let word = text.prefix { $0.isLetter }
            return word.isEmpty ? nil : String(word)
        }
    }
}
