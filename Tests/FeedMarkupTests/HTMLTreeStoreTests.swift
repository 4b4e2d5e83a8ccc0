import FeedModel
import Foundation
import Testing

@testable import FeedMarkup

/// The tree builder keeps every element's attributes in one store a parse
/// (`HTMLAttributeStore`) and plain ASCII text as bytes of another (`HTMLTextStore`), made into
/// a String only when asked for. Read from the bytes (`withTextUTF8`, `isBlankText`,
/// `textMeasure`), through a copy, after a change, the text and attributes must be those of
/// libxml2's own tree (`HTMLDocument.parseThroughLibXMLTree`, which makes each String as it
/// copies), on pages of the markup the builder has to mimic.
@Suite struct HTMLTreeStoreTests {
    /// Every node, depth first (the trees' shapes are compared by `HTMLTreeBuilderTests`).
    static func nodes(_ root: HTMLNode) -> [HTMLNode] {
        [root] + root.descendantsAndTexts()
    }

    @Test func textAndAttributesReadInPlaceAreLibXMLsOwn() {
        var random = SplitMix64(seed: 5757)
        var texts = 0, attributes = 0
        for number in 0..<500 {
            var html = ""
            for _ in 0..<(1 + Int(random.next() % 40)) {
                html += HTMLTreeBuilderTests.pieces[Int(random.next() % UInt64(HTMLTreeBuilderTests.pieces.count))]
            }
            let contentType = HTMLTreeBuilderTests.contentTypes[number % HTMLTreeBuilderTests.contentTypes.count]
            let built = HTMLDocument.parse(bytes: Array(html.utf8), contentType: contentType).root
            let changed = HTMLDocument.parse(bytes: Array(html.utf8), contentType: contentType).root
            let copied = HTMLDocument.parseThroughLibXMLTree(bytes: Array(html.utf8), contentType: contentType).root
            // Copied before anything is read: the copy shares the stores.
            let copy = built.copy()
            let (b, c, d, e) = (Self.nodes(built), Self.nodes(copied), Self.nodes(changed), Self.nodes(copy))
            guard b.count == c.count, d.count == c.count, e.count == c.count else {
                Issue.record("case \(number): \(b.count) nodes built, \(c.count) copied")
                continue
            }
            for index in b.indices {
                let (node, expected) = (b[index], c[index])
                if node.isText {
                    texts += 1
                    // From the bytes first, before `text` makes its String.
                    #expect(node.textMeasure == TextMeasure(text: expected.text), "case \(number)")
                    #expect(node.isBlankText == expected.text.isWhitespaceOnly, "case \(number)")
                    #expect(node.withTextUTF8 { Array($0) } == Array(expected.text.utf8), "case \(number)")
                    #expect(node.text == expected.text, "case \(number)")
                    #expect(node.withTextUTF8 { Array($0) } == Array(expected.text.utf8), "case \(number)")
                    // Set, then read: the new text, measured anew.
                    let other = d[index]
                    _ = other.textMeasure
                    other.text = expected.text + " x,"
                    #expect(other.withTextUTF8 { Array($0) } == Array((expected.text + " x,").utf8), "case \(number)")
                    #expect(other.textMeasure == TextMeasure(text: expected.text + " x,"), "case \(number)")
                } else {
                    attributes += expected.attributes.count
                    #expect(node.attributes == expected.attributes, "case \(number) <\(node.name)>")
                    #expect(node.hasAttributes == !expected.attributes.isEmpty, "case \(number)")
                    for (name, value) in expected.attributes { #expect(node[name] == value, "case \(number) \(name)") }
                    // Set on one tree: the others, and the copy sharing its store, keep theirs.
                    d[index].attributes = ["class": "changed"]
                    #expect(d[index]["class"] == "changed" && d[index].attributes.count == 1, "case \(number)")
                }
            }
            #expect(HTMLTreeBuilderTests.serialise(copy) == HTMLTreeBuilderTests.serialise(copied), "case \(number)")
            #expect(HTMLTreeBuilderTests.serialise(built) == HTMLTreeBuilderTests.serialise(copied), "case \(number)")
        }
        #expect(texts > 1_000 && attributes > 500, "\(texts) texts, \(attributes) attributes")
    }
}

extension HTMLNode {
    /// Every node below this one, text included, depth first.
    fileprivate func descendantsAndTexts() -> [HTMLNode] {
        children.flatMap { [$0] + $0.descendantsAndTexts() }
    }
}
