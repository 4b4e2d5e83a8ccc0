@testable import FeedMarkup
import FeedModel
import Testing

/// The walks that read children unretained (`containsDescendant`, `first`, `countDescendants`,
/// `hasDescendant`, `textMeasure`) must answer what walking `descendants()` answers, on any tree;
/// and an attribute is found by its name whatever the lengths of the others.
@Suite struct HTMLNodeWalkTests {
    static let names = ["p", "div", "a", "span", "h2", "li", "section", "blockquote", "amp-img", "x:y", "é"]

    /// A random tree of those names and short texts.
    static func randomTree(_ generator: inout SplitMix64) -> HTMLNode {
        let root = HTMLNode(element: "body")
        var parents = [root]
        for _ in 0..<Int.random(in: 0...30, using: &generator) {
            let parent = parents.randomElement(using: &generator)!
            if Int.random(in: 0..<3, using: &generator) > 0 {
                let element = HTMLNode(element: names.randomElement(using: &generator)!)
                if Bool.random(using: &generator) { element.attributes = ["href": Bool.random(using: &generator) ? "#top" : "/a"] }
                parent.append(element)
                parents.append(element)
            } else {
                parent.append(HTMLNode(text: ["a, b", " ", "word", "é,", "\n"].randomElement(using: &generator)!))
            }
        }
        return root
    }

    @Test func unretainedWalksAnswerWhatTheDescendantsSay() {
        var generator = SplitMix64(seed: 2011)
        for _ in 0..<2_000 {
            let root = Self.randomTree(&generator)
            let all = root.descendants()
            let wanted = Array(Self.names.shuffled(using: &generator).prefix(Int.random(in: 1...3, using: &generator)))
            let set = NameKey.Set(wanted)
            #expect(root.countDescendants(named: set) == all.filter { wanted.contains($0.name) }.count)
            #expect(root.hasDescendant(named: set) == all.contains { wanted.contains($0.name) })
            #expect(root.first(wanted[0]) === all.first { $0.name == wanted[0] })
            // The same elements in the same order, and a stop at the first that answers yes.
            var visited: [HTMLNode] = []
            #expect(!root.containsDescendant { visited.append($0); return false })
            #expect(visited.count == all.count && zip(visited, all).allSatisfy { $0 === $1 })
            var seen = 0
            let found = root.containsDescendant { node in
                seen += 1
                return wanted.contains(node.name)
            }
            let index = all.firstIndex { wanted.contains($0.name) }
            #expect(found == (index != nil))
            #expect(seen == (index.map { $0 + 1 } ?? all.count))
        }
    }

    @Test func textMeasureOfATreeIsTheSumOfItsTextsMeasures() {
        var generator = SplitMix64(seed: 2012)
        for _ in 0..<1_000 {
            let root = Self.randomTree(&generator)
            let measure = root.textMeasure
            #expect(measure.length == TextMeasure(text: root.textContent).length)
            #expect(measure.commas == TextMeasure(text: root.textContent).commas)
            // Link text: each `a` below counts, nested ones at every level, as in `textMeasure`.
            var link = 0, fragment = 0
            for a in root.descendants(named: ["a"]) {
                if (a["href"] ?? "").hasPrefix("#") { fragment += a.textMeasure.length } else { link += a.textMeasure.length }
            }
            if root.descendants(named: ["a"]).allSatisfy({ $0.descendants(named: ["a"]).isEmpty }) {
                #expect(measure.linkLength == link && measure.fragmentLinkLength == fragment)
            }
        }
    }

    @Test func anAttributeIsFoundByItsNameWhateverTheOthersLengths() {
        let node = HTMLNode(element: "div", attributes: ["id": "1", "class": "c", "clas": "d", "classes": "e", "é": "f", "data-src": "g"])
        #expect(node["id"] == "1")
        #expect(node["class"] == "c")
        #expect(node["clas"] == "d")
        #expect(node["classes"] == "e")
        #expect(node["é"] == "f")
        #expect(node["e"] == nil)
        #expect(node["data-src"] == "g")
        #expect(node["data-srd"] == nil)
        #expect(node[""] == nil)
    }
}
