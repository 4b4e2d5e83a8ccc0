@testable import FeedReader
import FeedModel
import Foundation
import Testing

/// `Pass.sharesMostWords` reads an ASCII heading without a set of its words and stops early
/// when it has too many; it must answer what the sets' share said, on any heading and title.
@Suite struct HeadingTitleTests {
    /// The share as it was computed until 2026-11-29: both word sets, their intersection.
    static func reference(_ heading: String, _ title: String) -> Bool {
        let a = Pass.words(heading), b = Pass.words(title)
        guard !a.isEmpty, !b.isEmpty else { return false }
        return Double(a.intersection(b).count) / Double(max(a.count, b.count)) >= 0.75
    }

    @Test func theShareIsWhatTheWordSetsSay() {
        // Few words, so that headings share many of the title's; separators, digits, case, and
        // non-ASCII after ASCII words (letters, a combining mark, the Kelvin sign, `<` with a
        // combining solidus, which composes to a symbol).
        let words = ["a", "long", "page", "the", "kernel", "2026", "x1", "Long", "PAGE", "caf", "café", "e"]
        let separators = [" ", "  ", "-", ", ", ":", "'", "\t", "\u{301}", "\u{212A}", "<\u{338}", "é", " é "]
        var generator = SplitMix64(seed: 20)
        var answers = [0, 0]
        var fastAnswers = 0
        for _ in 0..<20_000 {
            func text(_ count: Int) -> String {
                var text = ""
                for index in 0..<count {
                    if index > 0 || Bool.random(using: &generator) {
                        // Mostly a space; now and then another separator.
                        text += Int.random(in: 0..<4, using: &generator) == 0 ? separators.randomElement(using: &generator)! : " "
                    }
                    text += words.randomElement(using: &generator)!
                }
                return text
            }
            let title = text(Int.random(in: 1...5, using: &generator))
            // Half the headings are the title, now and then with a word more or other
            // separators, so that both answers come up often.
            var heading = text(Int.random(in: 0...9, using: &generator))
            if Bool.random(using: &generator) {
                heading = title.replacingOccurrences(of: " ", with: separators.randomElement(using: &generator)!)
                if Bool.random(using: &generator) { heading += " " + words.randomElement(using: &generator)! }
            }
            let titleWords = Pass.words(title)
            let answer = Pass.sharesMostWords(heading, titleWords)
            #expect(answer == Self.reference(heading, title), "\(heading.debugDescription) / \(title.debugDescription)")
            answers[answer ? 1 : 0] += 1
            if !titleWords.isEmpty, Pass.sharesMostWordsASCII(heading, titleWords) != nil { fastAnswers += 1 }
        }
        #expect(answers[0] > 1_000 && answers[1] > 1_000)
        #expect(fastAnswers > 5_000)
    }

    @Test func theEdgesOfTheShare() {
        let title = Pass.words("a long page")
        // Three of four distinct words shared: exactly three quarters.
        #expect(Pass.sharesMostWords("a long page here", title))
        #expect(Pass.sharesMostWords("a long page page long here", title))
        // Five distinct words: stopped at the fifth, though non-ASCII follows.
        #expect(Pass.sharesMostWordsASCII("a long page b c é", title) == false)
        #expect(!Self.reference("a long page b c é", "a long page"))
        // Non-ASCII before the stop: the sets decide (`café` is one word there, `caf` here).
        #expect(Pass.sharesMostWordsASCII("café long page", title) == nil)
        #expect(Pass.sharesMostWords("long page café", Pass.words("long page café")))
        // No words, or a title without any.
        #expect(!Pass.sharesMostWords("", title))
        #expect(!Pass.sharesMostWords("--", title))
        #expect(!Pass.sharesMostWords("a long page", Pass.words("--")))
    }
}
