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
