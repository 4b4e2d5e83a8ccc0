/// A request as the replicas see it: transport-free, so every route is a pure function.
struct ReplicaRequest: Sendable {
    var method: String
    /// The path below the API prefix, without a leading slash: `item/8863.json`.
    var path: String
    /// The path as requested, with the prefix: `/hn/v0/item/8863.json`.
    var fullPath: String
    /// The query string as sent, without `?`.
    var rawQuery: String?
    /// Decoded query pairs, in order.
    var query: [(String, String)]
    /// `http://127.0.0.1:8765`, from the request's own Host header.
    var origin: String
    /// Wall-clock seconds.
    var now: Double

    init(method: String = "GET", path: String, fullPath: String, rawQuery: String?, origin: String, now: Double) {
        self.method = method
        self.path = path
        self.fullPath = fullPath
        self.rawQuery = rawQuery
        self.query = ReplicaRequest.parseQuery(rawQuery)
        self.origin = origin
        self.now = now
    }

    /// The first value of a query parameter.
    subscript(_ name: String) -> String? { query.first { $0.0 == name }?.1 }

    /// The full URL as requested: `origin + fullPath + ?query`.
    var fullURL: String {
        origin + fullPath + (rawQuery.map { "?" + $0 } ?? "")
    }

    static func parseQuery(_ raw: String?) -> [(String, String)] {
        guard let raw, !raw.isEmpty else { return [] }
        return raw.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = percentDecode(String(parts[0]))
            let value = parts.count > 1 ? percentDecode(String(parts[1])) : ""
            return (name, value)
        }
    }

    static func percentDecode(_ string: String) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(string.utf8).makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), let h = iterator.next(), let l = iterator.next(),
                let value = UInt8(String(decoding: [h, l], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Percent-encodes a query value (RFC 3986 unreserved characters stay).
    static func percentEncode(_ string: String) -> String {
        var out = ""
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                out.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// Builds a query string from pairs, percent-encoding names and values.
    static func encodeQuery(_ pairs: [(String, String)]) -> String {
        pairs.map { percentEncode($0.0) + "=" + percentEncode($0.1) }.joined(separator: "&")
    }
}

/// A response as the replicas build it; the transport turns it into HTTP.
struct ReplicaResponse: Sendable {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    init(status: Int = 200, headers: [(String, String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(status: Int = 200, headers: [(String, String)] = [], text: String, contentType: String = "text/plain; charset=utf-8") {
        self.init(status: status, headers: [("Content-Type", contentType)] + headers, body: Array(text.utf8))
    }

    static func json(
        _ value: JSONValue, status: Int = 200, headers: [(String, String)] = [], pretty: Bool = false,
        contentType: String = "application/json; charset=utf-8"
    ) -> ReplicaResponse {
        ReplicaResponse(status: status, headers: [("Content-Type", contentType)] + headers,
                        body: Array(value.serialized(pretty: pretty).utf8))
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// The first value of a header, case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    mutating func setHeader(_ name: String, _ value: String) {
        headers.removeAll { $0.0.lowercased() == name.lowercased() }
        headers.append((name, value))
    }
}

/// JavaScript's `parseInt(s, 10)`-ish semantics used by PokeAPI's and json-server's handlers:
/// leading spaces, a sign, digits up to the first non-digit; `nil` for NaN. `0x` prefixes parse as hex.
func jsParseInt(_ string: String?) -> Int? {
    guard let string else { return nil }
    var s: Substring = string[...]
    s = s.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    var negative = false
    if let first = s.first, first == "-" || first == "+" {
        negative = first == "-"
        s = s.dropFirst()
    }
    var radix = 10
    if s.hasPrefix("0x") || s.hasPrefix("0X") {
        radix = 16
        s = s.dropFirst(2)
    }
    let digits = s.prefix { $0.isHexDigit && Int(String($0), radix: radix) != nil }
    guard !digits.isEmpty else { return nil }
    let value: Int = Int(String(digits.prefix(15)), radix: radix) ?? 0
    return negative ? -value : value
}

/// JavaScript's `Array.prototype.slice(start, end)` index rules.
func jsSliceRange(count: Int, start: Int, end: Int) -> Range<Int> {
    func clamp(_ i: Int) -> Int { i < 0 ? max(count + i, 0) : min(i, count) }
    let lower = clamp(start)
    let upper = clamp(end)
    return lower < upper ? lower..<upper : lower..<lower
}

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
