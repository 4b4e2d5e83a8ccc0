import FeedModel

/// How a link is shown (never how it is opened or copied): percent-encoded UTF-8 decoded, as
/// browsers' address bars show it (`https://ja.wikipedia.org/wiki/東京`, not `%E6%9D%B1…`).
///
/// Only escapes that decode to letters, digits, `-._~` or whole non-ASCII UTF-8 characters are
/// decoded; an escape of anything with a meaning in a URL (`%2F`, `%3F`, `%25`, `%20`) or of a
/// control stays as written, so the shown link still says where it goes. The result passes the
/// sanitiser like any remote text.
enum LinkText {
    static func display(_ link: String) -> String {
        TextSanitizer.clean(decoded(link), mode: .line)
    }

    /// `link` with its decodable escapes decoded (see the type's comment).
    static func decoded(_ link: String) -> String {
        let bytes = Array(link.utf8)
        guard bytes.contains(UInt8(ascii: "%")) else { return link }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            // A run of escapes: decoded together, as a non-ASCII character takes several.
            var run: [UInt8] = []
            var end = index
            while end + 2 < bytes.count, bytes[end] == UInt8(ascii: "%"),
                  let high = hexValue(bytes[end + 1]), let low = hexValue(bytes[end + 2])
            {
                run.append(high << 4 | low)
                end += 3
            }
            if run.isEmpty {
                output.append(bytes[index])
                index += 1
                continue
            }
            output += decodedRun(run, escaped: bytes[index..<end])
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: - Helpers

    /// The bytes of a run of escapes: each unreserved ASCII byte and each whole valid UTF-8
    /// character decoded, everything else left escaped as it was written.
    private static func decodedRun(_ run: [UInt8], escaped: ArraySlice<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        let written = Array(escaped)
        var index = 0
        while index < run.count {
            let byte = run[index]
            let length = byte < 0x80 ? 1 : byte >> 5 == 0b110 ? 2 : byte >> 4 == 0b1110 ? 3 : byte >> 3 == 0b11110 ? 4 : 0
            if length == 1, isUnreserved(byte) {
                output.append(byte)
                index += 1
                continue
            }
            if length > 1, index + length <= run.count {
                let character = Array(run[index..<(index + length)])
                if let decoded = String(validating: character, as: UTF8.self), decoded.unicodeScalars.allSatisfy(isShown) {
                    output += character
                    index += length
                    continue
                }
            }
            output += written[(index * 3)..<(index * 3 + 3)]
            index += 1
        }
        return output
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Not a control, a format character (bidi overrides, zero-width) or a space of some kind:
    /// those stay escaped, so the shown link hides nothing.
    private static func isShown(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate: false
        default: true
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
