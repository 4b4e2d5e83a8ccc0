import FeedMarkup
import FeedModel
import FeedTestSupport
import Foundation
import Testing

/// The HTML pipeline and the sanitiser agree on escape sequences: a field's sequences are
/// removed whole before libxml2 reads it, so the detail shows the words the list shows (moved
/// from `ControlSequenceScannerTests` when the hand-written renderer went, issue 20).
@Suite struct FragmentEscapeTests {
    /// The detail view's path for an HN body: cleaned keeping layout (PageFetcher), then laid out.
    func detailText(_ html: String) -> String {
        MarkupFragment.textBlocks(TextSanitizer.cleanKeepingLayout(html)).map { $0.lines.joined(separator: " ") }.joined(separator: " | ")
    }

    @Test func listAndDetailAgreeOnHiddenWords() {
        #expect(detailText("<p>A\u{1B}]0;X Y Z\u{07}B</p>") == "AB")
        #expect(detailText("<p>HOSTILE 0 sets the \u{1B}]0;PWNED window title\u{07} title</p>") == "HOSTILE 0 sets the title")
        #expect(detailText("A\u{1B}[31</p>") == "A>")
        #expect(TextSanitizer.cleanKeepingLayout("A\u{1B}]0;X Y Z\u{07}B") == "AB")
        // Without the sanitiser first: the pipeline strips sequences itself.
        #expect(MarkupFragment.line("<p>A\u{1B}]0;X <b>Y</b> Z\u{07}B</p>") == "AB")
    }

    @Test func unterminatedStringInTheHostileBodyLeavesNoDebris() {
        // The replica's hostile story 19 body (HostileText.body(18)).
        let body = "<p>HOSTILE 19 sends an unterminated \u{1B}]0;PWNED</p><p>\u{1B}[2J\u{1B}[Hsecond paragraph \u{202E}reversed</p>"
        let text = detailText(body)
        #expect(!text.contains("[2J") && !text.contains("[H") && !text.contains("PWNED"), "\(text)")
        #expect(text == "HOSTILE 19 sends an unterminated second paragraph reversed")
    }

    @Test func theBlockRendererAgrees() {
        for seed in UInt64(0)..<4000 {
            let sample = ControlSequenceSample(seed: seed, withTags: true)
            let output = detailText(sample.input).replacingOccurrences(of: " | ", with: " ")
            #expect(!output.unicodeScalars.contains(where: ControlSequenceSample.isDebris), "seed \(seed): \(sample) gave \(output)")
            #expect(ControlSequenceSample.greekLetters(output) == sample.visibleLetters, "seed \(seed): \(sample) gave \(output)")
            if ControlSequenceSample.greekLetters(output) != sample.visibleLetters { return }
        }
    }
}
