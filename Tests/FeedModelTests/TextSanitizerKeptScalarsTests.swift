@testable import FeedModel
import Testing

/// `TextSanitizer.clean(_:mode: .line)` answers text made of scalars it keeps as they are
/// (`keepsAsItIs`) and ASCII white space itself (its white space collapsed); it must give what
/// the scalar-by-scalar path gives, on that text and on any other.
@Suite struct TextSanitizerKeptScalarsTests {
    static let kept: [Unicode.Scalar] = (0...0x1FFFF).compactMap { value in
        guard let scalar = Unicode.Scalar(value), scalar.value >= 0x80, TextSanitizer.keepsAsItIs(scalar) else { return nil }
        return scalar
    }

    @Test func theKeptScalarPathGivesWhatTheScalarPathGives() {
        #expect(Self.kept.count > 30_000)
        var generator = SplitMix64(seed: 53)
        let spaces: [Unicode.Scalar] = [" ", " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}"]
        // Refused scalars, so that some texts go the scalar path (and must be sent there).
        let refused: [Unicode.Scalar] = ["\u{301}", "\u{AD}", "\u{200B}", "\u{200D}", "\u{85}", "\u{9D}", "\u{1B}", "\u{2028}", "\u{2126}", "\u{11A8}", "\u{3099}", "\u{FE0F}"]
        var fast = 0
        for round in 0..<6_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0...2: scalars.append(spaces.randomElement(using: &generator)!)
                case 3: scalars.append(Unicode.Scalar(UInt8.random(in: 0x21...0x7E, using: &generator)))
                case 4 where round % 3 == 0: scalars.append(refused.randomElement(using: &generator)!)
                default: scalars.append(Self.kept.randomElement(using: &generator)!)
                }
            }
            let text = String(scalars)
            if TextSanitizer.lineOfKeptScalars(text) != nil { fast += 1 }
            #expect(TextSanitizer.clean(text) == TextSanitizer.cleanByScalars(text, mode: .line), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        #expect(fast > 3_000)
    }

    @Test func whiteSpaceBecomesOneSpaceAndTheEndsGo() {
        #expect(TextSanitizer.clean("\n  Caf\u{E9}\tcr\u{E8}me\r\n\u{0B}br\u{FB}l\u{E9}e \n") == "Caf\u{E9} cr\u{E8}me br\u{FB}l\u{E9}e")
        #expect(TextSanitizer.lineOfKeptScalars("\u{4E2D}\u{6587}") == "\u{4E2D}\u{6587}")
        #expect(TextSanitizer.lineOfKeptScalars("e\u{301}") == nil)
    }
}
