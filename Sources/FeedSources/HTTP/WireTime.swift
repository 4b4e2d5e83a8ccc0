/// Parses the timestamps APIs send, without `DateFormatter` (locale- and platform-proof).
enum WireTime {
    /// ISO 8601 / RFC 3339: `2024-09-25T15:27:23.000-05:00`, `2019-12-08T03:48:33.901Z`,
    /// `2024-01-01T12:05:00.000000Z`, `2016-12-08T19:39:07Z`. A missing zone means UTC.
    /// - Returns: Unix seconds, fractional part kept.
    static func iso8601(_ text: String) -> Double? {
        let s = Array(text.trimmingWhitespace().utf8)
        func int(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= s.count else { return nil }
            var value = 0
            for b in s[from..<from + count] {
                guard b >= 48 && b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard s.count >= 19, let year = int(0, 4), s[4] == 45, let month = int(5, 2), s[7] == 45,
              let day = int(8, 2), s[10] == 84 || s[10] == 116 || s[10] == 32,
              let hour = int(11, 2), s[13] == 58, let minute = int(14, 2), s[16] == 58,
              let second = int(17, 2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var i = 19
        var fraction = 0.0
        if i < s.count, s[i] == 46 || s[i] == 44 {
            i += 1
            var scale = 0.1
            let start = i
            while i < s.count, s[i] >= 48 && s[i] <= 57 {
                fraction += Double(s[i] - 48) * scale
                scale /= 10
                i += 1
            }
            if i == start { return nil }
        }
        var offset = 0
        if i < s.count {
            switch s[i] {
            case 90, 122: // Z z
                i += 1
            case 43, 45: // + -
                let sign = s[i] == 45 ? -1 : 1
                guard let oh = int(i + 1, 2) else { return nil }
                var j = i + 3
                if j < s.count, s[j] == 58 { j += 1 }
                let om = int(j, 2) ?? 0
                if int(j, 2) != nil { j += 2 }
                offset = sign * (oh * 3600 + om * 60)
                i = j
            default:
                return nil
            }
        }
        guard i == s.count else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// RFC 9110 HTTP-date: `Sun, 06 Nov 1994 08:49:37 GMT` (the obsolete forms are not accepted).
    static func httpDate(_ text: String) -> Double? {
        let parts = text.split(separator: " ").map(String.init)
        guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT" || parts[5] == "UTC",
              let day = Int(parts[1]), let year = Int(parts[3]),
              let month = months.firstIndex(of: parts[2].lowercased()).map({ $0 + 1 })
        else { return nil }
        let clock = parts[4].split(separator: ":").compactMap { Int($0) }
        guard clock.count == 3, clock[0] < 24, clock[1] < 60, clock[2] <= 60, (1...31).contains(day) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Double(days * 86_400 + clock[0] * 3600 + clock[1] * 60 + clock[2])
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
