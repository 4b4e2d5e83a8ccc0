import FeedModel
import Testing

/// Plain-text bodies as blocks, and the cleaning every block's line has been through (moved
/// from `HTMLBlocksTests` when the hand-written HTML renderer went, issue 20).
@Suite struct TextBlockTests {
    @Test func plainTextParagraphs() {
        #expect(TextBlock.paragraphs(plain: "one\ntwo\n\n\nthree\u{1B}[31m") == [
            TextBlock(.paragraph, lines: ["one", "two"]), TextBlock(.paragraph, lines: ["three"]),
        ])
    }

    @Test func keepingLayoutCleansEveryPiece() {
        #expect(TextSanitizer.cleanKeepingLayout("  a\u{1B}[1m  b\t\u{7}c\r\n d") == "  a  b    c\n d")
    }

    @Test func whitespaceCollapsesToOneLine() {
        #expect("  lots \n of\t\tspace  ".collapsingWhitespace() == "lots of space")
        #expect("".collapsingWhitespace() == "")
    }
}
