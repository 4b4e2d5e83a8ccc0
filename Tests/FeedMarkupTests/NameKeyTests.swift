import FeedMarkup
import Testing

/// The packed constants are the keys `NameKey(_:)` makes for their names: a wrong literal would
/// make every walk miss that tag.
@Suite struct NameKeyTests {
    @Test func thePackedNamesAreTheNamesKeys() {
        let constants: [(NameKey, String)] = [
            (.text, "#text"), (.a, "a"), (.p, "p"), (.img, "img"), (.li, "li"), (.input, "input"), (.object, "object"),
            (.embed, "embed"), (.iframe, "iframe"), (.ul, "ul"), (.ol, "ol"), (.pre, "pre"), (.code, "code"),
        ]
        for (key, name) in constants {
            #expect(key == NameKey(name), "\(name)")
        }
        #expect(Set(constants.map(\.0)).count == constants.count)
        #expect(HTMLNode(text: "x").nameKey == .text)
        #expect(HTMLNode(element: "pre").nameKey == .pre)
    }
}
