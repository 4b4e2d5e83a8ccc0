import Foundation

/// How long a server asked us to wait, read from whichever headers it uses.
///
/// In order of trust:
/// 1. `Retry-After` as RFC 9110 says: delta-seconds (ASCII digits only: `120`; not `1.5`,
///    `0x10`, `1e3` or `-5`, which Swift's `Double` would read) or an HTTP-date.
/// 2. A reset header once the quota is spent (`x-ratelimit-remaining` or `ratelimit-remaining`
///    ≤ 0, or the status says throttled and no remaining count is given):
///    `x-ratelimit-reset` / `ratelimit-reset` as epoch seconds (GitHub, Lobsters), as seconds
///    until the reset (Reddit, decimals allowed; any value below 10⁹ is taken as a delta), or as
///    an ISO-8601 instant (Mastodon).
/// 3. GitHub's secondary limit (throttled, quota left, no `Retry-After`): 60 s, as its docs say.
///
/// Instants are measured against the response's `Date` header when it parses, else `now`, so a
/// skewed local clock does not turn a 30 s wait into an hour. The result is clamped into
/// `clampRange`: a negative or zero wait (a skewed or broken server) becomes a short pause
/// instead of an immediate hammering, and an absurd one is cut to an hour (which `RetryPolicy`
/// then declines to wait for, showing the error instead).
public enum RetryAfter {
    /// The waits honoured, in seconds.
    public static let clampRange: ClosedRange<Double> = 1...3600

    static func clamp(_ seconds: Double) -> Double {
        min(max(seconds, clampRange.lowerBound), clampRange.upperBound)
    }

    /// - Parameters:
    ///   - headers: lowercased response headers.
    ///   - isThrottled: whether the status already says "slow down" (429, a rate-limited 403).
    ///   - now: the local clock, used when there is no `Date` header.
    /// - Returns: seconds to wait, or nil when the headers say nothing.
    public static func seconds(headers: [String: String], isThrottled: Bool, now: Date) -> Double? {
        let reference = headers["date"].flatMap(WireTime.httpDate) ?? now.timeIntervalSince1970
        if let value = headers["retry-after"]?.trimmingWhitespace(), !value.isEmpty {
            if let delta = deltaSeconds(value) { return clamp(delta) }
            if let instant = WireTime.httpDate(value) { return clamp(instant - reference) }
        }
        let remaining = (headers["x-ratelimit-remaining"] ?? headers["ratelimit-remaining"])
            .flatMap { decimal($0.trimmingWhitespace()) }
        let spent = remaining.map { $0 <= 0 } ?? isThrottled
        if spent, let reset = (headers["x-ratelimit-reset"] ?? headers["ratelimit-reset"])?.trimmingWhitespace() {
            if let number = decimal(reset) {
                return clamp(number < 1_000_000_000 ? number : number - reference)
            }
            if let instant = WireTime.iso8601(reset) { return clamp(instant - reference) }
        }
        if isThrottled, let remaining, remaining > 0, headers["x-ratelimit-resource"] != nil {
            return 60
        }
        return nil
    }

    /// Whether the headers say the quota is spent (used to tell a rate-limited 403 from a refusal).
    static func saysQuotaSpent(_ headers: [String: String]) -> Bool {
        if headers["retry-after"] != nil { return true }
        let remaining = (headers["x-ratelimit-remaining"] ?? headers["ratelimit-remaining"])
            .flatMap { decimal($0.trimmingWhitespace()) }
        return remaining.map { $0 <= 0 } ?? false
    }

    /// RFC 9110 delta-seconds: one or more ASCII digits, nothing else. A number too long for a
    /// `Double` to hold exactly is still a very long wait.
    static func deltaSeconds(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Double(text)
    }

    /// A plain decimal number as rate-limit headers write them (`42`, `0.0`, `598.0`): digits
    /// with at most one point between them. No sign, exponent, hex, `inf` or `nan`.
    static func decimal(_ text: String) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } })
        else { return nil }
        return Double(text)
    }
}
