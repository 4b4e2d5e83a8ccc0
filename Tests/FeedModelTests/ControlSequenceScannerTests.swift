import FeedModel
import FeedTestSupport
import Testing

/// The one escape-sequence grammar, as the sanitiser uses it: the findings of issue 14 with
/// their exact inputs, then properties over seeded samples. (The HTML pipeline's agreement with
/// it is `FragmentEscapeTests` in FeedMarkupTests.)
@Suite struct ControlSequenceScannerTests {
    @Test(arguments: [
        // An OSC cut off by the ESC of a CSI: the CSI goes whole, not as `[31m`.
        ("A\u{1B}]0;X\u{1B}[31mB", "AB"),
        // A DCS cut off the same way.
        ("A\u{1B}P qq \u{1B}[2JB", "AB"),
        ("A\u{1B}]0;X Y Z\u{07}B", "AB"),
        // By ECMA-48 `<` and `/` are parameter and intermediate bytes and `p` the final one.
        ("A\u{1B}[31</p>", "A>"),
        ("HOSTILE 0 sets the \u{1B}]0;PWNED window title\u{07} title", "HOSTILE 0 sets the title"),
        ("HOSTILE 19 sends an unterminated \u{1B}]0;PWNED", "HOSTILE 19 sends an unterminated"),
        ("C1 \u{9D}0;t\u{9B}1mX", "C1 X"),
        ("cancelled \u{1B}[3\u{18}1m", "cancelled 1m"),
        ("mid \u{1B}[3\n1mX", "mid X"),
        ("lone \u{1B}\u{1B}[2Jend", "lone end"),
        ("st \u{1B}]0;t\u{1B}\\kept", "st kept"),
    ])
    func findingsAreRemovedWhole(_ input: String, _ expected: String) {
        #expect(TextSanitizer.clean(input) == expected)
        #expect(ControlSequences.strip(input).unicodeScalars.allSatisfy { $0.value != 0x1B })
    }

    // MARK: - Properties

    static let seeds: Range<UInt64> = 0..<4000

    @Test func nothingInsideASequenceSurvives() {
        for seed in Self.seeds {
            let sample = ControlSequenceSample(seed: seed)
            for output in [TextSanitizer.clean(sample.input), TextSanitizer.clean(sample.input, mode: .multiline),
                           TextSanitizer.cleanKeepingLayout(sample.input)]
            {
                #expect(!output.unicodeScalars.contains(where: ControlSequenceSample.isDebris), "seed \(seed): \(sample) gave \(output)")
                #expect(ControlSequenceSample.greekLetters(output) == sample.visibleLetters, "seed \(seed): \(sample) gave \(output)")
                if output.unicodeScalars.contains(where: ControlSequenceSample.isDebris) { return }
            }
        }
    }

    @Test func cleaningTwiceIsCleaningOnce() {
        for seed in Self.seeds {
            for input in [ControlSequenceSample(seed: seed).input, Self.randomText(seed: seed)] {
                let line = TextSanitizer.clean(input)
                let multiline = TextSanitizer.clean(input, mode: .multiline)
                let layout = TextSanitizer.cleanKeepingLayout(input)
                #expect(TextSanitizer.clean(line) == line, "seed \(seed): \(Self.escaped(input))")
                #expect(TextSanitizer.clean(multiline, mode: .multiline) == multiline, "seed \(seed): \(Self.escaped(input))")
                #expect(TextSanitizer.cleanKeepingLayout(layout) == layout, "seed \(seed): \(Self.escaped(input))")
                if TextSanitizer.clean(line) != line || TextSanitizer.clean(multiline, mode: .multiline) != multiline { return }
            }
        }
    }

    @Test(.offThePool) func noControlLeavesTheSanitiserFromRandomBytes() {
        for seed in Self.seeds {
            var random = SplitMix64(seed: seed)
            let bytes = (0..<Int(random.next() % 64)).map { _ in
                random.next() % 3 == 0 ? random.pick([0x1B, 0x9B, 0xC2, 0x9D, 0x07, 0x5B, 0x5D, 0xE2, 0x80, 0xAE]) : UInt8(truncatingIfNeeded: random.next())
            }
            for output in [TextSanitizer.clean(bytes: bytes), TextSanitizer.clean(bytes: bytes, mode: .multiline)] {
                #expect(!output.unicodeScalars.contains(where: Self.isControl), "seed \(seed): \(bytes)")
                #expect(TextSanitizer.clean(output, mode: .multiline) == output, "seed \(seed): \(bytes)")
            }
        }
    }

    // MARK: - Helpers

    /// C0 and C1 controls, DEL, and the bidi controls; a line break is allowed (multiline).
    static func isControl(_ s: Unicode.Scalar) -> Bool {
        (s.value < 0x20 && s != "\n") || (0x7F...0x9F).contains(s.value) || (0x202A...0x202E).contains(s.value)
            || (0x2066...0x2069).contains(s.value)
    }

    static func escaped(_ text: String) -> String { text.unicodeScalars.map { $0.escaped(asASCII: true) }.joined() }

    /// Scalars drawn from the classes the sanitiser treats specially: controls, escapes,
    /// combining marks, joiners, tags, Hangul jamo, emoji, bidi, spaces, plain letters.
    static func randomText(seed: UInt64) -> String {
        var random = SplitMix64(seed: seed &* 7919)
        let pools: [[UInt32]] = [
            [0x1B, 0x9B, 0x9D, 0x9C, 0x07, 0x5B, 0x5D, 0x5C, 0x3B, 0x6D, 0x18],
            [0x0A, 0x0D, 0x09, 0x20, 0x20, 0x85, 0x2028, 0x2029, 0x0B],
            [0x300, 0x301, 0x308, 0x323, 0x20DD, 0x0E31, 0x094D, 0xFE0F],
            [0x200C, 0x200D, 0x200B, 0x2060, 0xFEFF, 0x00AD, 0x034F],
            [0xE0067, 0xE0062, 0xE007F, 0x1F3F4, 0xE0001, 0xE0020],
            [0x1100, 0x1161, 0x11A8, 0xAC00, 0x3164, 0x115F],
            [0x1F469, 0x1F4BB, 0x1F1FA, 0x1F1F8, 0x2764],
            [0x202E, 0x2067, 0x2069, 0x200F, 0x061C],
            [0x61, 0x65, 0x41, 0x7A, 0x3B1, 0x627, 0x915, 0x928, 0x633],
        ]
        var out = String.UnicodeScalarView()
        for _ in 0..<Int(random.next() % 24) {
            if let s = Unicode.Scalar(random.pick(random.pick(pools))) { out.append(s) }
        }
        return String(out)
    }
}
