import FeedModel
import Testing

/// Words wider than the line cut by the Japanese line-breaking rules: no line starts with a
/// closing mark or ends with an opening one, and every line fits.
@Suite struct LineCutTests {
    static func lines(_ word: String, _ width: Int) -> [String] { LineCut.pieces(of: word, width: width).map(\.text) }

    @Test func aStopNeverStartsALine() {
        // Ten columns hold five wide characters: `。` would start the second line.
        #expect(Self.lines("これはペン。あれは", 10) == ["これはペ", "ン。あれは"])
    }

    @Test func aClosingQuoteAfterAStopGoesDownWithTheCharacterBeforeBoth() {
        #expect(Self.lines("あいうえお。」かきく", 10) == ["あいうえ", "お。」かき", "く"])
        #expect(Self.lines("あいうえ。」かきく", 8) == ["あいう", "え。」か", "きく"])
    }

    @Test func anOpeningBracketNeverEndsALine() {
        #expect(Self.lines("彼は言った「はい。」そして", 12) == ["彼は言った", "「はい。」そ", "して"])
    }

    @Test func smallKanaAndTheLongVowelMarkStayWithTheirSyllable() {
        #expect(Self.lines("あいうコーヒー", 8) == ["あいう", "コーヒー"])
        #expect(Self.lines("あいうえっと", 8) == ["あいう", "えっと"])
    }

    @Test func everyLineFitsAndNothingIsLost() {
        let text = String(repeating: "日本語の文章、「引用」。", count: 40) + "。。。。。。。。。。"
        for width in 2...30 {
            let pieces = LineCut.pieces(of: text, width: width)
            #expect(pieces.map(\.text).joined() == text, "width \(width)")
            #expect(pieces.allSatisfy { $0.columns <= width && !$0.text.isEmpty }, "width \(width)")
            #expect(pieces.allSatisfy { TextWidth.of($0.text) == $0.columns }, "width \(width)")
        }
    }

    @Test func textWithoutMarksCutsAsBefore() {
        #expect(Self.lines("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(Self.lines("漢字漢字漢字", 4) == ["漢字", "漢字", "漢字"])
        #expect(Self.lines("", 4) == [""])
    }
}
