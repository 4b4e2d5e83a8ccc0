import Foundation

/// Dates as feeds write them, to Unix seconds: RFC 822 read leniently (no weekday or a wrong
/// one, no space after the comma, no seconds, no time, full month names, month before day,
/// 2-digit years, `GMT-05:00`, the US zone names, asctime), then RFC 3339 / W3CDTF (`T` or a
/// space, fractions, `Z` or an offset with or without a colon, date-only, year-month, year),
/// MSSQL's `2004-07-08 23:56:58.0`. Out-of-range days roll over (`31 Jun` is `1 Jul`), as
/// feedparser does; an unknown zone name reads as UTC. Anything else is `nil`: the caller
/// keeps the entry undated rather than inventing a time.
public enum FeedDate {
    /// - Complexity: O(n) in the string's length; no formatter, no locale.
    public static func parse(_ raw: String) -> Int64? {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.utf8.count < 80 else { return nil }
        let u = Array(text.utf8)
        if u.count >= 4, u[0...3].allSatisfy(isDigit) { return iso(u) ?? rfc822(text) }
        return rfc822(text)
    }

    // MARK: - ISO 8601 / RFC 3339

    static func iso(_ u: [UInt8]) -> Int64? {
        var i = 0
        func number(_ maxDigits: Int) -> Int? {
            var n = 0, count = 0
            while i < u.count, count < maxDigits, isDigit(u[i]) { n = n * 10 + Int(u[i] - 0x30); i += 1; count += 1 }
            return count == 0 ? nil : n
        }
        func eat(_ c: Character) -> Bool {
            if i < u.count, u[i] == c.asciiValue! { i += 1; return true }
            return false
        }
        guard let year = number(4) else { return nil }
        var month = 1, day = 1, hour = 0, minute = 0, second = 0, offset = 0
        if i == u.count { return epoch(year, 1, 1, 0, 0, 0, 0) }
        let compact = i < u.count && isDigit(u[i])  // 20040708
        if !compact { guard eat("-") else { return nil } }
        guard let m = number(2) else { return nil }
        month = m
        if i < u.count {
            if !compact { guard eat("-") else { return nil } }
            guard let d = number(2) else { return nil }
            day = d
        }
        if i < u.count, u[i] == UInt8(ascii: "T") || u[i] == UInt8(ascii: "t") || u[i] == 0x20 {
            i += 1
            guard let h = number(2) else { return nil }
            hour = h
            if eat(":") || (i < u.count && isDigit(u[i])) {
                guard let mi = number(2) else { return nil }
                minute = mi
                if eat(":") || (i < u.count && isDigit(u[i])) {
                    guard let s = number(2) else { return nil }
                    second = s
                    if eat(".") || eat(",") { _ = number(12) }
                }
            }
            while i < u.count, u[i] == 0x20 { i += 1 }
            if i < u.count {
                if u[i] == UInt8(ascii: "Z") || u[i] == UInt8(ascii: "z") {
                    i += 1
                } else if u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") {
                    let sign = u[i] == UInt8(ascii: "-") ? -1 : 1
                    i += 1
                    guard let oh = number(2) else { return nil }
                    _ = eat(":")
                    let om = number(2) ?? 0
                    offset = sign * (oh * 3600 + om * 60)
                } else {
                    // A zone name after an ISO time (`2004-07-08 23:56:58 EST`).
                    let rest = String(decoding: u[i...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    guard let z = zone(rest) else { return nil }
                    offset = z
                    i = u.count
                }
            }
        }
        guard i == u.count else { return nil }
        return epoch(year, month, day, hour, minute, second, offset)
    }

    // MARK: - RFC 822, leniently

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    static func rfc822(_ text: String) -> Int64? {
        var tokens: [Substring] = []
        for piece in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }) {
            // `24-Nov-2023` and `GMT+05:00` split into their parts.
            if piece.contains("-"), piece.first?.isNumber == true, !piece.contains(":") {
                tokens.append(contentsOf: piece.split(separator: "-"))
            } else {
                tokens.append(piece)
            }
        }
        var day: Int?, month: Int?, year: Int?
        var hour = 0, minute = 0, second = 0, offset = 0
        var sawTime = false
        for token in tokens {
            let lower = token.lowercased()
            if let first3 = lower.count >= 3 ? String(lower.prefix(3)) : nil, lower.first?.isLetter == true {
                if month == nil, let m = months.firstIndex(of: first3), lower.count <= 9 { month = m + 1; continue }
                if weekdays.contains(first3) { continue }
            }
            if token.contains(":"), token.first?.isNumber == true, !sawTime {
                let parts = token.split(separator: ":")
                guard parts.count >= 2, let h = Int(parts[0]), let m = Int(parts[1]) else { return nil }
                hour = h
                minute = m
                if parts.count > 2 { second = Int(parts[2].prefix(while: \.isNumber)) ?? 0 }
                sawTime = true
                continue
            }
            if token.allSatisfy(\.isNumber) {
                guard let n = Int(token) else { return nil }
                if token.count == 4 || (day != nil && year == nil && month != nil) {
                    if year == nil { year = token.count == 4 ? n : n < 90 ? 2000 + n : 1900 + n; continue }
                }
                if day == nil, n >= 1, n <= 31 { day = n; continue }
                if year == nil { year = token.count <= 2 ? (n < 90 ? 2000 + n : 1900 + n) : n; continue }
                return nil
            }
            if let z = zone(String(token)) { offset = z; continue }
            // Anything else (a localised word, junk): not a date we can trust.
            if sawTime { continue }
            return nil
        }
        guard let day, let month, let year else { return nil }
        _ = sawTime
        return epoch(year, month, day, hour, minute, second, offset)
    }

    /// Seconds east of UTC for a zone as feeds write it; nil when it is no zone at all.
    static func zone(_ raw: String) -> Int? {
        var z = raw.uppercased()
        if z.hasPrefix("ETC/") { z.removeFirst(4) }
        for prefix in ["GMT", "UTC", "UT"] where z.hasPrefix(prefix) && z.count > prefix.count {
            let rest = z.dropFirst(prefix.count)
            if rest.first == "+" || rest.first == "-" { z = String(rest) }
        }
        if z.first == "+" || z.first == "-" {
            let sign = z.first == "-" ? -1 : 1
            let digits = z.dropFirst().filter(\.isNumber)
            guard !digits.isEmpty, digits.count <= 4 else { return nil }
            let value = Int(digits) ?? 0
            let (h, m) = digits.count <= 2 ? (value, 0) : (value / 100, value % 100)
            guard h <= 14, m < 60 else { return nil }
            return sign * (h * 3600 + m * 60)
        }
        let names: [String: Int] = [
            "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "WET": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7,
            "MDT": -6, "PST": -8, "PDT": -7, "ET": -5, "CT": -6, "MT": -7, "PT": -8, "AT": -4, "AST": -4, "ADT": -3,
            "MET": 1, "CET": 1, "MEST": 2, "CEST": 2, "MESZ": 2, "MEZ": 1, "BST": 1, "EET": 2, "EEST": 3, "IST": 5,
            "JST": 9, "KST": 9, "HKT": 8, "AEST": 10, "AEDT": 11, "NZST": 12, "NZDT": 13,
        ]
        if let hours = names[z] { return hours * 3600 }
        // An unknown alphabetic zone name reads as UTC, as feedparser does.
        if z.count <= 5, z.allSatisfy({ $0.isLetter && $0.isASCII }) { return 0 }
        return nil
    }

    /// Unix seconds for a civil date and time at `offset` seconds east of UTC. Days past the
    /// month's end roll over.
    static func epoch(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int, _ offset: Int) -> Int64? {
        guard (1...12).contains(month), (1...31).contains(day), (0...24).contains(hour), (0...59).contains(minute),
              (0...60).contains(second), (1...9999).contains(year)
        else { return nil }
        // Howard Hinnant's days-from-civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146097 + doe - 719468
        return Int64(days) * 86400 + Int64(hour * 3600 + minute * 60 + second - offset)
    }

    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
}
