@testable import FeedMarkup
import FeedModel
import Testing

/// `MarkupText.cleanNode` returns text the sanitiser would give back unchanged without running
/// it (`isCleanAsItIs`); that shortcut must never let through what the sanitiser would change.
@Suite struct MarkupTextTests {
    /// Every scalar the shortcut accepts, checked alone against the sanitiser.
    static let accepted: [Unicode.Scalar] = (0...0x1FFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(value), MarkupText.isCleanAsItIs(String(scalar)) else { return nil }
        return scalar
    }

    /// The eight-bytes-at-a-time check says what the byte-by-byte rule says: on random bytes
    /// from an alphabet around every boundary (0x09, 0x0A, 0x1F, 0x20, 0x7E, 0x7F, 0x80, 0xFF, NUL),
    /// at every length and alignment.
    @Test func plainASCIIIsTheByteRule() {
        var generator = SplitMix64(seed: 20)
        let alphabet: [UInt8] = [0x00, 0x01, 0x09, 0x0A, 0x0D, 0x1F, 0x20, 0x41, 0x7E, 0x7F, 0x80, 0xC3, 0xE2, 0xFF]
        var plain = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            let odd = Int.random(in: 0..<3, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                Int.random(in: 0..<8, using: &generator) < odd ? alphabet.randomElement(using: &generator)! : UInt8.random(in: 0x20...0x7E, using: &generator)
            }
            let rule = bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x0A || $0 == 0x09 }
            if rule { plain += 1 }
            let offset = Int.random(in: 0..<8, using: &generator)
            let shifted = [UInt8](repeating: 0x41, count: offset) + bytes
            let check = shifted.withUnsafeBufferPointer { MarkupText.isPlainASCII(UnsafeBufferPointer(rebasing: $0[offset...])) }
            #expect(check == rule, "\(bytes)")
        }
        #expect(plain > 2_000 && plain < 18_000)
    }

    @Test func everyAcceptedScalarIsCleanAlone() {
        #expect(Self.accepted.count > 30_000)
        for scalar in Self.accepted {
            let text = String(scalar)
            #expect(TextSanitizer.cleanKeepingLayout(text) == text, "U+\(String(scalar.value, radix: 16))")
        }
    }

    /// Mixed with each other, with spaces and line breaks, accepted scalars stay as written.
    @Test func acceptedTextIsCleanInAnyMix() {
        var generator = SplitMix64(seed: 23)
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 1...16, using: &generator) {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: scalars.append(" ")
                case 1: scalars.append("\n")
                default: scalars.append(Self.accepted.randomElement(using: &generator)!)
                }
            }
            let text = String(scalars)
            #expect(MarkupText.isCleanAsItIs(text))
            #expect(TextSanitizer.cleanKeepingLayout(text) == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(MarkupText.cleanNode(text) == text)
        }
    }

    /// `lines` keeps a line with no 0x20 byte at either end as it is, without trimming it by
    /// `Character`: the same lines as the trimming by `Character` on every line, on spans of
    /// spaces, line breaks, letters, combining marks (a space carrying one is no space) and
    /// clusters that take a space in (a prepended U+0600, an emoji modifier).
    @Test func linesAreTrimmedAsByCharacter() {
        var generator = SplitMix64(seed: 29)
        let pieces = [" ", "  ", "\n", "a", "b c", "é", "\u{301}", " \u{301}", "\u{600} ", "\u{1F3FB}", "\u{200D}", "日本", "\r\n", "\t"]
        for _ in 0..<20_000 {
            let spans = (0..<Int.random(in: 0...6, using: &generator)).map { _ -> Span in
                Span((0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined())
            }
            var expected: [String] = [""]
            for span in spans {
                if span.text == "\n" { expected.append("") } else { expected[expected.count - 1] += span.text }
            }
            expected = expected.map { line in
                var l = Substring(line)
                while l.first == " " { l.removeFirst() }
                while l.last == " " { l.removeLast() }
                return String(l)
            }.filter { !$0.isEmpty }
            #expect(MarkupText.lines(spans) == expected, "\(spans.map(\.text))")
            // A paragraph's text, on its one-line way (no `<br>`) or through `lines`.
            #expect(MarkupText.plain(MarkupBlock(.paragraph(spans))) == expected.joined(separator: "\n"), "\(spans.map(\.text))")
        }
    }

    /// `HTMLDocument.hasControl` reads bytes for what the scalars say: a C0 or C1 control or DEL.
    @Test func controlsInAddressesAreFoundByTheirBytes() {
        var generator = SplitMix64(seed: 31)
        let pieces = ["a", "/", "%20", " ", "é", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}", "\u{A0}", "\u{1F}", "\u{0}", "\t", "日", "\u{2028}", "\u{C2}", "\u{100}"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let byScalar = text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
            #expect(HTMLDocument.hasControl(text) == byScalar, "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// What the sanitiser changes or drops is never accepted: controls, escapes, tabs and CRs,
    /// soft hyphens, zero-width and directional formats, combining marks, NFC singletons.
    @Test func whatTheSanitiserChangesIsNotAccepted() {
        let refused: [Unicode.Scalar] = [
            "\u{1B}", "\u{9B}", "\u{85}", "\t", "\r", "\u{0B}", "\u{7F}", "\u{AD}", "\u{200B}", "\u{200D}", "\u{200E}",
            "\u{202E}", "\u{2028}", "\u{2066}", "\u{FEFF}", "\u{301}", "\u{3099}", "\u{302A}", "\u{2126}", "\u{212B}",
            "\u{2000}", "\u{E0041}", "\u{FE0F}", "\u{1F1EB}",
        ]
        for scalar in refused {
            #expect(!MarkupText.isCleanAsItIs("word" + String(scalar)), "U+\(String(scalar.value, radix: 16))")
        }
        // And through the gate they are handled as before.
        #expect(MarkupText.cleanNode("caf\u{E9}\u{AD}s \u{1B}[31mred") == TextSanitizer.cleanKeepingLayout("caf\u{E9}\u{AD}s \u{1B}[31mred"))
    }
}
