/// Formats Unix seconds as ISO 8601 UTC: `2016-12-08T19:39:07Z`, or with a fraction when `fraction` digits > 0.
func isoTimestamp(_ seconds: Int64, fraction: Int = 0, fractionValue: Int = 0, offsetHours: Int = 0) -> String {
    let local = seconds + Int64(offsetHours * 3600)
    var days = local >= 0 ? local / 86400 : (local - 86399) / 86400
    let secondsOfDay = local - days * 86400
    // Civil-from-days (Howard Hinnant's algorithm).
    days += 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let doe = days - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    var year = yoe + era * 400
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    if month <= 2 { year += 1 }
    func two(_ v: Int64) -> String { v < 10 ? "0\(v)" : "\(v)" }
    var out = "\(year)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))"
    if fraction > 0 {
        let digits = String(fractionValue)
        out += "." + String(repeating: "0", count: max(0, fraction - digits.count)) + digits.prefix(fraction)
    }
    if offsetHours == 0 {
        out += "Z"
    } else {
        let sign = offsetHours < 0 ? "-" : "+"
        out += "\(sign)\(two(Int64(abs(offsetHours)))):00"
    }
    return out
}

/// `20180330090522`, MediaWiki's continuation timestamp.
func mediaWikiTimestamp(_ seconds: Int64) -> String {
    isoTimestamp(seconds).filter(\.isNumber)
}
