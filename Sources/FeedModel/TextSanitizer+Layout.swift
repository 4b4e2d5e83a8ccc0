import Foundation

extension TextSanitizer {
    /// Sanitises text whose spaces and line breaks carry meaning (a code block, raw HTML).
    ///
    /// Every line and every run between spaces goes through `clean(_:mode: .line)` on its own,
    /// then the pieces are joined with the spaces and newlines that separated them, so
    /// indentation survives while nothing else does: a piece is clean on its own, and joining
    /// clean pieces with plain spaces and newlines cannot form an escape sequence. Tabs become
    /// four spaces; a CR before LF is dropped.
    /// - Complexity: O(n) in the string's length.
    public static func cleanKeepingLayout(_ text: String) -> String {
        let normalised = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\t", with: "    ")
        return normalised.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.split(separator: " ", omittingEmptySubsequences: false).map { piece in
                piece.isEmpty ? "" : clean(String(piece), mode: .line)
            }.joined(separator: " ")
        }.joined(separator: "\n")
    }
}
