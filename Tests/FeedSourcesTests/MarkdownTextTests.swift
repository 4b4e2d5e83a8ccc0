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

    /// Ink reads only fenced code; an indented block (four spaces or a tab after a blank line,
    /// as older READMEs write their install lines) would become a paragraph with its lines run
    /// together. It is kept as code, its indentation and blank lines inside it as written.
    @Test func anIndentedCodeBlockIsKeptAsCode() {
        let html = MarkdownText.html("## Installation\n\n    gem install octokit\n\n    # or\n      bundle add octokit\n\nThen require it.\n")
        #expect(html.contains("<pre><code>gem install octokit\n\n# or\n  bundle add octokit\n</code></pre>"), "\(html)")
        #expect(html.contains("<p>Then require it.</p>"), "\(html)")
        #expect(!html.contains("<p>gem install"), "\(html)")
    }

    /// What is not an indented code block stays as Ink reads it: a paragraph's indented
    /// continuation line, a list item's indented paragraph, and indented lines in a fenced block.
    @Test func indentedLinesThatAreNotCodeBlocksAreLeftAlone() {
        let continuation = MarkdownText.html("A paragraph\n    that goes on.\n")
        #expect(!continuation.contains("<pre>"), "\(continuation)")
        let list = MarkdownText.html("- item\n\n    more about the item\n")
        #expect(!list.contains("<pre>"), "\(list)")
        let fenced = MarkdownText.html("```\n    indented inside\n```\n")
        #expect(fenced.contains("<pre><code>    indented inside"), "\(fenced)")
        #expect(fenced.components(separatedBy: "<pre>").count == 2, "\(fenced)")
    }

    /// Markup in an indented block is code text, escaped like a fenced block's.
    @Test func anIndentedBlockEscapesItsMarkup() {
        let html = MarkdownText.html("Run:\n\n    if a < b && c > d { print(\"<b>\") }\n")
        #expect(html.contains("<pre><code>if a &lt; b &amp;&amp; c &gt; d { print(\"&lt;b&gt;\") }"), "\(html)")
    }
}
