import Testing

@testable import FeedSources

/// READMEs and issue bodies through Ink: what GitHub's Markdown holds becomes HTML the one
/// pipeline reads (code kept as written, tables, lists, quotes, links), including the HTML
/// blocks READMEs open with.
struct MarkdownTextTests {
    @Test func aReadmeBecomesHTML() {
        let html = MarkdownText.html("""
            # Tool

            Fast &lt;really&gt; and **small**.

            ## Install

            ```sh
            make install
            ```

            - one
            - two

            | Option | Default |
            |--------|---------|
            | `--jobs` | 4 |

            > quoted

            See [the docs](https://example.dev/docs).
            """)
        #expect(html.contains("<h1>Tool</h1>"))
        #expect(html.contains("<h2>Install</h2>"))
        #expect(html.contains("<pre><code class=\"language-sh\">make install"))
        #expect(html.contains("<li>one</li>"))
        #expect(html.contains("<table>"))
        #expect(html.contains("<blockquote>"))
        #expect(html.contains(#"<a href="https://example.dev/docs">the docs</a>"#))
    }

    @Test func anHTMLBlockAtTheTopLeavesTheRestMarkdown() {
        let html = MarkdownText.html("""
            <p align="center"><img src="logo.png" alt="logo"></p>

            # Title

            Text with `code`.
            """)
        #expect(html.contains("<h1>Title</h1>"), "\(html)")
        #expect(html.contains("<code>code</code>"), "\(html)")
    }
}
