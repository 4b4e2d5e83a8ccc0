import Testing

@testable import FeedConfig

struct CommandLineHelpTests {
    @Test(arguments: [
        ("lobster", "unknown command 'lobster' — did you mean lobsters?"),
        ("githib", "unknown command 'githib' — did you mean github?"),
        ("stack", "unknown command 'stack' — did you mean stackexchange?"),
        ("hnsearch", "unknown command 'hnsearch' — did you mean hn-search?"),
        ("myfed", "unknown command 'myfed' — did you mean myfeed?"),
    ])
    func misspeltCommandsSuggestTheClosest(_ word: String, _ message: String) {
        #expect(CommandLineRewrite.unknownCommand([word], feeds: ["myfeed"]) == message)
    }

    @Test func commandsFeedsListsAndOptionsAreNotMistakes() {
        for first in ["lobsters", "hn", "demo", "serve", "lab", "help", "top", "ask", "myfeed", "--help", "-h"] {
            #expect(CommandLineRewrite.unknownCommand([first, "x"], feeds: ["myfeed"]) == nil, "\(first)")
        }
        #expect(CommandLineRewrite.unknownCommand([], feeds: [String]()) == nil)
    }

    @Test func farOffWordsListTheCommands() throws {
        let message = try #require(CommandLineRewrite.unknownCommand(["xyzzy"], feeds: [String]()))
        #expect(message.hasPrefix("unknown command 'xyzzy'; commands: demo, devto, feed, github"))
    }

    @Test func negativeNumbersStayWithTheirOption() {
        #expect(CommandLineRewrite.attachNegativeNumbers(["demo", "--page-size", "-3", "--items", "5"])
            == ["demo", "--page-size=-3", "--items", "5"])
        #expect(CommandLineRewrite.attachNegativeNumbers(["demo", "--fail-rate", "-0.5"]) == ["demo", "--fail-rate=-0.5"])
        // Not a number, not a numeric option, or after `--`: left alone.
        #expect(CommandLineRewrite.attachNegativeNumbers(["demo", "--page-size", "--plain"]) == ["demo", "--page-size", "--plain"])
        #expect(CommandLineRewrite.attachNegativeNumbers(["hn-search", "--by-date", "-5"]) == ["hn-search", "--by-date", "-5"])
        #expect(CommandLineRewrite.attachNegativeNumbers(["hn-search", "--", "--limit", "-5"]) == ["hn-search", "--", "--limit", "-5"])
    }
}
