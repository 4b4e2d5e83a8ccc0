@testable import FeedReader
import FeedMarkup
import Foundation
import Testing
import FeedTestSupport

/// A relaxed retry reads the same tree as the attempt before it, once `HTMLEdits.undo` has put
/// back what that attempt changed: after every pass of the extractor, under every set of rules
/// the retries use, on every corpus page, the tree must be the one before the pass, node for
/// node, parents and kept text measures included. A change a pass makes without going through
/// `HTMLEdits` shows here.
@Suite struct HTMLEditsTests {
    static let ruleSets: [ArticleExtractor.Flags] = [.all, [.weightClasses, .cleanConditionally], [.cleanConditionally], []]

    /// Where two trees differ (`nil`: nowhere), and whether every child's `parent` is its node.
    static func difference(_ a: HTMLNode, _ b: HTMLNode, path: String = "html") -> String? {
        if a.name != b.name { return "\(path): name \(a.name) against \(b.name)" }
        if a.text != b.text { return "\(path): text" }
        if a.attributes != b.attributes { return "\(path): attributes" }
        if a.textMeasure != b.textMeasure { return "\(path): kept measure \(a.textMeasure) against \(b.textMeasure)" }
        if a.children.count != b.children.count { return "\(path): \(a.children.count) children against \(b.children.count)" }
        for (index, (x, y)) in zip(a.children, b.children).enumerated() {
            if x.parent !== a { return "\(path)/\(index): parent" }
            if let found = difference(x, y, path: "\(path)/\(index) \(x.name)") { return found }
        }
        return nil
    }

    @Test(.offThePool, arguments: CorpusTests.pages)
    func undoingEveryPassGivesBackTheTree(_ page: CorpusTests.Page) throws {
        let document = HTMLDocument.parse(bytes: [UInt8](try Data(contentsOf: page.source)), contentType: "text/html")
        let root = document.root
        ArticleExtractor.prepare(root)
        let title = Metadata.read(document).title
        let edits = HTMLEdits()
        for flags in Self.ruleSets {
            // Measures kept before the pass must be dropped where the undo changes the tree.
            _ = root.textMeasure
            let before = root.copy()
            var pass = Pass(flags: flags, title: title, candidateCount: 5, edits: edits)
            let content = pass.grab(root)
            #expect(edits.count > 0, "\(page.name): the pass changed nothing")
            #expect(Self.difference(root, before) != nil || content.children.isEmpty, "\(page.name): the pass left the tree as it was")
            edits.undo()
            #expect(edits.count == 0)
            #expect(Self.difference(root, before) == nil, "\(page.name) \(flags.rawValue): \(Self.difference(root, before) ?? "")")
        }
    }

    /// Each change on its own, undone: moved, renamed, replaced, new nodes left out.
    @Test func eachChangeIsUndone() {
        let document = HTMLDocument.parse("<div id=a><p>one <b>two</b></p><p>three, four</p></div><div id=b><span>five</span></div>")
        let body = document.body
        _ = body.textMeasure
        let before = document.root.copy()
        let edits = HTMLEdits()
        let a = body.children[0], b = body.children[1]
        let p = HTMLNode(element: "p")
        edits.insert(p, before: a.children[1], in: a)
        edits.append(a.children[0].children[1], to: p)
        edits.rename(a, to: "section")
        edits.moveChildren(of: b, to: a.children[0])
        edits.replace(a, with: a.children[1])
        edits.remove(body.children[0])
        #expect(Self.difference(document.root, before) != nil)
        edits.undo()
        #expect(Self.difference(document.root, before) == nil, "\(Self.difference(document.root, before) ?? "")")
        #expect(p.parent == nil)
        #expect(p.children.isEmpty)
    }
}
