import Foundation
import FeedMarkup
import Testing

/// Blocks laid out for a terminal: the measure is kept, code is never re-wrapped, links carry
/// their numbers, tables line up.
@Suite struct MarkupLayoutTests {
    private func layout(_ html: String, width: Int) -> [String] {
        MarkupLayout.lines(MarkupRenderer.render(html: html, base: nil), width: width)
    }

    @Test func paragraphsWrapAtTheMeasureAndLinksShowTheirNumbers() {
        let lines = layout(#"<p>one two three four five six <a href="https://a.example/x">seven eight</a> nine ten eleven twelve</p>"#, width: 20)
        #expect(lines == ["one two three four", "five six seven", "eight[1] nine ten", "eleven twelve"])
        #expect(lines.allSatisfy { MarkupLayout.columns($0) <= 20 })
    }

    @Test func codeIsClippedNeverReflowed() {
        let lines = layout("<pre>short\n    let aVeryLongIdentifierName = anotherVeryLongFunctionCall(argument)\n</pre>", width: 30)
        #expect(lines == ["short", "    let aVeryLongIdentifierNa…"])
        #expect(lines.allSatisfy { MarkupLayout.columns($0) <= 30 })
    }

    @Test func listsHangUnderTheirMarkersAndQuotesHaveABar() {
        let lines = layout("<ul><li>alpha beta gamma delta epsilon</li><li>two<ol><li>inner</li></ol></li></ul><blockquote><p>quoted words here</p></blockquote>", width: 22)
        #expect(lines == ["• alpha beta gamma", "  delta epsilon", "• two", "  1. inner", "", "│ quoted words here"])
    }

    @Test func tablesLineUpAndShrinkToFit() {
        let lines = layout("<table><tr><th>Name</th><th>Size</th></tr><tr><td>a-very-long-file-name.txt</td><td>12 KB</td></tr></table>", width: 20)
        #expect(lines == ["Name" + String(repeating: " ", count: 11) + "Size", "a-very-long-…  12 KB"])
        #expect(lines.allSatisfy { MarkupLayout.columns($0) <= 20 })
    }

    @Test func wideCharactersCountTwoColumns() {
        let lines = layout("<p>日本語の文章はここで折り返されるべきです</p>", width: 20)
        #expect(lines.allSatisfy { MarkupLayout.columns($0) <= 20 })
        #expect(lines.count == 2)
        #expect(MarkupLayout.columns("日本") == 4)
    }

    @Test func figuresShowTheirAltAndCaption() {
        let lines = layout(#"<figure><img src="https://a.example/p.png" alt="A cat"><figcaption>The cat, asleep</figcaption></figure>"#, width: 40)
        #expect(lines == ["[picture: A cat]", "The cat, asleep"])
    }
}

extension MarkupLayoutTests {
    /// A 30,000-character word (a UTF-16 page read as such, a minified blob) is cut into lines in
    /// one pass: cutting a head and re-measuring the rest for every line took seconds.
    @Test func aHugeWordIsCutInLinearTime() {
        let word = String(repeating: "語", count: 30_000)
        let start = Date()
        let lines = MarkupLayout.lines(MarkupBlocks(blocks: [MarkupBlock(.paragraph([Span(word)]))]), width: 60)
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(lines.count == 1_000)
        #expect(lines.allSatisfy { MarkupLayout.columns($0) == 60 })
    }
}
