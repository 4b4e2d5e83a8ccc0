import FeedModel
import Testing

@Suite struct TextSanitizerTests {
    @Test(arguments: [
        ("plain title", "plain title"),
        ("  spaces   collapse  ", "spaces collapse"),
        ("set title\u{1B}]0;pwned\u{07} done", "set title done"),
        ("osc with st\u{1B}]2;pwned\u{1B}\\ done", "osc with st done"),
        ("red\u{1B}[31;1m text\u{1B}[0m", "red text"),
        ("move\u{1B}[10;10H cursor", "move cursor"),
        ("clear\u{1B}[2J screen", "clear screen"),
        ("dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\ gone", "dcs gone"),
        ("apc\u{1B}_Gf=100;AAAA\u{1B}\\ gone", "apc gone"),
        ("c1 csi\u{9B}31m red", "c1 csi red"),
        ("c1 osc\u{9D}0;x\u{9C} end", "c1 osc end"),
        ("bell\u{07}backspace\u{08}del\u{7F}", "bellbackspacedel"),
        ("tab\there", "tab here"),
        ("line\nbreak\r\nends", "line break ends"),
        ("\u{202E}reversed\u{202C} text", "reversed text"),
        ("iso\u{2066}late\u{2069}", "isolate"),
        ("zero\u{200B}width\u{FEFF}", "zerowidth"),
        ("reset\u{1B}c done", "reset done"),
        ("charset\u{1B}(0 done", "charset done"),
        ("\u{1100}\u{1161}\u{11A8}", "각"),  // NFD Hangul to NFC
        ("e\u{301}", "é"),
        ("emoji 👩‍💻 kept", "emoji 👩‍💻 kept"),
        ("trailing escape\u{1B}", "trailing escape"),
    ])
    func cleansOneLine(_ input: String, _ expected: String) {
        #expect(TextSanitizer.clean(input) == expected)
    }

    @Test func multilineKeepsParagraphs() {
        let text = "first line\r\nsecond\u{1B}[1m line\n\n\n\nthird\tpara\u{7}"
        #expect(TextSanitizer.clean(text, mode: .multiline) == "first line\nsecond line\n\nthird para")
    }

    @Test func invalidUTF8IsRepaired() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62, 0xC3]
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(TextSanitizer.clean(text) == "a\u{FFFD}b\u{FFFD}")
    }

    @Test func itemSanitisedEverywhere() {
        let item = FeedItem(
            id: "x:1", title: "\u{1B}]0;t\u{07}Title", url: "https://e.com/\u{1B}[2J", author: "\u{202E}eve",
            body: "a\u{1B}[31m\nb", discussionURL: "")
        let clean = item.sanitized()
        #expect(clean.title == "Title")
        #expect(clean.url == "https://e.com/")
        #expect(clean.author == "eve")
        #expect(clean.body == "a\nb")
        #expect(clean.discussionURL == nil)
    }
}
