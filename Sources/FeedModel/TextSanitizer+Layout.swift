import Foundation

extension TextSanitizer {
    /// Sanitises text whose spaces and line breaks carry meaning (a code block, raw HTML).
    ///
    /// Escape sequences are removed whole from the text first (`ControlSequences`), so a space
    /// or line break inside one cannot split it into pieces that show its words. Then every
    /// line and every run between spaces goes through `clean(_:mode: .line)` on its own,
    /// then the pieces are joined with the spaces and newlines that separated them, so
    /// indentation survives while nothing else does: a piece is clean on its own, and joining
    /// clean pieces with plain spaces and newlines cannot form an escape sequence. Tabs become
    /// four spaces; a CR before LF is dropped.
    /// - Complexity: O(n) in the string's length.
    public static func cleanKeepingLayout(_ text: String) -> String {
        var normalised = ControlSequences.strip(text)
        // Foundation's replacing goes through NSString even when there is nothing to replace,
        // which was most of this function's time on the pages the reader parses.
        if normalised.utf8.contains(0x0D) { normalised = normalised.replacingOccurrences(of: "\r\n", with: "\n") }
        if normalised.utf8.contains(0x09) { normalised = normalised.replacingOccurrences(of: "\t", with: "    ") }
        // Split on scalars: a space followed by a combining mark is one `Character`.
        var out = String.UnicodeScalarView()
        var piece = String.UnicodeScalarView()
        func flush() {
            if !piece.isEmpty { out.append(contentsOf: clean(String(piece), mode: .line).unicodeScalars) }
            piece.removeAll()
        }
        for s in normalised.unicodeScalars {
            if s == " " || s == "\n" {
                flush()
                out.append(s)
            } else {
                piece.append(s)
            }
        }
        flush()
        return String(out)
    }
}
