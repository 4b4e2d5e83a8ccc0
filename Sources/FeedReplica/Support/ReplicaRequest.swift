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
    /// The request headers the replicas read (`if-none-match`, `if-modified-since`), names lowercased.
    var headers: [(String, String)] = []

    /// The first value of a request header, by lowercased name.
    func header(_ name: String) -> String? { headers.first { $0.0 == name }?.1 }

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
