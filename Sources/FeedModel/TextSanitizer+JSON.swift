import Foundation

extension TextSanitizer {
    /// A JSON text with every character that could act on a terminal or hide text written as
    /// a `\u` escape, so it reaches a terminal as plain characters and means the same to a JSON
    /// reader. `JSONEncoder` escapes only C0 controls: DEL, the C1 controls (U+009B is CSI),
    /// the line and paragraph separators and format characters (bidi overrides, zero-width
    /// characters) would otherwise go out raw, and pipes write raw ids (`--json`).
    ///
    /// Only valid on JSON text whose hidden characters are inside strings (as an encoder's are).
    /// - Complexity: O(n); returns the text itself when nothing needs escaping.
    public static func escapingHiddenInJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: isHiddenInJSON) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            guard isHiddenInJSON(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            for unit in String(scalar).utf16 { out += String(format: "\\u%04x", unit) }
        }
        return out
    }

    private static func isHiddenInJSON(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x7F...0x9F, 0x2028, 0x2029: true
        case 0..<0x7F: false
        default: scalar.properties.generalCategory == .format
        }
    }
}
