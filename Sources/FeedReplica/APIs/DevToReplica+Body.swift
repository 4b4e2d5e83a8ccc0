import FeedModel

extension DevToReplica {
    /// An article's whole body, as `/articles/{id}` gives it: `body_html` as DEV renders it
    /// (headings with their anchors, a highlighted code block, a list) and `body_markdown` as
    /// typed. The description the list shows is its first 140 characters, as DEV makes it; the
    /// body goes on from there (until 2026-11-27 the detail's body was that cut description).
    func body(of a: Article) -> (html: String, markdown: String) {
        // The first paragraph is the one the description was cut from: drawn again in
        // `article(_:)`'s order (title, author, body).
        var first = SeededRandom(seed: seed, salt: "devto", index: a.seq)
        _ = TextGenerator.title(&first)
        _ = TextGenerator.author(&first)
        let opening = TextGenerator.body(&first)
        var rng = SeededRandom(seed: seed, salt: "devto/body", index: a.seq)
        var html: [String] = []
        var markdown: [String] = []
        func paragraph(_ text: String) {
            guard !text.isEmpty else { return }
            html.append("<p>\(TextGenerator.htmlEscapeHN(text))</p>")
            markdown.append(text)
        }
        paragraph(opening)
        let sections = 1 + rng.below(3)
        for section in 0..<sections {
            let heading = rng.pick(Self.headings)
            let anchor = TextGenerator.slug(heading).replacingOccurrences(of: "_", with: "-")
            html.append("<h2>\n  <a name=\"\(anchor)\" href=\"#\(anchor)\"></a>\n  \(TextGenerator.htmlEscapeHN(heading))\n</h2>")
            markdown.append("## \(heading)")
            paragraph(TextGenerator.body(&rng))
            switch (section + rng.below(3)) % 3 {
            case 0:
                let code = rng.pick(Self.codeSamples)
                html.append("<div class=\"highlight js-code-highlight\">\n<pre class=\"highlight \(code.language)\"><code>"
                    + TextGenerator.htmlEscapeMinimal(code.text) + "\n</code></pre>\n</div>")
                markdown.append("```\(code.language)\n\(code.text)\n```")
            case 1:
                let items = (0..<(2 + rng.below(3))).map { _ in "\(rng.pick(TextGenerator.verbs)) the \(rng.pick(TextGenerator.techWords))" }
                html.append("<ul>\n" + items.map { "<li>\(TextGenerator.htmlEscapeHN($0))</li>" }.joined(separator: "\n") + "\n</ul>")
                markdown.append(items.map { "- \($0)" }.joined(separator: "\n"))
            default:
                paragraph(TextGenerator.lorem(&rng, words: 20 + rng.below(30)).capitalizedFirst + ".")
            }
        }
        return (html.joined(separator: "\n\n"), markdown.joined(separator: "\n\n"))
    }

    static let headings = ["Why it matters", "What we measured", "The fix", "Takeaways", "Setting it up", "What broke"]
    static let codeSamples: [(language: String, text: String)] = [
        ("shell", "$ swift build -c release\n$ ./.build/release/app --items 100 | head -n 3"),
        ("swift", "for try await page in pages where !page.items.isEmpty {\n    snapshot.append(page.items)  // a < b && b > c\n}"),
        ("rust", "fn main() {\n    let v: Vec<u8> = std::fs::read(\"feed.xml\").unwrap();\n    println!(\"{} bytes\", v.len());\n}"),
    ]
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
