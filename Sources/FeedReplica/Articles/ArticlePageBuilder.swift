import FeedModel

/// Builds one generated article page: the article's blocks first (their plain text is the truth),
/// then the template's boilerplate around them.
struct ArticlePageBuilder {
    let template: ReplicaArticle.Template
    let id: Int
    let origin: String
    /// The title and byline a feed entry gave its page (`nil`: the template's own).
    var givenTitle: String? = nil
    var givenByline: String? = nil
    /// Below the replica's root: `articles/3`, `feeds/rss-paged/posts/7`.
    var path: String? = nil

    private static let nouns = [
        "scheduler", "cache", "parser", "compiler", "kernel", "database", "queue", "index", "protocol", "renderer",
        "allocator", "pipeline", "router", "terminal", "shell", "library", "network", "buffer", "thread", "server",
    ]
    private static let adjectives = [
        "small", "careful", "forgotten", "concurrent", "patient", "noisy", "stubborn", "quiet", "shared", "fragile",
    ]
    private static let verbs = [
        "waits for", "rewrites", "measures", "replaces", "protects", "slows down", "outlives", "ignores", "copies",
        "explains",
    ]
    private static let places = [
        "in production", "on a laptop", "under load", "after midnight", "in the test suite", "behind a proxy",
        "on two cores", "across the fleet",
    ]
    private static let people = ["Ada Byron", "Grace Murray", "Ken Iverson", "Barbara Liskov", "Edsger Wybe", "Frances Allen"]

    private func sentence(_ rng: inout SeededRandom) -> String {
        let a = rng.pick(Self.adjectives), n1 = rng.pick(Self.nouns), v = rng.pick(Self.verbs), n2 = rng.pick(Self.nouns)
        switch rng.below(4) {
        case 0: return "The \(a) \(n1) \(v) the \(n2) \(rng.pick(Self.places)), and nobody notices until the numbers come in."
        case 1: return "When the \(n1) \(v) a \(a) \(n2), every request pays for it, sometimes twice."
        case 2: return "We measured \(10 + rng.below(90)) runs of the \(n1) \(rng.pick(Self.places)), and the \(n2) was never the problem."
        default: return "A \(a) \(n2) is cheaper than it looks, but only if the \(n1) keeps its promises."
        }
    }

    private func paragraph(_ rng: inout SeededRandom) -> String {
        (0..<(3 + rng.below(3))).map { _ in sentence(&rng) }.joined(separator: " ")
    }

    private func title(_ rng: inout SeededRandom) -> String {
        switch template {
        case .news: return "City council votes to keep the \(rng.pick(Self.nouns)) running"
        case .blog: return "What I learned rewriting our \(rng.pick(Self.nouns)) in a weekend"
        case .docs: return "Configuring the \(rng.pick(Self.nouns))"
        case .forum: return "Why does my \(rng.pick(Self.nouns)) stall on two cores?"
        }
    }

    func build(_ rng: inout SeededRandom) -> ReplicaArticle {
        // Drawn either way, so a page's text does not depend on whether it was given a title.
        let generatedTitle = title(&rng), generatedAuthor = rng.pick(Self.people)
        let title = givenTitle ?? generatedTitle
        let author = givenByline ?? generatedAuthor
        var truth: [String] = []
        var article = ""
        var linked = 0
        func p(_ text: String) {
            truth.append(text)
            // Every other paragraph links its first words to another article, as prose does.
            let words = text.split(separator: " ", maxSplits: 3).map(String.init)
            if truth.count % 2 == 0, words.count == 4 {
                linked += 1
                let target = (id + linked - 1) % ReplicaArticles.count + 1
                article += "<p><a href=\"\(origin)/articles/\(target)\">\(escape(words[0...2].joined(separator: " ")))</a> \(escape(words[3]))</p>\n"
            } else {
                article += "<p>\(escape(text))</p>\n"
            }
        }
        switch template {
        case .news:
            let lead = paragraph(&rng)
            truth.append(lead)
            article += "<p class=\"lead\"><strong>\(escape(lead))</strong></p>\n"
            let caption = "The \(rng.pick(Self.nouns)) room, photographed on a quiet morning."
            truth.append(caption)
            article += "<figure><img src=\"\(origin)/sprites/covers/article\(id).jpg\" alt=\"A machine room\" width=\"1000\" height=\"420\"><figcaption>\(escape(caption))</figcaption></figure>\n"
            for _ in 0..<(4 + rng.below(3)) { p(paragraph(&rng)) }
            let quote = sentence(&rng)
            truth.append(quote)
            article += "<blockquote><p>\(escape(quote))</p></blockquote>\n"
            for _ in 0..<2 { p(paragraph(&rng)) }
        case .blog:
            p(paragraph(&rng))
            let heading = "Where the time went"
            truth.append(heading)
            article += "<h2>\(heading)</h2>\n"
            p(paragraph(&rng))
            let code = ["func drain(_ queue: inout [Job]) {", "    while let job = queue.popLast() {", "        job.run()  // one at a time", "    }", "}"]
            truth.append(code.joined(separator: "\n"))
            article += "<pre><code>" + code.map(escape).joined(separator: "\n") + "\n</code></pre>\n"
            p(paragraph(&rng))
            let items = (0..<3).map { _ in sentence(&rng) }
            truth.append(items.joined(separator: "\n"))
            article += "<ul>\n" + items.map { "<li>\(escape($0))</li>\n" }.joined() + "</ul>\n"
            let heading2 = "What I would do again"
            truth.append(heading2)
            article += "<h2>\(heading2)</h2>\n"
            for _ in 0..<3 { p(paragraph(&rng)) }
        case .docs:
            p(paragraph(&rng))
            truth.append("Options")
            article += "<h2 id=\"options\">Options</h2>\n"
            let rows = [("Option", "Default", "Meaning"), ("timeout", "30", "Seconds before a request gives up"), ("retries", "1", "How often a failed request is tried again"), ("cap", "8 MiB", "The largest body accepted")]
            truth.append(rows.map { "\($0.0) \($0.1) \($0.2)" }.joined(separator: "\n"))
            article += "<table class=\"options\"><thead><tr><th>\(rows[0].0)</th><th>\(rows[0].1)</th><th>\(rows[0].2)</th></tr></thead><tbody>\n"
            article += rows.dropFirst().map { "<tr><td><code>\($0.0)</code></td><td>\(escape($0.1))</td><td>\(escape($0.2))</td></tr>\n" }.joined()
            article += "</tbody></table>\n"
            p(paragraph(&rng))
            let code = ["[network]", "timeout = 30", "retries = 1"]
            truth.append(code.joined(separator: "\n"))
            article += "<pre class=\"language-toml\">" + code.map(escape).joined(separator: "\n") + "</pre>\n"
            truth.append("Troubleshooting")
            article += "<h3>Troubleshooting</h3>\n"
            for _ in 0..<3 { p(paragraph(&rng)) }
            let steps = (0..<3).map { _ in sentence(&rng) }
            truth.append(steps.joined(separator: "\n"))
            article += "<ol>\n" + steps.map { "<li>\(escape($0))</li>\n" }.joined() + "</ol>\n"
        case .forum:
            for _ in 0..<3 { p(paragraph(&rng)) }
            let code = ["$ feedscroll --version", "feedscroll 0.9 (debug)"]
            truth.append(code.joined(separator: "\n"))
            article += "<pre>" + code.map(escape).joined(separator: "\n") + "</pre>\n"
            p(paragraph(&rng))
        }
        let comments = (0..<(3 + rng.below(3))).map { _ in (rng.pick(Self.people), paragraph(&rng)) }
        let related = (0..<5).map { _ in "The \(rng.pick(Self.adjectives)) \(rng.pick(Self.nouns)), revisited" }
        let html = ArticleTemplates.wrap(
            template, title: escape(title), author: escape(author), article: article, id: id, origin: origin,
            comments: comments.map { (escape($0.0), escape($0.1)) }, related: related.map(escape))
        return ReplicaArticle(
            path: path ?? String(id), template: template, title: title, byline: author, paragraphs: truth, body: Array(html.utf8),
            contentType: "text/html; charset=utf-8", status: 200, headers: [])
    }
}

/// HTML-escapes text for an element or a double-quoted attribute.
func escape(_ text: String) -> String {
    var out = ""
    for c in text {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default: out.append(c)
        }
    }
    return out
}
