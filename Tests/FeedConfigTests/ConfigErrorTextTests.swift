import Testing

@testable import FeedConfig
import FeedTestSupport

/// Config errors quote what the file says without letting it drive the terminal (issue 24:
/// raw control bytes and a 50 MB value were echoed to stderr).
@Suite struct ConfigErrorTextTests {
    private func message(_ file: String) -> String {
        do {
            _ = try ConfigFile.parse(file)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func controlBytesInAValueAreEscapes() {
        // TOML's own escapes put the controls in the value (raw ones are a syntax error).
        let text = message(#"theme = "neon\u001B]0;pwned\u0007\u009B31m\u202E""# + "\n")
        #expect(text == #"config:1: theme: unknown theme "neon\u{1B}]0;pwned\u{7}\u{9B}31m\u{202E}"; themes: default, light, mono"#)
    }

    @Test func controlBytesInAKeyAreEscapes() {
        let text = message("[keys]\n" + #""a\u001B[2J" = "j""# + "\n")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains(#"\u{1B}[2J"#))
    }

    @Test(.offThePool) func aHugeValueIsCut() {
        let huge = String(repeating: "x", count: 5_000_000)
        let text = message("theme = \"\(huge)\"\n")
        #expect(text.utf8.count < 300)
        #expect(text.hasPrefix("config:1: theme: unknown theme \"" + String(repeating: "x", count: ConfigText.maxShown) + "…\""))
    }

    @Test func plainTextIsQuotedAsItIs() {
        #expect(ConfigText.quoted("東京 naïve") == "\"東京 naïve\"")
        #expect(ConfigText.shown("ab", limit: 1) == "a…")
    }
}
