@testable import FeedMarkup
import FeedModel
import Testing

/// `MarkupRenderer.collapsed` copies eight bytes at once when the byte loop would copy each of
/// them as it is; it must give what the byte loop gave, text and trailing space, on any text.
@Suite struct RendererCollapseTests {
    /// The byte loop alone, as `appendText` ran it until 2026-11-29.
    static func reference(_ text: String, afterSpace space: inout Bool) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let width = byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0xA0 ? 2
                : (byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C ? 1 : 0)
            if width > 0 {
                if !space { out.append(0x20) }
                space = true
                index += width
            } else {
                out.append(byte)
                space = false
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func theSameTextAndSpaceAsTheByteLoop() {
        // Words of every length up to past eight bytes, single and double spaces, each white
        // space the loop knows, controls it copies (U+000B, U+0001, U+007F), the no-break space
        // and other characters that start with its lead byte (¢, U+0080) or not (é, €, 😀).
        let pieces = ["a", "ab", "abcdefg", "abcdefgh", "abcdefghijklmnop", "0123456789", " ", "  ", "\n", "\t", "\r\n", "\u{0C}",
                      "\u{0B}", "\u{01}", "\u{7F}", "\u{A0}", " \u{A0} ", "¢", "\u{80}", "é", "€", "😀", ",", "."]
        var generator = SplitMix64(seed: 25)
        var fastWords = 0
        for round in 0..<20_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) { text += pieces.randomElement(using: &generator)! }
            let before = round % 2 == 0
            var space = before, expectedSpace = before
            let collapsed = MarkupRenderer.collapsed(text, afterSpace: &space)
            let expected = Self.reference(text, afterSpace: &expectedSpace)
            #expect(Array(collapsed.utf8) == Array(expected.utf8), "\(text.debugDescription) after a space: \(before)")
            #expect(space == expectedSpace, "\(text.debugDescription) after a space: \(before)")
            if text.utf8.count >= 8, !text.utf8.contains(where: { $0 < 0x20 || $0 == 0xC2 }) { fastWords += 1 }
        }
        #expect(fastWords > 1_000)
        for (text, after, expected) in [
            ("word and more", false, "word and more"), (" leading", true, "leading"), (" leading", false, " leading"),
            ("two  spaces here", false, "two spaces here"), ("tabs\t\tand\u{A0}nbsp ", false, "tabs and nbsp "),
            ("12345678 ", true, "12345678 "), ("1234567\u{A0}x", false, "1234567 x"),
        ] {
            var space = after
            #expect(MarkupRenderer.collapsed(text, afterSpace: &space) == expected, "\(text.debugDescription)")
        }
    }
}
