import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// A Wikipedia edit's diff: the compare answer as THREADS-AND-FEEDS.md T7 records it
/// (wikidiff2's rows, and the older PHP table formatter's, whose marker is text).
struct WikipediaDiffSourceTests {
    static let base = "http://127.0.0.1:8080/wikipedia/w"
    static let query = "action=compare&fromrev=833218500&torelative=prev&prop=diff%7Cids%7Ctitle%7Cuser%7Ccomment%7Ctimestamp%7Csize%7Crel&format=json&formatversion=2"
    static let rows = #"""
        <tr>\n  <td colspan=\"2\" class=\"diff-lineno\">Line 12:</td>\n  <td colspan=\"2\" class=\"diff-lineno\">Line 12:</td>\n</tr>\n
        <tr>\n  <td class=\"diff-marker\"></td>\n  <td class=\"diff-context diff-side-deleted\"><div>Cells &amp; tissues</div></td>\n
          <td class=\"diff-marker\"></td>\n  <td class=\"diff-context diff-side-added\"><div>Cells &amp; tissues</div></td>\n</tr>\n
        <tr>\n  <td class=\"diff-marker\" data-marker=\"−\"></td>\n  <td class=\"diff-deletedline diff-side-deleted\"><div>The <del class=\"diffchange diffchange-inline\">old</del> word</div></td>\n
          <td class=\"diff-marker\" data-marker=\"+\"></td>\n  <td class=\"diff-addedline diff-side-added\"><div>The <ins class=\"diffchange diffchange-inline\">new</ins> word</div></td>\n</tr>\n
        <tr>\n  <td colspan=\"2\" class=\"diff-empty diff-side-deleted\"></td>\n  <td class=\"diff-marker\" data-marker=\"+\"></td>\n
          <td class=\"diff-addedline diff-side-added\"><div>A line &lt;ref&gt; put in</div></td>\n</tr>\n
        <tr><td class='diff-marker'>−</td><td class='diff-deletedline'><div>An old-style line taken out</div></td><td colspan='2' class='diff-empty'>&#160;</td></tr>
        """#

    func body(_ rows: String) -> String {
        #"{"compare":{"fromid":13570,"fromrevid":833218201,"fromtitle":"Histology","toid":13570,"torevid":833218500,"totitle":"Histology","#
            + #""touser":"Iztwoz","totimestamp":"2018-03-30T09:05:22Z","tocomment":"/* Tissues */ ce","body":"\#(rows)"}}"#
    }

    @Test func theDiffIsTheBodyWithEveryLineMarkedInText() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/api.php?\(Self.query)", body: body(Self.rows.replacingOccurrences(of: "\n", with: "")))
        let source = try #require(WikipediaDiffSource.forItem("wikipedia:1041353213@833218500", baseURL: URL(string: Self.base)!, transport: transport))
        let page = try await source.load(source.firstKey, pageSize: 20)
        #expect(page.items.isEmpty && page.next == nil)
        let subject = try #require(page.subject)
        #expect(subject.id == "wikipedia:1041353213@833218500")
        #expect(subject.title == "Histology" && subject.author == "Iztwoz")
        #expect(subject.bodyHTML == [
            "<p><em>/* Tissues */ ce</em></p>",
            "<p><strong>Line 12:</strong></p>",
            "<p>\u{A0}\u{A0}Cells &amp; tissues</p>",
            "<p>\u{2212} The [-old-] word</p>",
            "<p>+ The {+new+} word</p>",
            "<p>+ A line &lt;ref&gt; put in</p>",
            "<p>\u{2212} An old-style line taken out</p>",
        ].joined(separator: "\n"))
    }

    /// `--thread` in a pipe: the diff's lines are the thread, each a record under its hunk's
    /// header, the header under the edit, with the edit's author and time and what changed.
    @Test func streamedTheDiffsLinesAreTheThread() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/api.php?\(Self.query)", body: body(Self.rows.replacingOccurrences(of: "\n", with: "")))
        let change = try #require(WikipediaDiffSource.change("833218500"))
        #expect(change.itemID == "wikipedia:@833218500" && change.revisionID == 833_218_500)
        let source = WikipediaDiffSource(itemID: change.itemID, revisionID: change.revisionID, baseURL: URL(string: Self.base)!,
                                         transport: transport, streamsLines: true)
        let page = try await source.load(source.firstKey, pageSize: 20)
        #expect(page.items.map(\.title) == ["Line 12:", "  Cells & tissues", "\u{2212} The [-old-] word", "+ The {+new+} word",
                                            "+ A line <ref> put in", "\u{2212} An old-style line taken out"])
        #expect(page.items.map(\.id) == (1...6).map { "wikipedia:@833218500/\($0)" })
        #expect(page.items.map(\.depth) == [0, 1, 1, 1, 1, 1])
        #expect(page.items.map(\.parentID) == ["wikipedia:@833218500"] + Array(repeating: "wikipedia:@833218500/1", count: 5))
        #expect(page.items.map { $0.facts.first { $0.name == "change" }?.value } ==
                ["header", "context", "removed", "added", "added", "removed"].map { .text($0) })
        #expect(page.items.allSatisfy { $0.author == "Iztwoz" && $0.time == 1_522_400_722 && $0.body == $0.title })
        #expect(page.next == nil && page.subject?.title == "Histology")
        #expect(transport.requestedURLs.count == 1)
    }

    /// What `--thread` takes for an edit: the id `--json` prints, a revision, a diff's address.
    @Test(arguments: [
        ("wikipedia:1041353213@833218500", "wikipedia:1041353213@833218500", 833_218_500),
        ("833218500", "wikipedia:@833218500", 833_218_500),
        ("https://en.wikipedia.org/w/index.php?title=Histology&diff=833218500&oldid=833218201", "wikipedia:@833218500", 833_218_500),
        ("https://en.wikipedia.org/w/index.php?title=Histology&diff=prev&oldid=833218500", "wikipedia:@833218500", 833_218_500),
        ("https://en.wikipedia.org/wiki/Special:Diff/833218500", "wikipedia:@833218500", 833_218_500),
        ("https://en.wikipedia.org/wiki/Special:Diff/833218201/833218500", "wikipedia:@833218500", 833_218_500),
    ] as [(String, String, Int64)])
    func anEditIsNamedAsUsersCopyIt(_ text: String, _ itemID: String, _ revision: Int64) throws {
        let change = try #require(WikipediaDiffSource.change(text))
        #expect(change.itemID == itemID && change.revisionID == revision)
    }

    @Test func whatIsNotAnEditIsRefused() {
        for text in ["", "0", "-3", "wikipedia:12", "wikipedia:1@x", "https://en.wikipedia.org/wiki/Histology",
                     "https://en.wikipedia.org/w/index.php?diff=next&oldid=833218500", "833218500abc"] {
            #expect(WikipediaDiffSource.change(text) == nil, "\(text)")
        }
    }

    @Test func aRevisionThatCannotBeDiffedIsOneClearError() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/api.php?\(Self.query)", body: #"{"error":{"code":"nosuchrevid","info":"There is no revision with ID 833218500."}}"#)
        let source = WikipediaDiffSource(itemID: "wikipedia:1@833218500", revisionID: 833218500, baseURL: URL(string: Self.base)!, transport: transport)
        do {
            _ = try await source.load(source.firstKey, pageSize: 20)
            Issue.record("no error")
        } catch {
            #expect(error.message == "wikipedia: There is no revision with ID 833218500. (nosuchrevid)")
            #expect(!error.isRetryable)
        }
    }

    @Test func onlyEditsWithARevisionHaveADiff() {
        let base = URL(string: Self.base)!
        #expect(WikipediaDiffSource.forItem("wikipedia:5@7", baseURL: base, transport: FakeTransport())?.revisionID == 7)
        #expect(WikipediaDiffSource.forItem("wikipedia:5", baseURL: base, transport: FakeTransport()) == nil)
        #expect(WikipediaDiffSource.forItem("reddit:5@7", baseURL: base, transport: FakeTransport()) == nil)
    }

    /// `prop=diff` was asked for, so a compare answer without `body` is malformed unless it says
    /// the text is hidden (`fromtexthidden`/`totexthidden`, T7): never a silently empty diff.
    @Test func aDiffWithoutItsBodyIsAnErrorUnlessTheTextIsHidden() async throws {
        let transport = FakeTransport()
        let source = WikipediaDiffSource(itemID: "wikipedia:1@833218500", revisionID: 833218500, baseURL: URL(string: Self.base)!, transport: transport)
        transport.serve("\(Self.base)/api.php?\(Self.query)", body: #"{"compare":{"fromrevid":833218201,"torevid":833218500,"totitle":"Histology"}}"#)
        do {
            _ = try await source.load(source.firstKey, pageSize: 20)
            Issue.record("no error")
        } catch {
            #expect(error.message.hasPrefix("wikipedia: "), "\(error.message)")
            #expect(error.message.contains("body"), "\(error.message)")
        }
        transport.serve("\(Self.base)/api.php?\(Self.query)", body: #"{"compare":{"fromrevid":833218201,"torevid":833218500,"totitle":"Histology","totexthidden":true}}"#)
        let page = try await source.load(source.firstKey, pageSize: 20)
        #expect(page.subject?.bodyHTML == "<p>(the text of this revision is hidden)</p>")
    }
}

