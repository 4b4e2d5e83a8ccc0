import Testing

@testable import FeedSources

struct HTMLTextTests {
    @Test(arguments: [
        ("Ask HN: What&#x27;s new?", "Ask HN: What's new?"),
        ("Why CPU accesses &#39;aligned&#39; memory", "Why CPU accesses 'aligned' memory"),
        ("&quot;Q&quot; &amp; A &lt;tag&gt;", "\"Q\" & A <tag>"),
        ("caf&eacute; &hellip; &mdash; &nbsp;x", "café … — x"),
        ("&#128512; &#x1F600;", "😀 😀"),
        ("AT&T & friends &unknown; &#xZZ;", "AT&T & friends &unknown; &#xZZ;"),
        ("a < b and c > d", "a < b and c > d"),
        ("<p>one</p><p>two<br>three</p>", "one two three"),
        ("  lots \n of\t\tspace  ", "lots of space"),
        ("<b>bold</b> and <i>italic</i>", "bold and italic"),
        ("x<!-- hidden -->y", "xy"),
        ("bell\u{07}ring", "bell\u{07}ring"),  // controls are left for TextSanitizer (HTMLTextControlTests)
        ("&amp;lt;", "&lt;"),
        ("", ""),
    ])
    func plainTitle(html: String, expected: String) {
        #expect(HTMLText.plainTitle(html) == expected)
    }

    @Test func paragraphsAndBreaksBecomeLines() async {
        let html = "<p>I want to map &#x27;things&#x27;.</p><p>Line one<br>line two</p>"
        #expect(HTMLText.text(html) == "I want to map 'things'.\n\nLine one\nline two")
    }

    @Test func preformattedBlocksKeepTheirLines() async {
        let html = "Try this:<p><pre><code>  let a = 1\n  let b = &quot;2&quot;\n</code></pre>done"
        #expect(HTMLText.text(html) == "Try this:\n\nlet a = 1\nlet b = \"2\"\n\ndone")
        #expect(HTMLText.plainTitle(html) == "Try this: let a = 1 let b = \"2\" done")
    }

    @Test func mastodonInvisibleSpansHideAndEllipsisAddsDots() async {
        let content = #"<p>&quot;I lost my inheritance ...&quot;</p><p><a href="https://www.theguardian.com/money/2019/dec/07/x" rel="nofollow noopener noreferrer" target="_blank"><span class="invisible">https://www.</span><span class="ellipsis">theguardian.com/money/2019/dec</span><span class="invisible">/07/x</span></a></p>"#
        #expect(HTMLText.plainTitle(content) == "\"I lost my inheritance ...\" theguardian.com/money/2019/dec…")
        #expect(HTMLText.text(content) == "\"I lost my inheritance ...\"\n\ntheguardian.com/money/2019/dec…")
    }

    @Test func nestedSpansInsideInvisibleStayHidden() async {
        #expect(HTMLText.plainTitle(#"a<span class="invisible">b<span>c</span>d</span>e"#) == "ae")
    }

    @Test func scriptAndStyleBodiesVanish() async {
        let html = "<html><head><title>T</title><style>p{}</style></head><body><script>if (a < b) {}</script>Body</body></html>"
        #expect(HTMLText.plainTitle(html) == "Body")
    }

    @Test func decodeEntitiesLeavesTags() async {
        #expect(HTMLText.decodeEntities("https://x/?a=1&amp;s=2") == "https://x/?a=1&s=2")
        #expect(HTMLText.decodeEntities("<b>&amp;</b>") == "<b>&</b>")
    }
}
