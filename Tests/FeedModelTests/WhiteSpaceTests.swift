import FeedModel
import FeedTestSupport
import Testing

/// `collapsingWhitespace()`, `isWhitespaceOnly` and `WhiteSpaceUTF8` read UTF-8 a scalar at a
/// time; they must say what Unicode's White_Space property says, scalar by scalar, on any text.
/// (FeedReader's text measures call them: `TextMeasureTests` checks those on the same pool.)
@Suite struct WhiteSpaceTests {
    /// The shared samples (`WhiteSpaceSamples`, FeedTestSupport).
    static let pool = WhiteSpaceSamples.pool
    static func reference(_ text: String) -> String { WhiteSpaceSamples.collapsed(text) }

    @Test func everyScalarIsWhiteSpaceExactlyWhenThePropertySaysSo() {
        var bytes = [UInt8]()
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            bytes.removeAll(keepingCapacity: true)
            bytes.append(contentsOf: UTF8.encode(scalar)!)
            let found = bytes.withUnsafeBufferPointer { buffer in
                WhiteSpaceUTF8.isWhiteSpace(buffer, at: 0, width: WhiteSpaceUTF8.scalarWidth(buffer[0]))
            }
            if found != scalar.properties.isWhitespace {
                Issue.record("U+\(String(value, radix: 16)): \(found), White_Space says \(scalar.properties.isWhitespace)")
            }
        }
    }

    @Test func collapsingAgreesWithTheWhiteSpacePropertyOnStringsAndSubstrings() {
        var generator = SplitMix64(seed: 25)
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) { scalars.append(Self.pool.randomElement(using: &generator)!) }
            let text = String(scalars)
            let expected = Self.reference(text)
            #expect(text.collapsingWhitespace() == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(text.isWhitespaceOnly == expected.isEmpty)
            // A substring in the middle of a longer string: its own bytes only. Cut at scalar
            // boundaries (a combining mark first would join the "x" into one `Character`).
            let padded = "x" + text + "y"
            let paddedScalars = padded.unicodeScalars
            let inner = padded[paddedScalars.index(after: paddedScalars.startIndex)..<paddedScalars.index(before: paddedScalars.endIndex)]
            #expect(inner.collapsingWhitespace() == expected)
            #expect(inner.isWhitespaceOnly == expected.isEmpty)
        }
    }

    @Test func linesAndTabsBecomeOneSpaceAndTheEndsGo() {
        #expect("  lots \n of\t\tspace  ".collapsingWhitespace() == "lots of space")
        #expect("a\r\nb\u{2028}c\u{3000}\u{A0}d".collapsingWhitespace() == "a b c d")
        #expect("".collapsingWhitespace() == "")
        #expect(" \n\t".isWhitespaceOnly)
        #expect("".isWhitespaceOnly)
        #expect(!" \u{200B} ".isWhitespaceOnly)  // zero width space is not White_Space
    }

    /// Scalar by scalar, not `Character` by `Character`: a combining mark after a space (one
    /// `Character` whose first scalar is white space) is kept as the start of the next word.
    @Test func aCombiningMarkAfterASpaceIsKept() {
        #expect("a \u{301}b".collapsingWhitespace() == "a \u{301}b")
        #expect("a\u{301} b".collapsingWhitespace() == "a\u{301} b")
    }
}
