@testable import FeedReader
import Foundation
import Testing
import FeedTestSupport

/// `Metadata.internetDate` reads the common date shapes by hand; for every string it accepts it
/// must give the date Foundation's formatters give (`Metadata.formattedDate`), and it must leave
/// every other shape to them.
@Suite struct MetadataDateTests {
    @Test(.offThePool) func theHandReadDateIsTheFormattersDate() {
        var generator = SystemRandomNumberGenerator()
        var accepted = 0
        for round in 0..<3000 {
            let year = round < 100 ? [1, 4, 100, 1600, 1900, 1969, 1970, 2000, 2100, 9999].randomElement(using: &generator)! : Int.random(in: 1...9999, using: &generator)
            let month = Int.random(in: 1...12, using: &generator)
            let day = Int.random(in: 1...31, using: &generator)
            let date = String(format: "%04d-%02d-%02d", year, month, day)
            let time = String(format: "T%02d:%02d:%02d", Int.random(in: 0...23, using: &generator), Int.random(in: 0...59, using: &generator), Int.random(in: 0...59, using: &generator))
            let zone = ["Z", String(format: "%@%02d:%02d", Bool.random(using: &generator) ? "+" : "-", Int.random(in: 0...14, using: &generator), [0, 30, 45].randomElement(using: &generator)!)].randomElement(using: &generator)!
            // A fraction of zeros with a zone is the same second; a date-time without a zone is
            // what the formatters make of it (that time in UTC; out of range, its date alone),
            // its digits any pair, in range or not.
            let zeros = "." + String(repeating: "0", count: Int.random(in: 1...9, using: &generator))
            let (h, m, s) = (Int.random(in: 0...99, using: &generator), Int.random(in: 0...99, using: &generator), Int.random(in: 0...99, using: &generator))
            let anyTime = String(format: "T%02d:%02d:%02d", h, m, s)
            let anyTimeInRange = h < 24 && m < 60 && s < 60
            let shapes = round % 3 == 0 ? [date, date + time + zone, date + time + zeros + zone, date + time, date + anyTime] : [date, date + time + zone]
            for text in shapes {
                let formatted = Metadata.formattedDate(text)
                if let fast = Metadata.internetDate(text) {
                    accepted += 1
                    #expect(fast == formatted, "\(text): \(fast) against \(String(describing: formatted))")
                } else {
                    // Only a day the month does not have, a year before 1600 or a time out of
                    // range is refused in these shapes.
                    #expect(day > 28 || year < 1600 || (text == date + anyTime && !anyTimeInRange), "\(text) was not read")
                }
            }
        }
        #expect(accepted > 5000)
    }

    @Test func otherShapesAreLeftToTheFormatters() {
        for text in ["2024-05-01T09:30:00.5Z", "2024-05-01 09:30:00", "2024-05-01T09:30:00.000", "2024-05-01T09:30:00.Z", "2024-05-01T09:30:00.0001Z",
                     "2024-05-01T09:30:00.00.0Z", "2024-05-01T09:30", "2024-05-01T24:00:00Z", "2024-02-30", "2024-02-30T09:30:00",
                     "2024-5-01", "21 November 2019", "04.05.2015 à 13h36", "Tue, 07 May 2024 09:30:00 +0000", "0000-01-01", "1582-10-10", "", "２０２４-05-01"]
        {
            #expect(Metadata.internetDate(text) == nil, "\(text)")
        }
        #expect(Metadata.parseDate("2024-05-01T09:30:00.5Z") == Metadata.formattedDate("2024-05-01T09:30:00.5Z"))
        #expect(Metadata.parseDate(" 2024-05-01T09:30:00Z ") == Date(timeIntervalSince1970: 1_714_555_800))
        // The corpus's two (liberation-1, topicseed-1), as the formatters read them.
        for text in ["2015-04-30T07:19:58", "2018-06-12T23:00:00.000Z", "2018-06-12T23:00:00.000+02:00"] {
            #expect(Metadata.internetDate(text) != nil && Metadata.internetDate(text) == Metadata.formattedDate(text), "\(text)")
        }
        // liberation-1's is its time in UTC, not its date at midnight (1_430_352_000) as before.
        #expect(Metadata.internetDate("2015-04-30T07:19:58") == Date(timeIntervalSince1970: 1_430_352_000 + 7 * 3600 + 19 * 60 + 58))
        #expect(Metadata.parseDate("2024-05-01 09:30:00") == Date(timeIntervalSince1970: 1_714_555_800))
        #expect(Metadata.parseDate("2024-05-01T09:30") == Date(timeIntervalSince1970: 1_714_521_600))
    }
}
