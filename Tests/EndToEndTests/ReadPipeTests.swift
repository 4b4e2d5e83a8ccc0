import FeedReplica
import FeedTestSupport
import Foundation
import Testing

/// `feedscroll read` in pipes against `feedscroll serve`: the article of each template, the
/// windows-1252 page, a redirect, and every page that is not an article (one line, status 1).
@Suite(.serialized) struct ReadPipeTests {
    private func read(_ arguments: [String]) throws -> ChildProcess.Result {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        return try ChildProcess.run([FeedscrollBinary.path, "read"] + arguments, environment: environment)
    }

    /// `feedscroll serve`'s default seed: the pages it serves are the ones built here.
    static let seed = ReplicaConfiguration().seed

    private func origin(_ replica: ServeProcess) -> String { "http://127.0.0.1:\(replica.port)" }

    @Test func plainPrintsTheTitleABlankLineAndTheArticleOfEachTemplate() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let replica = try ServeProcess()
        defer { replica.stop() }
        for id in 1...4 {
            let page = ReplicaArticles.page(String(id), seed: Self.seed, origin: origin(replica))
            let result = try read(["--plain", "\(origin(replica))/articles/\(id)"])
            #expect(result.status == 0, "\(result.standardError)")
            let output = result.standardOutput
            #expect(output.hasPrefix(page.title + "\n\n"), "template \(page.template!.rawValue)")
            // Every paragraph and heading of the article is a line of its own, as written.
            let lines = Set(output.split(separator: "\n").map(String.init))
            for paragraph in page.paragraphs where !paragraph.contains("\n") {
                #expect(lines.contains(paragraph), "template \(page.template!.rawValue): \(paragraph.prefix(60))")
            }
            // And none of the page around it.
            for boilerplate in ["We use cookies", "Related stories", "wrote:", "All rights reserved", "Share on", "Guide page", "Advertisement"] {
                #expect(!output.contains(boilerplate), "template \(page.template!.rawValue): \(boilerplate)")
            }
            #expect(result.standardError.isEmpty)
        }
    }

    @Test func jsonIsOneObjectWithTheIssuesFieldsAfterTheRedirect() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let replica = try ServeProcess()
        defer { replica.stop() }
        let result = try read(["--json", "\(origin(replica))/articles/moved"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        try #require(lines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["url", "title", "byline", "site", "published", "lang", "excerpt", "text", "links", "pictures"])
        let page = ReplicaArticles.page("1", seed: Self.seed, origin: origin(replica))
        #expect(object["url"] as? String == "\(origin(replica))/articles/1")
        #expect(object["title"] as? String == page.title)
        #expect(object["byline"] as? String == page.byline)
        #expect(object["site"] as? String == "The Loopback Herald")
        #expect(object["lang"] as? String == "en")
        #expect(object["published"] as? Int == 1_714_642_200)
        #expect(object["text"] as? String == page.text)
        let pictures = try #require(object["pictures"] as? [[String: Any]])
        #expect(pictures.first?["url"] as? String == "\(origin(replica))/sprites/covers/article1.jpg")
        let links = try #require(object["links"] as? [[String: Any]])
        #expect(links.first?["n"] as? Int == 1)
    }

    @Test func theWindows1252PageReadsAsWritten() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let replica = try ServeProcess()
        defer { replica.stop() }
        let result = try read(["--plain", "\(origin(replica))/articles/latin1"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("La facture, qui dépasse désormais 12 € par personne"))
    }

    /// Bytes not valid in the page's charset are read as U+FFFD and the page goes on; nothing of
    /// libxml2's reaches stderr (it printed "encoding error : input conversion failed…" three
    /// times a parse, and the page was refused as having no text).
    @Test(arguments: ["cp1252-undefined", "undeclared", "euc-jp-broken"])
    func pagesWithBytesNotInTheirCharsetReadWholeAndQuietly(_ path: String) throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let replica = try ServeProcess()
        defer { replica.stop() }
        let page = ReplicaArticles.page(path, seed: ReplicaConfiguration().seed, origin: origin(replica))
        let result = try read(["--plain", "\(origin(replica))/articles/\(path)"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
        for paragraph in page.paragraphs {
            #expect(result.standardOutput.contains(paragraph), "\(paragraph)")
        }
    }

    @Test(arguments: [
        ("/articles/paper.pdf", "not an article: the page is application/pdf"),
        ("/articles/app", "not an article: the page needs JavaScript to show its text"),
        ("/articles/empty", "not an article: no readable text on the page"),
        ("/articles/nope", "HTTP 404 (404 Not Found)"),
        ("/sprites/bad/big.png", "response larger than 16 MB, refused"),
    ])
    func pagesThatAreNotArticlesAreOneLineAndStatus1(path: String, message: String) throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let replica = try ServeProcess()
        defer { replica.stop() }
        let result = try read(["--plain", origin(replica) + path])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("feedscroll: 127.0.0.1:\(replica.port): "), "\(result.standardError)")
        #expect(result.standardError.hasSuffix(message + "\n"), "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    @Test func aBadAddressIsAUsageError() throws {
        try #require(FeedscrollBinary.isBuilt, "build feedscroll first")
        let result = try read(["ftp://example.org/file"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("is not a web address"))
    }
}
