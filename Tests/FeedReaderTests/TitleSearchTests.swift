@testable import FeedReader
import FeedModel
import Foundation
import Testing

/// `Metadata.cleanTitle` searches ASCII titles by bytes and drops the separators scalar by
/// scalar; both must give what Foundation's search and regular expression gave.
@Suite struct TitleSearchTests {
    static let pieces = ["Title", " | ", " - ", " – ", " — ", " \\ ", " / ", " > ", " » ", ":", ": ", " ", "-", "|", "word", "é", "e\u{301}",
                         "日本", "\u{301}", "»", "--", " -  - "]

    @Test func asciiSearchAsFoundationSays() {
        var generator = SplitMix64(seed: 11)
        var found = 0
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text += Self.pieces.randomElement(using: &generator)! }
            guard text.utf8.allSatisfy({ $0 < 0x80 }) else { continue }
            for word in [" | ", " - ", " / ", " > ", " \\ ", ":", " – "] {
                for backwards in [false, true] {
                    let ours = Metadata.asciiRange(of: word, in: text, backwards: backwards)
                    let foundation = text.range(of: word, options: backwards ? .backwards : [])
                    #expect(ours == foundation, "\(text.debugDescription) \(word.debugDescription) \(backwards)")
                    if ours != nil { found += 1 }
                }
            }
        }
        #expect(found > 100)
    }

    @Test func separatorsDroppedAsTheRegularExpressionDropped() {
        var generator = SplitMix64(seed: 12)
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text += Self.pieces.randomElement(using: &generator)! }
            let expression = text.replacingOccurrences(of: "[|\\-–—\\\\/>»]", with: "", options: .regularExpression)
            #expect(Metadata.withoutSeparators(text) == expression, "\(text.debugDescription)")
        }
    }
}
