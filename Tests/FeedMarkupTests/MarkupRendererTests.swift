import FeedMarkup
import Foundation
import Testing

private func render(_ html: String, base: String = "https://example.org/post/1") -> MarkupBlocks {
    MarkupRenderer.render(html: html, base: URL(string: base))
}

private func text(_ spans: [Span]) -> String { spans.plainText }

/// Real-world shapes of HTML (HN comments, Mastodon posts, blog bodies, broken markup) through
/// libxml2 and the tree-to-blocks renderer.
@Suite struct MarkupRendererTests {
    @Test func hackerNewsCommentParagraphsLinksAndCode() {
        // HN's `text`: paragraphs opened by <p> and never closed, an <a> with rel=nofollow, <pre><code>.
        let html = #"It works for me.<p>See <a href="https://github.com/x/y" rel="nofollow">https://github.com/x/y</a> &amp; the docs.<p><pre><code>  let x = 1\n    if x &gt; 0 { print(x) }\n</code></pre>"#
            .replacingOccurrences(of: "\\n", with: "\n")
        let out = render(html)
        #expect(out.blocks.count == 3)
        #expect(out.blocks[0].content == .paragraph([Span("It works for me.")]))
        #expect(out.blocks[1].content == .paragraph([Span("See "), Span("https://github.com/x/y", link: 1), Span(" & the docs.")]))
        #expect(out.blocks[2].content == .code(["  let x = 1", "    if x > 0 { print(x) }"]))
        #expect(out.links == [MarkupLink(n: 1, text: "https://github.com/x/y", url: "https://github.com/x/y")])
    }

    @Test func nestedListsKeepTheirDepthAndNumbers() {
        let html = "<ol start=3><li>Three<ul><li>inner a</li><li>inner <b>b</b><ol><li>deep</li></ol></li></ul></li><li>Four</ol><p>after"
        let blocks = render(html).blocks
        let shape = blocks.map { block -> String in
            switch block.content {
            case .item(let marker, let spans): return "\(block.indent) \(marker) \(text(spans))"
            case .paragraph(let spans): return "\(block.indent) p \(text(spans))"
            default: return "other"
            }
        }
        #expect(shape == ["0 3. Three", "1 • inner a", "1 • inner b", "2 1. deep", "0 4. Four", "0 p after"])
    }

    @Test func brokenMarkupIsRepairedByTheParser() {
        // Unclosed <p>, a stray </div>, misnested <b><i></b></i>, an unclosed <ul>.
        let html = "<div><p>one <b>bold <i>both</b> italic?</i><p>two</div></div><ul><li>item"
        let plain = MarkupText.plain(render(html).blocks)
        #expect(plain == "one bold both italic?\n\ntwo\n\n• item")
    }

    @Test func blockQuotesHeadingsAndHardBreaks() {
        let html = "<h2>Title <small>sub</small></h2><blockquote><p>quoted<br>line two</p><blockquote>deeper</blockquote></blockquote><p>tail</p>"
        let blocks = render(html).blocks
        #expect(blocks[0].content == .heading(level: 2, [Span("Title sub")]))
        #expect(blocks[1].content == .paragraph([Span("quoted"), Span("\n"), Span("line two")]))
        #expect(blocks[1].quoteLevel == 1)
        #expect(blocks[2].quoteLevel == 2)
        #expect(blocks[3].quoteLevel == 0)
    }

    @Test func figuresKeepTheirCaptionAndLazyPicturesResolve() {
        let html = #"""
        <figure><img data-src="/img/cat.jpg" src="data:image/gif;base64,R0lGOD" alt="A cat"><figcaption>The <a href="/cats">cat</a>, 2024</figcaption></figure>
        <p>Text <img src="https://cdn.example.org/x.png" alt="x"> more</p>
        """#
        let out = render(html)
        #expect(out.pictures == [MarkupPicture(url: "https://example.org/img/cat.jpg", alt: "A cat"), MarkupPicture(url: "https://cdn.example.org/x.png", alt: "x")])
        #expect(out.blocks[0].content == .figure(picture: 0, caption: [Span("The "), Span("cat", link: 1), Span(", 2024")]))
        #expect(out.blocks[1].content == .paragraph([Span("Text")]))
        #expect(out.blocks[2].content == .figure(picture: 1, caption: []))
        #expect(out.blocks[3].content == .paragraph([Span("more")]))
    }

    @Test func simpleTablesStayTablesLayoutTablesBecomeBlocks() {
        let data = "<table><thead><tr><th>Name</th><th>Size</th></tr></thead><tbody><tr><td>a.txt</td><td>12 KB</td></tr></tbody></table>"
        #expect(render(data).blocks.map(\.content) == [.table(rows: [[[Span("Name")], [Span("Size")]], [[Span("a.txt")], [Span("12 KB")]]], header: true)])
        let layout = "<table><tr><td><p>First paragraph of a layout table.</p><p>Second.</p></td><td><ul><li>nav</li></ul></td></tr></table>"
        #expect(MarkupText.plain(render(layout).blocks) == "First paragraph of a layout table.\n\nSecond.\n\n• nav")
    }

    @Test func linksAreNumberedOnceByAddressAndUnsafeOnesAreNotLinks() {
        let html = ##"<p><a href="/a">A</a> <a href="https://example.org/a">again</a> <a href="javascript:alert(1)">js</a> <a href="#top">top</a> <a href="/b&#x9b;31m">esc</a> <a href="mailto:x@y">mail</a></p>"##
        let out = render(html)
        #expect(out.links == [MarkupLink(n: 1, text: "A", url: "https://example.org/a")])
        #expect(out.blocks[0].content == .paragraph([Span("A", link: 1), Span(" "), Span("again", link: 1), Span(" js top esc mail")]))
    }

    @Test func baseElementDecidesRelativeLinks() {
        let out = render(#"<html><head><base href="https://cdn.example.net/docs/"></head><body><a href="guide.html">g</a></body></html>"#)
        #expect(out.links.first?.url == "https://cdn.example.net/docs/guide.html")
    }

    @Test func escapeSequencesInTextAndEntitiesNeverSurvive() {
        let html = "<p>red \u{1B}[31mtext\u{1B}[0m and &#27;]0;title&#7; and &#x9b;2J done</p><pre>code \u{1B}[2J\tend</pre>"
        let out = render(html)
        let all = MarkupText.plain(out.blocks)
        #expect(!all.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        // libxml2 drops the raw ESC (not a character HTML allows); what is left is plain text,
        // as a browser shows it. A decoded C1 CSI goes with its whole sequence.
        #expect(all.contains("red [31mtext[0m and ]0;title and done"))
        #expect(all.hasSuffix("code [2J    end"))
    }

    @Test func scriptsStylesAndHiddenElementsAreNotText() {
        let html = "<style>p{color:red}</style><script>var a = '<p>not text</p>';</script><p>seen</p><div hidden>unseen</div><noscript>enable js</noscript>"
        #expect(MarkupText.plain(render(html).blocks) == "seen")
    }

    @Test func preKeepsIndentationAndBreaksButDropsTheFirstNewline() {
        let html = "<pre>\n<span class=k>func</span> f() {\n\treturn 1<br>}\n\n</pre>"
        #expect(render(html).blocks.map(\.content) == [.code(["func f() {", "    return 1", "}"])])
    }
}
