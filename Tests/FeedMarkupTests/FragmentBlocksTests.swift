import FeedMarkup
import FeedModel
import Testing

/// An API's HTML field as the detail shows it (`MarkupFragment.textBlocks`): the cases of the
/// hand-written block renderer it replaced (`HTMLBlocks`, issue 20), through libxml2's parse.
@Suite struct FragmentBlocksTests {
    private func para(_ lines: String..., indent: Int = 0, marker: String? = nil, quote: Bool = false) -> TextBlock {
        TextBlock(.paragraph, lines: lines, indent: indent, marker: marker, isQuote: quote)
    }

    private func code(_ lines: String...) -> TextBlock { TextBlock(.preformatted, lines: lines) }

    private func parse(_ html: String, base: String? = nil) -> [TextBlock] {
        MarkupFragment.textBlocks(html, baseAddress: base)
    }

    @Test func paragraphsAndBreaks() {
        #expect(parse("First  para\nsame line<p>Second<br>line two<br/>three") == [
            para("First para same line"), para("Second", "line two", "three"),
        ])
        #expect(parse("<p></p><p>  </p>") == [])
        #expect(parse("") == [])
    }

    @Test func nestedAndUnclosedTags() {
        #expect(parse("<p><i>a <b>bold</i> move</b><p>next") == [para("a bold move"), para("next")])
        // A `<` that opens no tag is text; a tag cut off by the end of the input is dropped, as
        // a browser drops it (the old renderer showed `<b unclosed` as text).
        #expect(parse("1 < 2 and 3<4 <b unclosed") == [para("1 < 2 and 3<4")])
        #expect(parse("<div><p>inside<div>deeper") == [para("inside"), para("deeper")])
    }

    @Test func entities() {
        #expect(parse("a &amp; b &lt;c&gt; &#39;d&#x27; &#X41;&quot;") == [para("a & b <c> 'd' A\"")])
        // A decoded `<` opens no tag.
        #expect(parse("&lt;script&gt;alert(1)&lt;/script&gt;") == [para("<script>alert(1)</script>")])
    }

    /// Unknown and unterminated references stay text; NUL, surrogates and references past
    /// U+10FFFF never become characters.
    @Test func entityEdgeCases() {
        let text = parse("&bogus; &amp &#xZZ; &#; &#x; &#0; &#xD800; &#x110000;").flatMap(\.lines).joined(separator: " ")
        // libxml2 drops the broken `&#x`, `&#;` and `&#x;` (the old renderer kept them).
        #expect(text == "&bogus; &amp ZZ;", "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value == 0 || (0xD800...0xDFFF).contains($0.value) })
    }

    @Test func links() {
        #expect(parse(#"See <a href="https://example.com/docs?a=1&amp;b=2">the docs</a>."#) == [
            para("See the docs (https://example.com/docs?a=1&b=2)."),
        ])
        // Text equal to the URL is shown once.
        #expect(parse(#"<a href="https://example.com/x" rel="nofollow">https://example.com/x</a>"#) == [
            para("https://example.com/x"),
        ])
        // HN's shortened link text is replaced by the whole URL.
        #expect(parse(#"go <a href="https://example.com/a/very/long/path/to/it">https://example.com/a/very/lo...</a> now"#) == [
            para("go https://example.com/a/very/long/path/to/it now"),
        ])
        // A fragment link and a link with no address are their text; a relative one resolves
        // against the item's page (HN writes `item?id=1`).
        #expect(parse(#"<a href='#top'>top</a> <a href=https://x.org/p>bare</a> <a>none</a>"#) == [
            para("top bare (https://x.org/p) none"),
        ])
        #expect(parse(#"see <a href="item?id=7">this</a>"#, base: "https://news.ycombinator.com/item?id=1") == [
            para("see this (https://news.ycombinator.com/item?id=7)"),
        ])
    }

    /// HN cuts a comment's text to 120 characters for a title, which can leave half a tag.
    @Test func aTagCutOffAtTheEndLeavesNoMarkup() {
        #expect(parse(#"See <a href="https://example.com"#) == [para("See")])
        #expect(MarkupFragment.line(#"See <a href="https://example.com"#) == "See")
        #expect(MarkupFragment.line(#"<p>a</p><p>b <i"#) == "a b")
    }

    @Test func codeBlocksKeepSpacesAndLongLines() {
        let long = String(repeating: "x", count: 300)
        let html = "<p>Try:<pre><code>  if a &lt; b {\n      call(&quot;&amp;&quot;)\n  }\n\(long)\n</code></pre>after"
        #expect(parse(html) == [
            para("Try:"), code("  if a < b {", "      call(\"&\")", "  }", long), para("after"),
        ])
        // Tags inside a code block are dropped, entities decoded, tabs expanded.
        #expect(parse("<pre>\ta<b>b</b>\n<i>c</i></pre>") == [code("    ab", "c")])
        // Unclosed pre runs to the end.
        #expect(parse("<pre>  x\n  y") == [code("  x", "  y")])
    }

    @Test func lists() {
        #expect(parse("<ul><li>one<li>two</ul><ol><li>a</li><li>b<ul><li>inner</li></ul></li></ol>") == [
            para("one", indent: 1, marker: "• "), para("two", indent: 1, marker: "• "),
            para("a", indent: 1, marker: "1. "), para("b", indent: 1, marker: "2. "),
            para("inner", indent: 2, marker: "• "),
        ])
        #expect(parse("<blockquote><p>quoted</p></blockquote>said") == [
            para("quoted", quote: true), para("said"),
        ])
    }

    /// Hacker News has no `<blockquote>`: people quote with `>` at the start of a paragraph.
    @Test func greaterThanParagraphsAreQuotes() {
        #expect(parse("<p>&gt; you said this\n<p>I disagree") == [para("you said this", quote: true), para("I disagree")])
        #expect(parse("a &gt; b") == [para("a > b")])
    }

    @Test func scriptStyleAndCommentsDropped() {
        let html = "<head><title>T</title></head><style>p{color:red}</style>a<script>document.write('<p>x</p>')</script>b<!-- <p>hidden</p> -->c"
        #expect(parse(html) == [para("abc")])
    }

    @Test func hostileControlsNeverSurvive() {
        let html = "<p>\u{1B}]0;owned\u{07}title &#27;[31mred&#x1b;[0m \u{9B}2J&#x9b;H \u{202E}evil\u{200B}</p>"
            + "<pre>  \u{1B}[2J  keep &#27;]2;t&#7;\n\u{202E}x</pre>"
        let blocks = parse(html)
        let text = blocks.flatMap(\.lines).joined(separator: "\n")
        for scalar in text.unicodeScalars {
            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar != "\u{202E}" && scalar != "\u{200B}" || scalar == "\n",
                    "control U+\(String(scalar.value, radix: 16)) survived")
        }
        #expect(blocks.first == para("title red evil"))
        #expect(blocks.last?.kind == .preformatted)
        #expect(blocks.last?.lines.first?.hasPrefix("  ") == true)
    }

    /// A table's cells were run together (`OptionDefaultMeaning`, a README's options table in a
    /// GitHub detail): each row is a line with its cells in aligned columns.
    @Test func tableRowsKeepTheirCellsApart() {
        let blocks = parse(
            "<table><thead><tr><th>Option</th><th>Default</th><th>Meaning</th></tr></thead>"
                + "<tbody><tr><td><code>--jobs</code></td><td>4</td><td>workers</td></tr><tr><td>--quiet</td><td></td><td>no output</td></tr></tbody></table>")
        #expect(blocks.map(\.lines) == [["Option   Default  Meaning", "--jobs   4        workers", "--quiet           no output"]])
    }
}
