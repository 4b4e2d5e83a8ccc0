import FeedModel
import Testing

@testable import FeedFormats

/// Episode durations as podcast feeds write them (`itunes:duration`, `media:content duration`):
/// seconds, MM:SS or HH:MM:SS, with the variants real feeds carry; and as the detail shows them.
@Suite struct FeedDurationTests {
    @Test(arguments: [
        ("3725", 3725), ("  3725\n", 3725), ("0", nil), ("3725.6", 3725), ("62:05", 3725), ("1:02:05", 3725),
        ("01:02:05", 3725), ("00:45", 45), ("5:00", 300), ("90:00", 5400), ("1:2:3", 3723), ("00:00:00", nil),
        ("", nil), ("abc", nil), ("1:02:05:07", nil), ("-30", nil), ("12:xx", nil), ("1::5", nil), (":30", nil),
        ("99999999999999999999", nil), ("1:75", nil), ("1:02:75", nil), ("25 min", nil),
    ] as [(String, Int?)])
    func durations(_ text: String, _ seconds: Int?) {
        #expect(FeedDuration.seconds(from: text) == seconds, "\(text)")
    }

    @Test(arguments: [(45, "0:45"), (300, "5:00"), (3725, "1:02:05"), (36_000, "10:00:00"), (59, "0:59"), (3600, "1:00:00")])
    func shown(_ seconds: Int, _ text: String) {
        #expect(ItemFact.Media.durationText(seconds) == text)
    }
}
