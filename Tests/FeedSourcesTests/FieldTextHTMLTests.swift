import Testing

@testable import FeedSources

/// An HTML field's plain forms (`FieldText.htmlLine` for titles, `htmlText` for `--plain` and
/// `--json`), now FeedMarkup's (`MarkupFragment`): the cases of the hand-written `HTMLText`
/// they replaced (issue 20).
struct FieldTextHTMLTests {
    @Test(arguments: [
        ("Ask HN: What&#x27;s new?", "Ask HN: What's new?"),
        ("Why CPU accesses &#39;aligned&#39; memory", "Why CPU accesses 'aligned' memory"),
        ("&quot;Q&quot; &amp; A &lt;tag&gt;", "\"Q\" & A <tag>"),
        ("caf&eacute; &hellip; &mdash; &nbsp;x", "café … — x"),
        ("&#128512; &#x1F600;", "😀 😀"),
        // Unknown entities and bare `&` stay text; libxml2 drops a numeric reference's broken
        // `&#x` (the old renderer kept `&#xZZ;` whole).
        ("AT&T & friends &unknown; &#xZZ;", "AT&T & friends &unknown; ZZ;"),
        ("a < b and c > d", "a < b and c > d"),
        ("<p>one</p><p>two<br>three</p>", "one two three"),
        ("  lots \n of\t\tspace  ", "lots of space"),
        ("<b>bold</b> and <i>italic</i>", "bold and italic"),
        ("x<!-- hidden -->y", "xy"),
        ("bell\u{07}ring", "bellring"),  // controls go at the gate (FieldTextControlTests)
        ("&amp;lt;", "&lt;"),
        // HN's 120-character prefixes can end inside a tag: no `<` from markup is left.
        (#"See <a href="https://example.com"#, "See"),
        (#"a &amp b &#38; c & d"#, "a &amp b & c & d"),
        ("", ""),
    ])
    func plainTitle(html: String, expected: String) {
        #expect(FieldText.htmlLine(html) == expected)
    }

    @Test func paragraphsAndBreaksBecomeLines() async {
        let html = "<p>I want to map &#x27;things&#x27;.</p><p>Line one<br>line two</p>"
        #expect(FieldText.htmlText(html) == "I want to map 'things'.\n\nLine one\nline two")
    }

    @Test func preformattedBlocksKeepTheirLines() async {
        let html = "Try this:<p><pre><code>  let a = 1\n  let b = &quot;2&quot;\n</code></pre>done"
        // Code keeps its indentation now (the old renderer trimmed it).
        #expect(FieldText.htmlText(html) == "Try this:\n\n  let a = 1\n  let b = \"2\"\n\ndone")
        #expect(FieldText.htmlLine(html) == "Try this: let a = 1 let b = \"2\" done")
    }

    @Test func mastodonInvisibleSpansHideAndEllipsisAddsDots() async {
        let content = #"<p>&quot;I lost my inheritance ...&quot;</p><p><a href="https://www.theguardian.com/money/2019/dec/07/x" rel="nofollow noopener noreferrer" target="_blank"><span class="invisible">https://www.</span><span class="ellipsis">theguardian.com/money/2019/dec</span><span class="invisible">/07/x</span></a></p>"#
        #expect(FieldText.htmlLine(content) == "\"I lost my inheritance ...\" theguardian.com/money/2019/dec…")
        #expect(FieldText.htmlText(content) == "\"I lost my inheritance ...\"\n\ntheguardian.com/money/2019/dec…")
    }

    @Test func nestedSpansInsideInvisibleStayHidden() async {
        #expect(FieldText.htmlLine(#"a<span class="invisible">b<span>c</span>d</span>e"#) == "ae")
    }

    @Test func scriptAndStyleBodiesVanish() async {
        let html = "<html><head><title>T</title><style>p{}</style></head><body><script>if (a < b) {}</script>Body</body></html>"
        #expect(FieldText.htmlLine(html) == "Body")
    }

    /// Escaped text (Stack Exchange titles) is decoded once and never read as markup.
    @Test func escapedTextLeavesTags() async {
        #expect(FieldText.escapedLine("https://x/?a=1&amp;s=2") == "https://x/?a=1&s=2")
        #expect(FieldText.escapedLine("<b>&amp;</b>") == "<b>&</b>")
    }
}
