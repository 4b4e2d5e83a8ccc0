/// Text from a config file, fit for the one line an error makes: controls and the invisible
/// characters that reorder or hide text are written as escapes (`\u{1B}`), never raw, so an
/// error never drives the terminal; a long value is cut (`…`), so a 50 MB value is not echoed.
enum ConfigText {
    /// The most characters of one value an error quotes.
    static let maxShown = 60

    /// `text` escaped and cut, in double quotes.
    static func quoted(_ text: String) -> String { "\"" + shown(text) + "\"" }

    /// `text` escaped and cut at `limit` characters.
    static func shown(_ text: String, limit: Int = maxShown) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            if isHidden(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return out
    }

    /// C0 and C1 controls, DEL, and the format characters that change how a line reads
    /// (bidi overrides and isolates, zero-width characters, the line and paragraph separators).
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF, 0xFFF9...0xFFFB: true
        default: scalar.properties.generalCategory == .format
        }
    }
}
