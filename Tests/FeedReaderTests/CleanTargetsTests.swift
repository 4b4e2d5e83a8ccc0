@testable import FeedReader
import FeedMarkup
import FeedModel
import FeedReplica
import Foundation
import Testing
import FeedTestSupport

/// `Pass.clean` walks the article once and hands each step the elements it found that are still
/// in the article (`CleanTargets`), where it walked the article again for each step: the two
/// must make the same changes. Every pass, under each set of rules the retries use, is run both
/// ways on copies of one tree and the results compared node for node (the article, the whole
/// tree, parents and kept measures, and the number of changes): on every corpus page, every
/// replica article page and random pages made of what the steps look for, nested.
@Suite struct CleanTargetsTests {
    @Test(.offThePool, arguments: CorpusTests.pages)
    func oneWalkCleansAsAWalkAStep(_ page: CorpusTests.Page) throws {
        expectSameCleaning(try [UInt8](Data(contentsOf: page.source)), contentType: "text/html", page.name)
    }

    @Test func replicaPagesAreCleanedTheSame() {
        for path in ReplicaCorpusTests.articlePaths {
            let page = ReplicaArticles.page(path, seed: 1, origin: ReplicaCorpusTests.origin)
            expectSameCleaning(page.body, contentType: page.contentType, "articles/\(path)")
        }
    }

    /// Forms in tables in forms, headings in headings, empty paragraphs in removed blocks,
    /// share bars, one-cell tables nested: each step's elements inside one an earlier step took
    /// out are where the two ways could part.
    static let pieces = [
        "<div>", "</div>", "<div class=\"share\">", "<div class=\"sidebar\">", "<div class=\"content\">", "<form>", "</form>",
        "<fieldset>", "</fieldset>", "<table>", "<table role=presentation>", "</table>", "<tr><td>", "</td></tr>", "<th>", "<ul><li>",
        "</li></ul>", "<li>", "<h1>", "</h1>", "<h2 class=\"comment\">", "<h2>", "</h2>", "<p>", "</p>", "<p></p>", "<aside>",
        "</aside>", "<nav>", "</nav>", "<input>", "<button>b</button>", "<iframe src=\"/f\"></iframe>", "<img src=\"/i.png\">",
        "<a href=\"/x\">a link</a>", "<a href=\"#top\">top</a>", "<pre>", "</pre>", "<code>c</code>", "<figure>", "</figure>",
        "Some words, with commas, and more words to score. ", String(repeating: "A sentence of prose, long enough. ", count: 12),
        "<embed>", "<object>", "</object>", "<footer>f</footer>", "<textarea>t</textarea>", "<select><option>o</select>",
    ]

    @Test(.offThePool) func nestedMarkupIsCleanedTheSame() {
        var random = SplitMix64(seed: 2811)
        for number in 0..<300 {
            var html = "<html><head><title>A title of some words</title></head><body>"
            for _ in 0..<(20 + Int(random.next() % 80)) { html += Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }
            expectSameCleaning(Array(html.utf8), contentType: "text/html; charset=utf-8", "case \(number): \(html.debugDescription.prefix(300))")
        }
    }

    /// A step that left out an element is noticed: a tree where the one walk is handed less.
    @Test func aDifferentCleaningIsNoticed() {
        let html = "<body><div><p>Prose, of course, long enough to count as the article here, and more.</p><p></p><h1>h</h1></div></body>"
        let a = HTMLDocument.parse(html).root, b = HTMLDocument.parse(html).root
        var pass = Pass(flags: .all, title: "", candidateCount: 5)
        let cleaned = pass.grab(a)
        var other = Pass(flags: .all, title: "", candidateCount: 5)
        other.walksEachStep = true
        let reference = other.grab(b)
        #expect(HTMLEditsTests.difference(cleaned, reference) == nil)
        reference.children.first?.children.last.map { $0.remove() }
        #expect(HTMLEditsTests.difference(cleaned, reference) != nil)
    }

    private func expectSameCleaning(_ bytes: [UInt8], contentType: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let document = HTMLDocument.parse(bytes: bytes, contentType: contentType)
        let title = Metadata.read(document).title
        ArticleExtractor.prepare(document.root)
        for flags in HTMLEditsTests.ruleSets {
            let (one, each) = (document.root.copy(), document.root.copy())
            let (oneEdits, eachEdits) = (HTMLEdits(), HTMLEdits())
            var pass = Pass(flags: flags, title: title, candidateCount: 5, edits: oneEdits)
            var reference = Pass(flags: flags, title: title, candidateCount: 5, edits: eachEdits)
            reference.walksEachStep = true
            let (article, expected) = (pass.grab(one), reference.grab(each))
            _ = (article.textMeasure, expected.textMeasure, one.textMeasure, each.textMeasure)
            let difference = HTMLEditsTests.difference(article, expected, path: "article") ?? HTMLEditsTests.difference(one, each)
            #expect(difference == nil, "\(label) \(flags.rawValue): \(difference ?? "")", sourceLocation: sourceLocation)
            #expect(oneEdits.count == eachEdits.count, "\(label) \(flags.rawValue): \(oneEdits.count) changes against \(eachEdits.count)", sourceLocation: sourceLocation)
        }
    }
}
