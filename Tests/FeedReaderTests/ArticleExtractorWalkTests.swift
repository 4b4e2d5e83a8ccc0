@testable import FeedReader
import FeedMarkup
import FeedModel
import FeedReplica
import Foundation
import Testing

/// On a tree of its own, `ArticleExtractor.extract` walks the page once for what the metadata
/// and the pre-pass look at (`metadataAndPrepared`), where each walked the whole page. That
/// holds when the one walk gives each the elements its own walk found, in the same order, and
/// when reading the metadata leaves the tree as it was (the pre-pass comes after it): both are
/// checked on every corpus page, every replica article page and random pages.
@Suite struct ArticleExtractorWalkTests {
    @Test(arguments: CorpusTests.pages)
    func oneWalkFindsWhatEachWalkFound(_ page: CorpusTests.Page) throws {
        expectSameElements(try [UInt8](Data(contentsOf: page.source)), contentType: "text/html", page.name)
    }

    @Test func replicaPagesToo() {
        for path in ReplicaCorpusTests.articlePaths {
            let page = ReplicaArticles.page(path, seed: 1, origin: ReplicaCorpusTests.origin)
            expectSameElements(page.body, contentType: page.contentType, "articles/\(path)")
        }
    }

    static let pieces = [
        "<meta property=\"og:title\" content=\"A title\">", "<meta name=author content=\"Someone\">", "<meta>", "<script>x()</script>",
        "<script type=\"application/ld+json\">{\"@type\":\"NewsArticle\",\"headline\":\"H\"}</script>", "<noscript><img src=\"/n.png\"></noscript>",
        "<img src=\"/p.png\">", "<style>p{}</style>", "<template><p>t</p></template>", "<link rel=x>", "<font color=red>f</font>", "<br>", "<br><br>",
        "<div>", "</div>", "<p>", "</p>", "<title>T</title>", "<h1>Heading</h1>", "<head>", "</head>", "<body lang=en>", "text, and more text. ",
    ]

    @Test func randomPagesToo() {
        var random = SplitMix64(seed: 2813)
        for number in 0..<300 {
            let html = (0..<(1 + Int(random.next() % 40))).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
            expectSameElements(Array(html.utf8), contentType: "text/html; charset=utf-8", "case \(number): \(html.debugDescription.prefix(300))")
        }
    }

    private func expectSameElements(_ bytes: [UInt8], contentType: String, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let document = HTMLDocument.parse(bytes: bytes, contentType: contentType, url: URL(string: "https://example.com/a"))
        let root = document.root
        let (metadata, prepared) = ArticleExtractor.metadataAndPrepared(root)
        let ownMetadata = root.descendants(named: Metadata.tags), ownPrepared = root.descendants(named: ArticleExtractor.preparedTags)
        #expect(metadata.count == ownMetadata.count && zip(metadata, ownMetadata).allSatisfy { $0 === $1 }, "\(label): metadata", sourceLocation: sourceLocation)
        #expect(prepared.count == ownPrepared.count && zip(prepared, ownPrepared).allSatisfy { $0 === $1 }, "\(label): pre-pass", sourceLocation: sourceLocation)
        let before = root.copy()
        _ = (Metadata.read(document, found: metadata), document.language, document.baseURL)
        let difference = HTMLEditsTests.difference(root, before)
        #expect(difference == nil, "\(label): reading the metadata changed the tree: \(difference ?? "")", sourceLocation: sourceLocation)
    }
}
