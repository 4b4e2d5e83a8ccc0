import FeedFormats
import Testing

/// Dates as feeds write them (the variants feedparser's date-parsing table lists), each to the
/// second it names.
@Suite struct FeedDateTests {
    @Test(arguments: [
        ("Tue, 02 Jan 2024 09:30:00 +0000", Int64(1_704_187_800)),
        ("Tue,02 Jan 2024 09:30:00 +0000", 1_704_187_800),
        ("02 Jan 2024 09:30:00 GMT", 1_704_187_800),
        ("Tue, 02 Jan 2024 09:30 GMT", 1_704_187_800),
        ("Tue, 02 Jan 24 09:30:00 UT", 1_704_187_800),
        ("Tue, 02 Jan 2024 04:30:00 EST", 1_704_187_800),
        ("Tue, 02 Jan 2024 01:30:00 PT", 1_704_187_800),
        ("Tue, 02 Jan 2024 04:30:00 GMT-05:00", 1_704_187_800),
        ("Tue, 02 Jan 2024 15:00:00 +0530", 1_704_187_800),
        ("Wed, 02 January 2024 09:30:00 Etc/GMT", 1_704_187_800),
        ("Jan 02 2024 09:30:00 GMT", 1_704_187_800),
        ("Tue Jan  2 09:30:00 2024", 1_704_187_800),
        ("2 January 2024", 1_704_153_600),
        ("Fri, 24 Nov 1995 18:28:36 -0000", 817_237_716),
        ("Tue, 02 Jan 2024 09:30:00 XYZ", 1_704_187_800),
        ("31 Jun 2023 00:00:00 GMT", 1_688_169_600),  // rolls over to 1 Jul
        ("2024-01-02T09:30:00Z", 1_704_187_800),
        ("2024-01-02T09:30:00.123456Z", 1_704_187_800),
        ("2024-01-02T10:30:00+01:00", 1_704_187_800),
        ("2024-01-02T10:30:00+0100", 1_704_187_800),
        ("2024-01-02t09:30:00z", 1_704_187_800),
        ("2024-01-02 09:30:00.0", 1_704_187_800),
        ("2024-01-02 04:30:00 EST", 1_704_187_800),
        ("2024-01-02", 1_704_153_600),
        ("2024-01", 1_704_067_200),
        ("2024", 1_704_067_200),
        ("20240102T093000Z", 1_704_187_800),
    ])
    func parses(text: String, expected: Int64) {
        #expect(FeedDate.parse(text) == expected, "\(text)")
    }

    @Test(arguments: ["", "yesterday", "2024-13-45", "Tue, 99 Foo 2024", "not a date at all 12:00", "2024-01-02T25:61:00Z"])
    func refuses(text: String) {
        #expect(FeedDate.parse(text) == nil, "\(text)")
    }
}
