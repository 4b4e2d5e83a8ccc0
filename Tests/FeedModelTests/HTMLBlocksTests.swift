import FeedModel
import Testing

@Suite struct HTMLBlocksTests {
    private func para(_ lines: String..., indent: Int = 0, marker: String? = nil, quote: Bool = false) -> TextBlock {
        TextBlock(.paragraph, lines: lines, indent: indent, marker: marker, isQuote: quote)
    }

    private func code(_ lines: String...) -> TextBlock { TextBlock(.preformatted, lines: lines) }

    @Test func paragraphsAndBreaks() {
        #expect(HTMLBlocks.parse("First  para\nsame line<p>Second<br>line two<br/>three") == [
            para("First para same line"), para("Second", "line two", "three"),
        ])
        #expect(HTMLBlocks.parse("<p></p><p>  </p>") == [])
        #expect(HTMLBlocks.parse("") == [])
    }

    @Test func nestedAndUnclosedTags() {
        #expect(HTMLBlocks.parse("<p><i>a <b>bold</i> move</b><p>next") == [para("a bold move"), para("next")])
        // A `<` that opens no tag is text; a tag left open ends with the input.
        #expect(HTMLBlocks.parse("1 < 2 and 3<4 <b unclosed") == [para("1 < 2 and 3<4 <b unclosed")])
        #expect(HTMLBlocks.parse("<div><p>inside<div>deeper") == [para("inside"), para("deeper")])
    }

    @Test func entities() {
        #expect(HTMLBlocks.parse("a &amp; b &lt;c&gt; &#39;d&#x27; &#X41;&quot;") == [para("a & b <c> 'd' A\"")])
        // Unknown, unterminated and invalid references stay text; NUL and surrogates become U+FFFD.
        #expect(HTMLBlocks.parse("&bogus; &amp &#xZZ; &#; &#x; &#0; &#xD800; &#x110000;") == [
            para("&bogus; &amp &#xZZ; &#; &#x; \u{FFFD} \u{FFFD} \u{FFFD}"),
        ])
        // A decoded `<` opens no tag.
        #expect(HTMLBlocks.parse("&lt;script&gt;alert(1)&lt;/script&gt;") == [para("<script>alert(1)</script>")])
    }

    @Test func links() {
        #expect(HTMLBlocks.parse(#"See <a href="https://example.com/docs?a=1&amp;b=2">the docs</a>."#) == [
            para("See the docs (https://example.com/docs?a=1&b=2)."),
        ])
        // Text equal to the URL is shown once.
        #expect(HTMLBlocks.parse(#"<a href="https://example.com/x" rel="nofollow">https://example.com/x</a>"#) == [
            para("https://example.com/x"),
        ])
        // HN's shortened link text is replaced by the whole URL.
        #expect(HTMLBlocks.parse(#"go <a href="https://example.com/a/very/long/path/to/it">https://example.com/a/very/lo...</a> now"#) == [
            para("go https://example.com/a/very/long/path/to/it now"),
        ])
        #expect(HTMLBlocks.parse(#"<a href='#top'>top</a> <a href=https://x.org/p>bare</a> <a>none</a>"#) == [
            para("top bare (https://x.org/p) none"),
        ])
    }

    @Test func codeBlocksKeepSpacesAndLongLines() {
        let long = String(repeating: "x", count: 300)
        let html = "<p>Try:<pre><code>  if a &lt; b {\n      call(&quot;&amp;&quot;)\n  }\n\(long)\n</code></pre>after"
        #expect(HTMLBlocks.parse(html) == [
            para("Try:"), code("  if a < b {", "      call(\"&\")", "  }", long), para("after"),
        ])
        // Tags inside a code block are dropped, entities decoded, tabs expanded.
        #expect(HTMLBlocks.parse("<pre>\ta<b>b</b>\n<i>c</i></pre>") == [code("    ab", "c")])
        // Unclosed pre runs to the end.
        #expect(HTMLBlocks.parse("<pre>  x\n  y") == [code("  x", "  y")])
    }

    @Test func lists() {
        #expect(HTMLBlocks.parse("<ul><li>one<li>two</ul><ol><li>a</li><li>b<ul><li>inner</li></ul></li></ol>") == [
            para("one", indent: 1, marker: "• "), para("two", indent: 1, marker: "• "),
            para("a", indent: 1, marker: "1. "), para("b", indent: 1, marker: "2. "),
            para("inner", indent: 2, marker: "• "),
        ])
        #expect(HTMLBlocks.parse("<blockquote><p>quoted</p></blockquote>said") == [
            para("quoted", indent: 1, quote: true), para("said"),
        ])
    }

    @Test func scriptStyleAndCommentsDropped() {
        let html = "<head><title>T</title></head><style>p{color:red}</style>a<script>document.write('<p>x</p>')</script>b<!-- <p>hidden</p> -->c"
        #expect(HTMLBlocks.parse(html) == [para("abc")])
    }

    @Test func hostileControlsNeverSurvive() {
        let html = "<p>\u{1B}]0;owned\u{07}title &#27;[31mred&#x1b;[0m \u{9B}2J&#x9b;H \u{202E}evil\u{200B}</p>"
            + "<pre>  \u{1B}[2J  keep &#27;]2;t&#7;\n\u{202E}x</pre>"
        let blocks = HTMLBlocks.parse(html)
        let text = blocks.flatMap(\.lines).joined(separator: "\n")
        for scalar in text.unicodeScalars {
            #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && scalar != "\u{202E}" && scalar != "\u{200B}" || scalar == "\n",
                    "control U+\(String(scalar.value, radix: 16)) survived")
        }
        #expect(blocks.first == para("title red evil"))
        #expect(blocks.last?.kind == .preformatted)
        #expect(blocks.last?.lines.first?.hasPrefix("  ") == true)
    }

    @Test func plainTextParagraphs() {
        #expect(HTMLBlocks.plain("one\ntwo\n\n\nthree\u{1B}[31m") == [para("one", "two"), para("three")])
    }

    @Test func keepingLayoutCleansEveryPiece() {
        #expect(TextSanitizer.cleanKeepingLayout("  a\u{1B}[1m  b\t\u{7}c\r\n d") == "  a  b    c\n d")
    }

    /// A table's cells were run together (`OptionDefaultMeaning`, a README's options table in a
    /// GitHub detail): each row is a line with its cells apart.
    @Test func tableRowsKeepTheirCellsApart() {
        let blocks = HTMLBlocks.parse(
            "<table><thead><tr><th>Option</th><th>Default</th><th>Meaning</th></tr></thead>"
                + "<tbody><tr><td><code>--jobs</code></td><td>4</td><td>workers</td></tr><tr><td>--quiet</td><td></td><td>no output</td></tr></tbody></table>")
        #expect(blocks.map(\.lines) == [["Option │ Default │ Meaning"], ["--jobs │ 4 │ workers"], ["--quiet │ │ no output"]])
    }
}

