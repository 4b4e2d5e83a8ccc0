import FeedReplica
import FeedTestSupport
import Foundation
import Testing

/// Every script drawn as the terminal draws it: titles and story texts in Devanagari, Bengali,
/// Tamil, Thai, Arabic, Hebrew, CJK, Hangul, flags, skin tones, joined emoji and keycaps
/// (`feedscroll serve --scripts`), captured from feedscroll's screen in tmux, against the same
/// text printed raw into a pane of the same tmux.
@Suite(.serialized) struct ScriptScreenTests {
    static let titles = ScriptText.samples.indices.map { ScriptText.title($0) }

    /// The titles printed raw (`cat`), as tmux shows them: what feedscroll must look like.
    func rawLines() throws -> [String: String] {
        let path = NSTemporaryDirectory() + "feedscroll-scripts-\(getpid()).txt"
        try (Self.titles.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let raw = try TmuxSession(command: "cat \(path); exec cat", columns: 100, rows: 30, environment: ["LC_ALL": "C.UTF-8"])
        defer { raw.kill() }
        let screen = try raw.waitFor({ $0.contains { $0.hasPrefix("SCRIPT \(Self.titles.count - 1) ") } }, description: "raw titles")
        return Self.byNumber(screen)
    }

    /// Each `SCRIPT n …` on a screen, from the tag to the end of the row, by `n`.
    static func byNumber(_ screen: [String]) -> [String: String] {
        var lines: [String: String] = [:]
        for line in screen {
            guard let start = line.range(of: "SCRIPT ") else { continue }
            let text = String(line[start.lowerBound...])
            let number = String(text.dropFirst(7).prefix { $0.isNumber })
            if lines[number] == nil { lines[number] = text }
        }
        return lines
    }

    @Test func listAndStoryLookLikeTheTextPrintedRaw() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let expected = try rawLines()
        #expect(expected.count == Self.titles.count, "tmux showed every raw title: \(expected.keys.sorted())")

        let server = try ServeProcess("--scripts --items \(Self.titles.count)")
        let base = try #require(server.baseURLs["hn"])
        let tmux = try TmuxSession(command: "exec \(FeedscrollBinary.path) hn --base-url \(base)", columns: 100, rows: 30,
                                   environment: ["LC_ALL": "C.UTF-8"])
        defer { tmux.kill() }
        let list = try tmux.waitFor({ Self.byNumber($0).count == Self.titles.count && !$0[29].contains("⇣") },
                                    timeout: 20, description: "every script title on the list")
        let drawn = Self.byNumber(list)
        for (number, line) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(drawn[number] == line, "list row SCRIPT \(number): drawn \(drawn[number]?.debugDescription ?? "nothing"), raw \(line.debugDescription)")
        }

        // The story's text has every sample as a paragraph: the detail wraps and draws them.
        try tmux.sendKeys("Enter")
        let detail = try tmux.waitFor({ Self.byNumber($0).count == Self.titles.count && !$0.contains { $0.hasPrefix("▌ SCRIPT") } },
                                      timeout: 20, description: "the story's text")
        let shown = Self.byNumber(detail)
        for (number, line) in expected.sorted(by: { $0.key < $1.key }) where number != "0" {
            // SCRIPT 0's own row in the detail is its title (with the meta beside), the rest are paragraphs.
            #expect(shown[number] == line, "detail SCRIPT \(number): drawn \(shown[number]?.debugDescription ?? "nothing"), raw \(line.debugDescription)")
        }
        try tmux.sendKeys("q")
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
