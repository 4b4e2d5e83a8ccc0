import FeedMarkup
import FeedReader
import FeedReplica
import Foundation
import Testing

/// The extractor on every page the replica serves under `/articles`, whose true text the replica
/// knows because it built the page from it: four site templates with their boilerplate, a
/// windows-1252 page, and the pages that are not articles.
@Suite struct ReplicaCorpusTests {
    static let origin = "http://127.0.0.1:8765"
    static let articlePaths = (1...ReplicaArticles.count).map(String.init) + ["latin1"] + badBytes
    static let badBytes = ["cp1252-undefined", "undeclared", "euc-jp-broken"]

    @Test func everyReplicaArticleReadsBackItsOwnText() {
        var passing = 0
        var lines: [String] = []
        for path in Self.articlePaths {
            let page = ReplicaArticles.page(path, seed: 1, origin: Self.origin)
            let result = ArticleExtractor().read(bytes: page.body, contentType: page.contentType, url: URL(string: "\(Self.origin)/articles/\(path)"))
            let text = (try? result.get())?.text ?? ""
            let s = WordF1.score(extracted: text, expected: page.text)
            if s.f1 >= 0.9 { passing += 1 }
            lines.append(String(format: "articles/%@ (%@) f1=%.3f p=%.3f r=%.3f%@", path, page.template?.rawValue ?? "special", s.f1, s.precision, s.recall, s.f1 >= 0.9 ? "" : "  FAIL"))
        }
        let report = lines.joined(separator: "\n") + "\n\(passing)/\(Self.articlePaths.count) replica pages at word-F1 >= 0.9"
        print(report)
        #expect(Double(passing) / Double(Self.articlePaths.count) >= CorpusTests.goal, "\(report)")
    }

    /// Every feed entry's link is an article page with the entry's title and author: the
    /// extractor reads its text back (all four templates, non-ASCII and markup-like titles, the
    /// broken feeds' entries, the huge feed's last entry); a link to no entry is none.
    @Test func feedEntriesLinkToPagesTheReaderReads() throws {
        var lines: [String] = []
        var checked = 0
        for name in ["json-paged", "rss091", "broken-cp1252", "broken-entities", "huge"] {
            let entries = ReplicaFeeds.entries(name, origin: Self.origin)
            for entry in entries.prefix(8) {
                let index = try #require(Int(entry.url.split(separator: "/").last ?? ""))
                let page = try #require(ReplicaFeeds.post(name, index, origin: Self.origin), "\(entry.url)")
                let article = try ArticleExtractor().read(bytes: page.body, contentType: page.contentType, url: URL(string: entry.url)).get()
                let s = WordF1.score(extracted: article.text, expected: page.text)
                if s.f1 < 0.9 || article.title != entry.title || article.byline != entry.author {
                    lines.append("\(entry.url): f1=\(s.f1) title \(article.title) ≠ \(entry.title)? byline \(article.byline ?? "-")")
                }
                checked += 1
            }
        }
        #expect(lines.isEmpty, "\(lines.joined(separator: "\n"))")
        #expect(checked == 8 + 8 + 2 + 2 + 8)
        #expect(ReplicaFeeds.post("json-paged", 45, origin: Self.origin) == nil)
        #expect(ReplicaFeeds.post("broken-cp1252", 3, origin: Self.origin) == nil)
        #expect(ReplicaFeeds.post("no-such-feed", 1, origin: Self.origin) == nil)
    }

    @Test func titlesAndBylinesComeThrough() throws {
        for path in ["1", "2", "5"] {
            let page = ReplicaArticles.page(path, seed: 1, origin: Self.origin)
            let article = try #require(try? ArticleExtractor().read(bytes: page.body, contentType: page.contentType, url: nil).get())
            #expect(article.title == page.title)
            #expect(article.byline == page.byline)
        }
    }

    @Test func theLatin1PageDecodesFromItsMetaCharset() throws {
        let page = ReplicaArticles.page("latin1", seed: 1, origin: Self.origin)
        #expect(page.body.contains(0x80) && page.body.contains(0xE9))
        let article = try ArticleExtractor().read(bytes: page.body, contentType: page.contentType, url: nil).get()
        #expect(article.text.contains("12 € par personne"))
        #expect(article.text.contains("Über die Brücke"))
        #expect(article.title == "Le café de la gare")
    }

    /// Bytes that are not valid in the page's charset are read as U+FFFD and the page goes on,
    /// as browsers read it: libxml2 given the charset stopped at the first (the whole page was
    /// "not an article: no readable text"), and without one read Latin-1 from there on (the curly
    /// quotes of an undeclared windows-1252 paragraph became controls, UTF-8 after them mojibake).
    @Test(arguments: badBytes) func pagesWithBytesNotInTheirCharsetReadWhole(_ path: String) throws {
        let page = ReplicaArticles.page(path, seed: 1, origin: Self.origin)
        let article = try ArticleExtractor().read(bytes: page.body, contentType: page.contentType, url: nil).get()
        let paragraphs = article.text.components(separatedBy: "\n\n")
        for paragraph in page.paragraphs {
            #expect(paragraphs.contains(paragraph), "\(path): \(paragraph) not in \(paragraphs)")
        }
        #expect(article.title == page.title)
    }

    @Test func pagesThatAreNotArticlesAreNamed() {
        func verdict(_ path: String) -> Result<Article, NotAnArticle> {
            let page = ReplicaArticles.page(path, seed: 1, origin: Self.origin)
            return ArticleExtractor().read(bytes: page.body, contentType: page.contentType, url: nil)
        }
        #expect(verdict("paper.pdf") == .failure(.notHTML(contentType: "application/pdf")))
        #expect(verdict("app") == .failure(.needsJavaScript))
        #expect(verdict("empty") == .failure(.noReadableText))
        #expect(ReplicaArticles.page("nope", seed: 1, origin: Self.origin).status == 404)
        #expect(ReplicaArticles.page("moved", seed: 1, origin: Self.origin).status == 301)
    }
}
