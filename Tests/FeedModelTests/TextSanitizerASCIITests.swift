@testable import FeedModel
import Testing

/// `TextSanitizer.clean` answers printable ASCII with line breaks and tabs itself (their spaces
/// collapsed); it must give what the scalar-by-scalar path gives, on that text and any other.
@Suite struct TextSanitizerASCIITests {
    @Test func theASCIIPathGivesWhatTheScalarPathGives() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = ["a", "Bc", " ", " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", ",", ".", "~", "\u{7F}", "\u{01}", "\u{1B}[31m", "é", "\u{301}", "\u{85}", "\u{2028}"]
        for round in 0..<20_000 {
            // Half the texts are ASCII of the fast path only; the rest may hold anything above.
            let alphabet = round % 2 == 0 ? Array(pieces.prefix(13)) : pieces
            let length = Int.random(in: 0...16, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            #expect(TextSanitizer.clean(text) == TextSanitizer.cleanByScalars(text, mode: .line), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// `isSqueezed` lets `squeezed` give a text back without rebuilding it: it must say so of
    /// exactly the texts the rebuilding leaves as they are.
    @Test func squeezedTextIsKnownByItsBytes() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [String] = ["a", "é", "\u{301}", " ", " ", "\n", "\n", "x y", "中"]
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...12, using: &generator)
            let text = (0..<length).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let unchanged = Array(TextSanitizer.squeezed(text, mode: .multiline).utf8) == Array(text.utf8)
            #expect(TextSanitizer.isSqueezed(text) == unchanged, "\(text.unicodeScalars.map(\.value))")
        }
    }

    @Test func lineBreaksAndTabsBecomeOneSpace() {
        #expect(TextSanitizer.clean("\n  Title\tof\r\n\u{0B}the page \n") == "Title of the page")
        #expect(TextSanitizer.clean("\n\t ") == "")
    }
}
