import Foundation
import Testing

@testable import FeedSources

struct RetryAfterTests {
    /// 2024-01-01T12:00:00Z
    static let noon: Double = 1_704_110_400
    static let now = Date(timeIntervalSince1970: noon)

    @Test(arguments: [
        // Retry-After, in seconds or as an HTTP-date measured against Date.
        (["retry-after": "120"], true, 120.0),
        (["retry-after": " 16 "], false, 16.0),
        // Zero and absurd waits are clamped: a short pause, at most an hour.
        (["retry-after": "0"], true, 1.0),
        (["retry-after": "9999999"], true, 3600.0),
        (["retry-after": "99999999999999999999999999"], true, 3600.0),
        // Not delta-seconds: the reset headers decide.
        (["retry-after": "0x10", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "42"], true, 42.0),
        (["retry-after": "Mon, 01 Jan 2024 12:00:30 GMT"], true, 30.0),
        (["retry-after": "Mon, 01 Jan 2024 12:01:00 GMT", "date": "Mon, 01 Jan 2024 12:00:50 GMT"], true, 10.0),
        // GitHub: quota spent, reset is an epoch second.
        (["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1704110460", "x-ratelimit-resource": "search"], true, 60.0),
        // Reddit: decimal remaining, reset is seconds until the window ends.
        (["x-ratelimit-remaining": "0.0", "x-ratelimit-reset": "42", "x-ratelimit-used": "100"], true, 42.0),
        // Mastodon: ISO 8601 with microseconds.
        (["x-ratelimit-remaining": "0", "x-ratelimit-reset": "2024-01-01T12:05:00.000000Z"], true, 300.0),
        // Lobsters: RateLimit-Reset as an epoch second.
        (["ratelimit-remaining": "0", "ratelimit-reset": "1704110405"], true, 5.0),
        // Reset in the past: no negative waits, the shortest pause instead.
        (["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1704110000"], true, 1.0),
        // GitHub secondary limit: quota left, no Retry-After: at least a minute.
        (["x-ratelimit-remaining": "12", "x-ratelimit-reset": "1704110460", "x-ratelimit-resource": "core"], true, 60.0),
    ] as [([String: String], Bool, Double)])
    func computesWait(headers: [String: String], throttled: Bool, expected: Double) {
        #expect(RetryAfter.seconds(headers: headers, isThrottled: throttled, now: Self.now) == expected)
    }

    @Test(arguments: [
        [:],
        ["retry-after": "soon"],
        ["x-ratelimit-remaining": "55", "x-ratelimit-reset": "1704110460"],
        ["x-ratelimit-remaining": "0"],
        // RFC 9110: delta-seconds are digits only (issue 24: `0x10` was read as 16 s).
        ["retry-after": "0x10"], ["retry-after": "1.5"], ["retry-after": "-3"], ["retry-after": "+5"],
        ["retry-after": "1e3"], ["retry-after": "inf"], ["retry-after": "nan"], ["retry-after": "١٢"],
        ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "0x10"],
        ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "1e3"],
    ] as [[String: String]])
    func saysNothing(headers: [String: String]) {
        #expect(RetryAfter.seconds(headers: headers, isThrottled: false, now: Self.now) == nil)
    }

    @Test(arguments: [
        ("2024-01-01T12:00:00Z", noon),
        ("2024-01-01T12:00:00.500Z", noon + 0.5),
        ("2024-01-01T12:05:00.000000Z", noon + 300),
        ("2024-01-01T06:00:00.000-06:00", noon),
        ("2024-01-01T13:30:00+01:30", noon),
        ("2024-01-01T12:00:00", noon),
        ("2016-12-08T19:39:07Z", 1_481_225_947),
        ("2016-09-04T02:50:35.000Z", 1_472_957_435),
        ("1970-01-01T00:00:00Z", 0),
    ])
    func parsesISO8601(text: String, expected: Double) {
        #expect(WireTime.iso8601(text) == expected)
    }

    @Test(arguments: ["", "yesterday", "2024-13-01T00:00:00Z", "2024-01-01", "2024-01-01T12:00:00Zjunk", "2024-01-01T12:00:00.Z"])
    func rejectsBadISO8601(text: String) {
        #expect(WireTime.iso8601(text) == nil)
    }

    @Test func parsesHTTPDate() async {
        #expect(WireTime.httpDate("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(WireTime.httpDate("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
    }
}
