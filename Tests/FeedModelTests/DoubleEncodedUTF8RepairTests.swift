import FeedModel
import FeedTestSupport
import Testing

/// UTF-8 read as Latin-1 upstream: the runs that hold a C1 control are repaired before the escape
/// scanner reads them (they took the rest of a paragraph with them as a control string), and
/// nothing else changes.
@Suite struct DoubleEncodedUTF8RepairTests {
    /// `text`'s UTF-8 bytes read as Latin-1: what a server that decoded its own UTF-8 as
    /// ISO-8859-1 and encoded it again sends.
    static func doubleEncoded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.utf8.map { Unicode.Scalar($0) }))
    }

    @Test(arguments: [
        "He said “hello,” and left; the rest of the paragraph stays.",
        "‘Single’ quotes — and a dash, an ellipsis… and a hyphen‐here.",
        "Curly ’apostrophes’ and “quotes” twice: “one” and “two”.",
        "A 4-byte one: 🦀 crab.",
    ])
    func doubleEncodedTextWithControlsReadsAsWritten(_ text: String) {
        let mangled = Self.doubleEncoded(text)
        #expect(mangled.unicodeScalars.contains { (0x80...0x9F).contains($0.value) }, "the sample holds a C1 control")
        #expect(TextSanitizer.clean(mangled) == text)
        #expect(TextSanitizer.cleanKeepingLayout(mangled) == text)
        #expect(ControlSequences.strip(mangled) == text)
    }

    @Test(arguments: [
        // A double-encoded `é` has no control in it: visible mojibake, left as it is.
        ("cafÃ©", "cafÃ©"),
        // A lead with too few continuations, or another letter after it, is text.
        ("â\u{80}", "â"),
        ("â\u{80}x", "âx"),
        ("é and à", "é and à"),
        // Overlong forms (C0 80, E0 80 80) are not repaired: the controls go.
        ("À\u{80}x", "Àx"),
        ("à\u{80}\u{80}x", "àx"),
    ])
    func otherTextIsLeftAsItWas(_ input: String, _ expected: String) {
        #expect(TextSanitizer.clean(input) == expected)
    }

    /// A repair can make a control, never let one through: `Â` U+009D is U+009D, an OSC
    /// introducer, and the string after it still goes whole.
    @Test func aRepairedControlIsStillAControl() {
        #expect(TextSanitizer.clean("a\u{C2}\u{9D}0;pwned\u{07}b") == "ab")
        #expect(TextSanitizer.clean("a\u{9D}0;pwned\u{07}b") == "ab")
        #expect(TextSanitizer.clean("a\u{C2}\u{9B}31mb") == "ab")
    }

    /// Over random text salted with leads, continuations and C1 controls: no control comes out,
    /// and cleaning twice is cleaning once.
    @Test func noControlAndIdempotentOverRandomRuns() {
        let pool: [UInt32] = [0xC2, 0xC3, 0xE2, 0xE9, 0xF0, 0x80, 0x98, 0x9C, 0x9D, 0x9B, 0xA6, 0xBF, 0x1B, 0x07, 0x5D, 0x61, 0x20]
        for seed in UInt64(0)..<3000 {
            var random = SplitMix64(seed: seed)
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 24) { scalars.append(Unicode.Scalar(random.pick(pool))!) }
            let input = String(scalars)
            let once = TextSanitizer.clean(input)
            #expect(!once.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "seed \(seed)")
            #expect(TextSanitizer.clean(once) == once, "seed \(seed)")
            if TextSanitizer.clean(once) != once { return }
        }
    }
}
