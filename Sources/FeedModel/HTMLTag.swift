/// A tag at the start of some HTML: `<name attrs>`, `</name>`, `<name/>`, `<!-- -->`, `<!doctype>`.
/// Shared by the block renderer (`HTMLBlocks`) and the one-line flattener (`HTMLText`).
public struct HTMLTag: Sendable {
    public var name: String
    public var isClosing: Bool
    public var isSelfClosing: Bool
    public var attributes: Substring
    public var length: Int

    /// Parses the tag `text` starts with (`text` begins with `<`); nil when that `<` opens no tag.
    public init?(at text: Substring) {
        var i = text.index(after: text.startIndex)
        guard i < text.endIndex else { return nil }
        if text[i...].hasPrefix("!--") {
            guard let end = text[text.index(i, offsetBy: 3)...].range(of: "-->") else { return nil }
            name = "!--"
            isClosing = false
            isSelfClosing = true
            attributes = ""
            length = text.distance(from: text.startIndex, to: end.upperBound)
            return
        }
        isClosing = text[i] == "/"
        if isClosing { i = text.index(after: i) }
        guard i < text.endIndex, text[i].isASCII, text[i].isLetter || text[i] == "!" || text[i] == "?" else { return nil }
        var nameEnd = i
        while nameEnd < text.endIndex, text[nameEnd].isASCII,
              text[nameEnd].isLetter || text[nameEnd].isNumber || "!?-".contains(text[nameEnd])
        {
            nameEnd = text.index(after: nameEnd)
        }
        name = text[i..<nameEnd].lowercased()
        var j = nameEnd
        var quote: Character?
        while j < text.endIndex {
            let c = text[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                break
            } else if c == "<" {
                return nil  // `<b <i>`: the first `<` opens nothing
            }
            j = text.index(after: j)
        }
        guard j < text.endIndex else { return nil }
        attributes = text[nameEnd..<j]
        isSelfClosing = attributes.hasSuffix("/")
        length = text.distance(from: text.startIndex, to: j) + 1
    }

    /// The value of an attribute, quoted or bare; names match case-insensitively.
    public func attribute(_ wanted: String) -> String? {
        var rest = attributes
        while let range = rest.range(of: wanted + "=", options: .caseInsensitive) {
            let before = range.lowerBound == rest.startIndex ? nil : rest[rest.index(before: range.lowerBound)]
            var value = rest[range.upperBound...]
            rest = value
            guard before == nil || before!.isWhitespace else { continue }
            if let q = value.first, q == "\"" || q == "'" {
                value = value.dropFirst()
                return String(value[..<(value.firstIndex(of: q) ?? value.endIndex)])
            }
            return String(value[..<(value.firstIndex(where: { $0.isWhitespace }) ?? value.endIndex)])
        }
        return nil
    }

    /// The words of the `class` attribute.
    public var classes: [String] {
        (attribute("class") ?? "").split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }
}
