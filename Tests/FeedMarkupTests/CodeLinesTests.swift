@testable import FeedMarkup
import Testing

/// `MarkupRenderer.asciiCodeLines` cuts a `<pre>`'s ASCII text into lines by bytes; it must give
/// the lines the cut by `Character` gives (`characterCodeLines`), on any ASCII text without `\r`.
@Suite struct CodeLinesTests {
    @Test func bytesAndCharactersGiveTheSameLines() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [String] = ["a", "b", " ", " ", "\t", "\n", "\n", "x y", "\u{0B}", "\u{0C}", "{", "}"]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            #expect(MarkupRenderer.asciiCodeLines(text) == MarkupRenderer.characterCodeLines(text), "\(Array(text.utf8))")
        }
    }

    @Test func aCodeBlockKeepsItsLines() {
        let pre = HTMLNode(element: "pre")
        pre.append(HTMLNode(text: "\nfunc f() {\n\treturn 1   \n}\n\n  \n"))
        #expect(MarkupRenderer.codeLines(pre) == ["func f() {", "    return 1", "}"])
    }

    @Test func attachmentFollowsTheParents() {
        let root = HTMLNode(element: "body"), div = HTMLNode(element: "div"), p = HTMLNode(element: "p")
        root.append(div)
        div.append(p)
        #expect(p.isAttached(to: root) && div.isAttached(to: root) && root.isAttached(to: root))
        #expect(!root.isAttached(to: p))
        div.remove()
        #expect(!p.isAttached(to: root) && p.isAttached(to: div))
    }
}
