/// HTML character references: the named ones feeds use, and numeric ones in decimal and hex.
public enum HTMLEntities {
    /// Decodes one reference at the start of `text` (which begins with `&`).
    ///
    /// NUL, surrogates and code points past U+10FFFF become U+FFFD, as browsers do; a
    /// reference with no `;`, unknown name or bad digits is not one (nil), so the `&` is text.
    /// - Returns: the decoded text and how many characters the reference spans.
    public static func decode(at text: Substring) -> (String, Int)? {
        let body = text.dropFirst().prefix(12)
        guard text.first == "&", let semicolon = body.firstIndex(of: ";") else { return nil }
        let name = body[..<semicolon]
        let length = name.count + 2
        if name.first == "#" {
            let digits = name.dropFirst()
            let value: UInt32?
            if let x = digits.first, x == "x" || x == "X" {
                value = digits.count > 1 ? UInt32(digits.dropFirst(), radix: 16) : nil
            } else {
                value = digits.isEmpty ? nil : UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(Character(scalar ?? "\u{FFFD}")), length)
        }
        guard let decoded = named[String(name)] else { return nil }
        return (decoded, length)
    }

    /// Decodes every reference in `text`, leaving anything else (tags included) alone.
    public static func decodeAll(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[amp...]
            if let (decoded, length) = decode(at: rest) {
                out += decoded
                rest = rest.dropFirst(length)
            } else {
                out += "&"
                rest = rest.dropFirst()
            }
        }
        out += rest
        return out
    }

    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "hellip": "…", "mdash": "—", "ndash": "–", "lsquo": "‘", "rsquo": "’", "ldquo": "“",
        "rdquo": "”", "laquo": "«", "raquo": "»", "bull": "•", "middot": "·", "copy": "©",
        "reg": "®", "trade": "™", "deg": "°", "times": "×", "divide": "÷", "euro": "€",
        "pound": "£", "yen": "¥", "cent": "¢", "sect": "§", "para": "¶", "shy": "",
        "zwj": "\u{200D}", "zwnj": "\u{200C}", "thinsp": " ", "ensp": " ", "emsp": " ",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "le": "≤", "ge": "≥",
        "ne": "≠", "plusmn": "±", "frac12": "½", "frac14": "¼", "frac34": "¾", "iexcl": "¡",
        "iquest": "¿", "eacute": "é", "egrave": "è", "aacute": "á", "agrave": "à", "oacute": "ó",
        "uuml": "ü", "ouml": "ö", "auml": "ä", "szlig": "ß", "ntilde": "ñ", "ccedil": "ç",
        "dagger": "†", "prime": "′", "Prime": "″", "lambda": "λ", "pi": "π", "mu": "µ",
    ]
}

extension HTMLEntities {
    /// Text as HTML text: `&`, `<` and `>` as entities (for HTML built around remote text,
    /// which the HTML pipeline then reads back as the same text).
    public static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
