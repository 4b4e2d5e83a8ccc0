@testable import FeedReader
import FeedModel
import Testing

/// `ClassPatterns.lists` answers every list in one pass over the bytes; it must say what asking
/// `matches` (and `isNegative`) list by list says, on any class or id.
@Suite struct ClassPatternsTests {
    static func reference(_ text: String) -> ClassPatterns.Lists {
        var found: ClassPatterns.Lists = []
        if ClassPatterns.matches(text, ClassPatterns.unlikely) { found.insert(.unlikely) }
        if ClassPatterns.matches(text, ClassPatterns.maybeCandidate) { found.insert(.maybeCandidate) }
        if ClassPatterns.isNegative(text) { found.insert(.negative) }
        if ClassPatterns.matches(text, ClassPatterns.positive) { found.insert(.positive) }
        if ClassPatterns.matches(text, ClassPatterns.byline) { found.insert(.byline) }
        if ClassPatterns.matches(text, ClassPatterns.share) { found.insert(.share) }
        return found
    }

    @Test func everyListAsTheListByListSearchSays() {
        // Pieces of the words themselves (so that matches, near misses and words across pieces
        // come up), upper case, spaces, `hid` alone, and non-ASCII that lowercases to ASCII.
        let words = ClassPatterns.unlikely + ClassPatterns.maybeCandidate + ClassPatterns.negative + ClassPatterns.positive
            + ClassPatterns.byline + ClassPatterns.share
        let pieces = words + words.map { String($0.prefix(3)) } + words.map { String($0.dropFirst(2)) } + words.map { $0.uppercased() }
            + ["hid", "HID", "hidden", " ", "  ", "-", "_", "x", "\u{212A}", "İ", "é", "Σ", "\u{301}", "\t", "a", "d-"]
        var generator = SplitMix64(seed: 7)
        var counts = [0, 0]
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...6, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let lists = ClassPatterns.lists(text)
            #expect(lists == Self.reference(text), "\(text.debugDescription)")
            counts[lists.isEmpty ? 0 : 1] += 1
        }
        #expect(counts[0] > 100 && counts[1] > 100)
        for text in ["hid", "a hid b", "hid-x", "xhid", "s\u{212A}yscraper", "SIDEBAR", String(repeating: "content ", count: 40) + "ad-break"] {
            #expect(ClassPatterns.lists(text) == Self.reference(text), "\(text.debugDescription)")
        }
        #expect(ClassPatterns.lists("a hid b").contains(.negative))
        #expect(!ClassPatterns.lists("hid-x").contains(.negative))
        #expect(ClassPatterns.lists("s\u{212A}yscraper").contains(.unlikely))
    }
}
