/// An RFC 8288 `Link` header, parsed to relation → target.
///
/// Commas inside `<…>` and inside quoted parameters do not split links, a link may carry several
/// space-separated relations (`rel="next last"`), and relation names compare case-insensitively.
/// A malformed entry is skipped, never fatal. The first link for a relation wins.
public struct LinkHeader: Sendable, Equatable {
    public struct Link: Sendable, Equatable {
        public var target: String
        public var relations: [String]
        public var parameters: [String: String]
    }

    public var links: [Link]

    public init(_ header: String?) {
        links = header.map(Self.parse) ?? []
    }

    /// The target of the first link with this relation, e.g. `url(for: "next")`.
    public func url(for relation: String) -> String? {
        let wanted = relation.lowercased()
        return links.first { $0.relations.contains(wanted) }?.target
    }

    // MARK: - Parsing

    private static func parse(_ header: String) -> [Link] {
        var links: [Link] = []
        var chars = Array(header)[...]
        while !chars.isEmpty {
            skip(&chars) { $0 == "," || $0.isWhitespace }
            guard chars.first == "<" else {
                // Not a link: drop everything up to the next top-level comma.
                skipToNextLink(&chars)
                continue
            }
            chars.removeFirst()
            guard let close = chars.firstIndex(of: ">") else { break }
            let target = String(chars[..<close]).trimmingWhitespace()
            chars = chars[chars.index(after: close)...]
            var parameters: [String: String] = [:]
            while true {
                skip(&chars) { $0.isWhitespace }
                guard chars.first == ";" else { break }
                chars.removeFirst()
                skip(&chars) { $0.isWhitespace }
                let name = take(&chars) { $0 != "=" && $0 != ";" && $0 != "," }.trimmingWhitespace().lowercased()
                var value = ""
                skip(&chars) { $0.isWhitespace }
                if chars.first == "=" {
                    chars.removeFirst()
                    skip(&chars) { $0.isWhitespace }
                    if chars.first == "\"" {
                        chars.removeFirst()
                        var escaped = false
                        while let c = chars.first {
                            chars.removeFirst()
                            if escaped { value.append(c); escaped = false }
                            else if c == "\\" { escaped = true }
                            else if c == "\"" { break }
                            else { value.append(c) }
                        }
                    } else {
                        value = take(&chars) { $0 != ";" && $0 != "," }.trimmingWhitespace()
                    }
                }
                if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
            }
            let relations = (parameters["rel"] ?? "").lowercased()
                .split(whereSeparator: { $0.isWhitespace }).map(String.init)
            links.append(Link(target: target, relations: relations, parameters: parameters))
            skipToNextLink(&chars)
        }
        return links
    }

    private static func skip(_ chars: inout ArraySlice<Character>, while predicate: (Character) -> Bool) {
        while let c = chars.first, predicate(c) { chars.removeFirst() }
    }

    private static func take(_ chars: inout ArraySlice<Character>, while predicate: (Character) -> Bool) -> String {
        var out = ""
        while let c = chars.first, predicate(c) { out.append(c); chars.removeFirst() }
        return out
    }

    private static func skipToNextLink(_ chars: inout ArraySlice<Character>) {
        var inQuotes = false
        while let c = chars.first {
            if c == "\"" { inQuotes.toggle() }
            if c == "," && !inQuotes { chars.removeFirst(); return }
            chars.removeFirst()
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
