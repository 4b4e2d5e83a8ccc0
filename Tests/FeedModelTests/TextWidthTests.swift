import FeedModel
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

/// Widths as tmux 3.3 counts them when the text is printed raw (`cursor_x` after `printf`,
/// measured in a pane): glibc's `wcwidth` per scalar, and the scalar after a zero width joiner
/// joins the cell before it.
@Suite struct TerminalCellWidthTests {
    @Test(arguments: [
        ("नमस्ते दुनिया", 10), ("হ্যালো বিশ্ব", 10), ("வணக்கம் உலகம்", 10), ("สวัสดีชาวโลก", 10),
        ("مرحبا بالعالم", 13), ("שלום עולם", 9), ("你好世界", 8), ("안녕하세요 세계", 15),
        ("🇺🇸", 2), ("👍🏽", 4), ("👨\u{200D}👩\u{200D}👧", 2), ("🏳\u{FE0F}\u{200D}🌈", 1), ("1\u{FE0F}\u{20E3}", 1),
        ("a\u{200D}b", 1), ("👩🏽\u{200D}💻", 4),
    ])
    func widthsAsTmuxCountsThem(_ text: String, _ expected: Int) {
        #expect(TextWidth.of(text) == expected)
        #expect(text.reduce(0) { $0 + TextWidth.of($1) } == expected || text.contains("a\u{200D}b"),
                "cluster by cluster the same, except a joiner between two clusters")
    }

    func cells(_ text: String) -> [String] {
        var afterJoiner = false
        var result: [String] = []
        for character in text {
            let (joining, cells) = TextWidth.cells(of: character, afterJoiner: &afterJoiner)
            if !joining.isEmpty, !result.isEmpty { result[result.count - 1] += joining }
            result += cells.map(\.text)
        }
        return result
    }

    @Test func cellsHoldOneSpacingScalarAndWhatJoinsIt() {
        #expect(cells("नमस्ते") == ["न", "म", "स्", "ते"])
        #expect(cells("दुनिया") == ["दु", "न", "ि", "य", "ा"])
        #expect(cells("🇺🇸") == ["🇺", "🇸"])
        #expect(cells("👍🏽") == ["👍", "🏽"])
        #expect(cells("👨\u{200D}👩\u{200D}👧 x") == ["👨\u{200D}👩\u{200D}👧", " ", "x"])
        #expect(cells("e\u{301}") == ["e\u{301}"])
        #expect(cells("a\u{200D}b") == ["a\u{200D}b"])
    }

    @Test func marksWithNothingBeforeThemHaveNoCell() {
        var afterJoiner = false
        let (joining, cells) = TextWidth.cells(of: "\u{301}", afterJoiner: &afterJoiner)
        #expect(joining == "\u{301}")
        #expect(cells.isEmpty)
    }
}
