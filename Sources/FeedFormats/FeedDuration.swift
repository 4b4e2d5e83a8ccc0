/// An episode's duration as podcast feeds write it: `itunes:duration` (whole seconds, `MM:SS` or
/// `HH:MM:SS`, hours and minutes of any width), Media RSS's `duration` attribute (seconds), and
/// JSON Feed's `duration_in_seconds` (a number, read by the JSON parser).
public enum FeedDuration {
    /// The longest duration believed: a week. Past it a feed wrote nonsense.
    public static let maxSeconds = 7 * 24 * 3600

    /// Whole seconds, or nil for no duration: empty, zero, negative, not a duration (`25 min`),
    /// a field past 59 after the first (`1:75`), more than three fields, or past a week.
    public static func seconds(from text: String) -> Int? {
        let trimmed = text.trimmingSpaceAndNewlines()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 32 else { return nil }
        let fields = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(fields.count) else { return nil }
        var total = 0
        for (index, field) in fields.enumerated() {
            var digits = Substring(field)
            if fields.count == 1, let dot = digits.firstIndex(of: ".") {
                // Seconds with a fraction (`3725.6`): the whole seconds.
                guard digits[digits.index(after: dot)...].allSatisfy(\.isASCIIDigit) else { return nil }
                digits = digits[..<dot]
            }
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else { return nil }
            if index > 0, value > 59 { return nil }
            total = total * 60 + value
        }
        guard total > 0, total <= maxSeconds else { return nil }
        return total
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
