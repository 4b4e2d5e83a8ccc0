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

    /// `isHeading` (a range check on the packed key) says yes to `h1` … `h6` and to nothing else:
    /// every name of one to three bytes over `h`, digits and a few neighbours, and longer ones.
    /// (No NUL: names come from C strings, and a packed key does not tell `h1` from `h1\0`.)
    @Test func isHeadingIsTheSixHeadingNames() {
        let headings: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6"]
        let alphabet = ["h", "H", "0", "1", "6", "7", "9", "a", "g", "i", "x", "#", ":", "\u{1}"]
        var names: [String] = alphabet
        for a in alphabet { for b in alphabet { names.append(a + b); for c in alphabet { names.append(a + b + c) } } }
        names += ["header", "hr", "hgroup", "h1x", "h10", "#text", "h\u{31}", "éh1", "h1-very-long-name"]
        for name in names {
            #expect(NameKey(name).isHeading == headings.contains(name), "\(name.debugDescription)")
        }
    }
}
