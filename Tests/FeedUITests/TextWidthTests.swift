import FeedUI
import Testing

@Suite struct TextWidthTests {
    @Test(arguments: [
        ("abc", 3), ("한국어", 6), ("日本語", 6), ("🚀", 2), ("e\u{301}", 1), ("", 0),
        ("Ωmega", 5), ("ｱ", 1), ("Ａ", 2), ("\u{200B}", 0),
    ])
    func widths(_ text: String, _ expected: Int) {
        #expect(TextWidth.of(text) == expected)
    }

    @Test func controlsAreUnprintable() {
        #expect(TextWidth.isUnprintable("\u{1B}"))
        #expect(TextWidth.isUnprintable("\u{9B}"))
        #expect(!TextWidth.isUnprintable("a"))
        #expect(!TextWidth.isUnprintable("한"))
    }
}
