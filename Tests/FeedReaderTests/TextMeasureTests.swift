@testable import FeedReader
import FeedMarkup
import FeedModel
import Foundation
import FeedTestSupport
import Testing

/// `Text.normalised`, `isBlank` and `hasText` read UTF-8 a scalar at a time; they must say what
/// Unicode's White_Space property says, scalar by scalar, on any text.
@Suite struct TextMeasureTests {
    /// The shared samples (`WhiteSpaceSamples`, FeedTestSupport).
    static let pool = WhiteSpaceSamples.pool
    static func reference(_ text: String) -> String { WhiteSpaceSamples.collapsed(text) }

    @Test func normalisedAndBlankAgreeWithTheWhiteSpaceProperty() {
        var generator = SplitMix64(seed: 20)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...24, using: &generator)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(Self.pool.randomElement(using: &generator)!) }
            let text = String(scalars)
            let expected = Self.reference(text)
            #expect(Text.normalised(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(Text.isBlank(text) == expected.isEmpty)
        }
        for scalar in Self.pool {
            #expect(Text.isBlank(String(scalar)) == scalar.properties.isWhitespace, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func normalisedLengthCountsTheJoinedTextOfATree() {
        var generator = SplitMix64(seed: 21)
        for _ in 0..<500 {
            let root = HTMLNode(element: "div")
            var parents = [root]
            for _ in 0..<Int.random(in: 0...8, using: &generator) {
                let parent = parents.randomElement(using: &generator)!
                if Bool.random(using: &generator) {
                    let element = HTMLNode(element: "span")
                    parent.append(element)
                    parents.append(element)
                } else {
                    var scalars = String.UnicodeScalarView()
                    for _ in 0..<Int.random(in: 0...6, using: &generator) { scalars.append(Self.pool.randomElement(using: &generator)!) }
                    parent.append(HTMLNode(text: String(scalars)))
                }
            }
            let expected = Self.reference(root.textContent).unicodeScalars.count
            #expect(Text.normalisedLength(root) == expected, "\(root.textContent.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func classPatternsFindWordsAsSubstringsLikeFoundation() {
        let words = ["-ad-", "ad", "sidebar", "é", "hidden", "x"]
        let texts = ["", "a", "ad", "-ad-", "main-ad-slot", "SideBar left", "sidebarsidebar", "sideba", "Café", "hidden-xs hid", "xx"]
        for text in texts {
            for word in words {
                let lower = text.lowercased()
                #expect(ClassPatterns.contains(Array(lower.utf8), word) == lower.contains(word), "\(text) / \(word)")
            }
            #expect(ClassPatterns.matches(text, words) == words.contains { text.lowercased().contains($0) })
        }
        #expect(ClassPatterns.isNegative("post hid"))
        #expect(ClassPatterns.isNegative("share-bar"))
        #expect(!ClassPatterns.isNegative("article-body"))
    }

    @Test func hasTextStopsAtTheFirstWordAndSeesDeepText() {
        let root = HTMLNode(element: "div")
        let blank = HTMLNode(element: "p")
        blank.append(HTMLNode(text: " \u{A0}\n\u{3000}"))
        root.append(blank)
        #expect(!Text.hasText(root))
        #expect(!Text.hasText(blank))
        let deep = HTMLNode(element: "span")
        let deeper = HTMLNode(element: "em")
        deeper.append(HTMLNode(text: "\u{2003}word"))
        deep.append(deeper)
        root.append(deep)
        #expect(Text.hasText(root))
        #expect(Text.hasText(deeper))
        #expect(!Text.hasText(blank))
    }

    /// The old link density: every `<a>` below the node, its text's length times 0.3 for a
    /// fragment link, over the node's text length.
    static func referenceLinkDensity(_ node: HTMLNode) -> Double {
        let length = reference(node.textContent).unicodeScalars.count
        guard length > 0 else { return 0 }
        var linked = 0.0
        for a in node.descendants(named: ["a"]) {
            linked += Double(reference(a.textContent).unicodeScalars.count) * ((a["href"] ?? "").hasPrefix("#") ? 0.3 : 1)
        }
        return linked / Double(length)
    }

    /// Kept measures follow every change to the tree: after random appends, inserts, removals,
    /// moves, renames, new attributes and new text, read in between, each node's measure is the
    /// one counted afresh (a copy has none kept) and says what the text itself says.
    @Test func keptMeasuresFollowEveryChange() {
        var generator = SplitMix64(seed: 22)
        for _ in 0..<300 {
            let root = HTMLNode(element: "div")
            var nodes = [root]
            func randomText() -> String {
                var scalars = String.UnicodeScalarView()
                for _ in 0..<Int.random(in: 0...6, using: &generator) { scalars.append(Self.pool.randomElement(using: &generator)!) }
                return String(scalars)
            }
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                let elements = nodes.filter(\.isElement)
                let target = elements.randomElement(using: &generator)!
                switch Int.random(in: 0..<9, using: &generator) {
                case 0, 1:
                    let element = HTMLNode(element: Bool.random(using: &generator) ? "a" : "span")
                    if element.name == "a" { element.attributes["href"] = Bool.random(using: &generator) ? "#top" : "/x" }
                    target.append(element)
                    nodes.append(element)
                case 2, 3:
                    let text = HTMLNode(text: randomText())
                    if let reference = target.children.randomElement(using: &generator) { target.insert(text, before: reference) } else { target.append(text) }
                    nodes.append(text)
                case 4:
                    if let node = nodes.dropFirst().randomElement(using: &generator) { node.remove() }
                case 5:
                    // Move a subtree under another element that is not inside it.
                    if let node = nodes.dropFirst().randomElement(using: &generator), !target.isAttached(to: node) { target.append(node) }
                case 6:
                    target.name = target.name == "a" ? "em" : "a"
                case 7:
                    target.attributes["href"] = target["href"] == "#x" ? "https://example.com/" : "#x"
                default:
                    if let text = nodes.filter(\.isText).randomElement(using: &generator) { text.text = randomText() }
                }
                // Read some measures between changes, so that stale ones would be kept.
                _ = nodes.randomElement(using: &generator)!.textMeasure
                _ = root.textMeasure
            }
            for node in nodes where node.isElement {
                let kept = node.textMeasure
                #expect(kept == node.copy().textMeasure)
                #expect(kept.length == Self.reference(node.textContent).unicodeScalars.count)
                #expect(kept.commas == Text.commaCount(node.textContent))
                #expect(abs(kept.linkDensity - Self.referenceLinkDensity(node)) < 1e-9)
            }
        }
    }

    /// Long runs of mostly printable ASCII and spaces (measured eight bytes at a time, words,
    /// gaps and commas from masks) with controls, line breaks and other white space among them:
    /// the measure of a text says what the text collapsed says, and a text cut in two and
    /// measured as two nodes measures the same (its leading and trailing white space right).
    @Test func longMostlyASCIITextsMeasureAsTheirCollapsedText() {
        var generator = SplitMix64(seed: 2013)
        let alphabet: [Unicode.Scalar] = ["a", "b", "Z", ",", ".", " ", " ", " ", "\n", "\t", "\u{01}", "\u{7F}", "é", "\u{A0}", "\u{3000}", "\u{FF0C}"]
        for _ in 0..<20_000 {
            var scalars = String.UnicodeScalarView()
            let ascii = Int.random(in: 0..<4, using: &generator) > 0
            for _ in 0..<Int.random(in: 0...64, using: &generator) {
                scalars.append(ascii ? alphabet[Int.random(in: 0..<8, using: &generator)] : alphabet.randomElement(using: &generator)!)
            }
            let text = String(scalars)
            let measure = TextMeasure(text: text)
            #expect(measure.length == Self.reference(text).unicodeScalars.count, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(measure.commas == Text.commaCount(text))
            let cut = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: Int.random(in: 0...text.unicodeScalars.count, using: &generator))
            let root = HTMLNode(element: "div")
            root.append(HTMLNode(text: String(text.unicodeScalars[..<cut])))
            root.append(HTMLNode(text: String(text.unicodeScalars[cut...])))
            let outer = HTMLNode(element: "div")
            outer.append(HTMLNode(text: ["", " ", "x", "x "][Int.random(in: 0..<4, using: &generator)]))
            outer.append(root)
            outer.append(HTMLNode(text: ["", " ", "y", " y"][Int.random(in: 0..<4, using: &generator)]))
            #expect(root.textMeasure.length == measure.length)
            #expect(outer.textMeasure.length == Self.reference(outer.textContent).unicodeScalars.count, "\(outer.textContent.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    /// A node outliving its parent is detached, never left pointing at a freed node.
    @Test func aChildOutlivingItsParentIsDetached() {
        var child: HTMLNode?
        do {
            let parent = HTMLNode(element: "div")
            let made = HTMLNode(element: "p")
            parent.append(made)
            child = made
            #expect(made.parent === parent)
        }
        #expect(child?.parent == nil)
        #expect(child?.ancestors.isEmpty == true)
    }
}
