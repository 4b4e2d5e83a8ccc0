import FeedTestSupport
import Foundation
import Testing

/// Every source on a real 80×24 screen against `feedscroll serve`, in its own words: each
/// row's meta line says what that API means (stars and forks, votes and views, byte changes),
/// never another source's "points" and "comments".
@Suite struct SourceWordsScreenTests {
    struct Case: Sendable, CustomStringConvertible {
        var command: String
        var replica: String
        /// What every meta line (rows 1, 3, 5, …) looks like.
        var meta: String
        /// Words that must not appear on any meta line.
        var foreign: [String] = ["point"]
        var description: String { command }
    }

    static let count = #"[\d,]+"#
    static let cases: [Case] = [
        Case(command: "hn", replica: "hn", meta: #"^  \S+ · \#(count) points? · (\#(count) comments? · )?(job · |poll · )?\S+$"#, foreign: ["★", "votes"]),
        Case(command: "hn-search", replica: "hn-search", meta: #"^  \S+ · \#(count) points? · \#(count) comments? · \S+$"#, foreign: ["★"]),
        Case(command: "github swift", replica: "github", meta: #"^  ★ \#(count) · \#(count) forks? · (\S+ · )?updated \S+$"#),
        Case(command: "reddit swift", replica: "reddit", meta: #"^  −?\#(count) points? · \#(count) comments? · r/swift · u/\S+ · \S+$"#, foreign: ["★"]),
        Case(command: "mastodon", replica: "mastodon", meta: #"^  ★ \#(count) · \#(count) boosts? · \#(count) repl(y|ies) · @\S+ · \S+$"#),
        Case(command: "stackexchange", replica: "stackexchange", meta: #"^  −?\#(count) votes? · \#(count) answers?( \(accepted\))? · \#(count) views? · .+$"#),
        Case(command: "lobsters", replica: "lobsters", meta: #"^  \#(count) points? · \#(count) comments? · (\[\S+\] ?)+ · \S+ · \S+$"#, foreign: ["★"]),
        Case(command: "devto", replica: "devto", meta: #"^  \#(count) reactions? · \#(count) comments? · \d+ min read · \S+ · \S+$"#),
        Case(command: "wikipedia", replica: "wikipedia", meta: #"^  [+−±]\#(count) bytes? · (new page · |log · )?.+$"#),
        Case(command: "pokeapi", replica: "pokeapi", meta: #"^  #\d+$"#),
        Case(command: "jsonplaceholder", replica: "jsonplaceholder", meta: #"^  #\d+ · user \d+$"#),
    ]

    @Test(arguments: cases)
    func metaLinesSpeakTheSourcesWords(_ c: Case) throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first (make test does)")
        let replica = try ServeProcess("--items 130")
        let base = try #require(replica.baseURLs[c.replica])
        let tmux = try TmuxSession(command: "exec \(FeedscrollBinary.path) \(c.command) --base-url \(base)", environment: ["LC_ALL": "C.UTF-8"])
        let screen = try tmux.waitFor({ $0[23].contains(" page") && !$0[21].isEmpty }, timeout: 20, description: "a full screen")
        let pattern = try NSRegularExpression(pattern: c.meta)
        let metas = stride(from: 1, to: 22, by: 2).map { screen[$0] }.filter { !$0.isEmpty }
        #expect(metas.count >= 10, "\(c.command): a full screen of items")
        for meta in metas {
            // A cut line ends in `…`: match what is whole of it.
            let whole = meta.hasSuffix("…") ? String(meta.dropLast()) : meta
            let matched = pattern.firstMatch(in: meta, range: NSRange(meta.startIndex..., in: meta)) != nil
            #expect(matched || meta.hasSuffix("…") && whole.count >= 60, "\(c.command): \(meta)")
            for word in c.foreign { #expect(!meta.contains(word), "\(c.command): \(meta) has \(word)") }
        }
        try tmux.sendKeys("q")
        #expect(try tmux.waitForExit() == .exited(0))
    }
}
