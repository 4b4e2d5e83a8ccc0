import Foundation

/// Builds request URLs under an API root that may carry its own path prefix.
///
/// `APIEndpoint.url(base: "http://127.0.0.1:8080/hn/v0", path: "item/1.json")` is
/// `http://127.0.0.1:8080/hn/v0/item/1.json`: the path is appended, never substituted.
/// Query values are percent-encoded for everything but RFC 3986 unreserved characters, so
/// `<=`, `|`, `&`, `+` and spaces all survive the trip.
enum APIEndpoint {
    static func url(base: URL, path: String, query: [(String, String)] = []) -> URL {
        var root = base.absoluteString
        if let hash = root.firstIndex(of: "#") { root = String(root[..<hash]) }
        var baseQuery: String?
        if let mark = root.firstIndex(of: "?") {
            baseQuery = String(root[root.index(after: mark)...])
            root = String(root[..<mark])
        }
        while root.hasSuffix("/") { root.removeLast() }
        var trimmedPath = Substring(path)
        while trimmedPath.hasPrefix("/") { trimmedPath.removeFirst() }
        var text = trimmedPath.isEmpty ? root : root + "/" + trimmedPath
        var parts: [String] = []
        if let baseQuery, !baseQuery.isEmpty { parts.append(baseQuery) }
        parts += query.map { "\(encode($0.0))=\(encode($0.1))" }
        if !parts.isEmpty { text += "?" + parts.joined(separator: "&") }
        // Every piece is either the caller's valid URL or percent-encoded, so this cannot fail;
        // the fallback keeps the function total rather than trapping.
        return URL(string: text) ?? base
    }

    private static let unreserved: Set<UInt8> = Set(
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8))

    /// Percent-encodes all but the unreserved characters.
    static func encode(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if unreserved.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }

    /// The first value of a query parameter in a URL string (e.g. a `next` link), decoded.
    static func queryValue(_ name: String, in urlString: String) -> String? {
        guard let components = URLComponents(string: urlString) else { return nil }
        return components.queryItems?.first { $0.name == name }?.value
    }

    /// A query string's pairs, decoded, in order.
    static func queryPairs(_ query: String) -> [(String, String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(parts[0])
            let raw = parts.count > 1 ? String(parts[1]) : ""
            let value = raw.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? raw
            return (name, value)
        }
    }
}
