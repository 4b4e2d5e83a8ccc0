/// Trimming white space natively, looking only at the ends.
///
/// Foundation's `trimmingCharacters(in:)` on Linux bridges the whole string through UTF-16 and
/// back, however little it trims: a 10 MB feed title spent about a second in it and in
/// `contains("  ")`. These look at the scalars at each end and copy once.
extension StringProtocol {
    /// Without white space (spaces, tabs, no-break spaces) at either end; line breaks stay,
    /// as `trimmingCharacters(in: .whitespaces)` keeps them.
    public func trimmingSpace() -> String { trimming { $0.properties.isWhitespace && !Self.isLineBreak($0) } }

    /// Without white space or line breaks at either end (`.whitespacesAndNewlines`).
    public func trimmingSpaceAndNewlines() -> String { trimming { $0.properties.isWhitespace } }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isTrimmed(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard isTrimmed(scalars[before]) else { break }
            end = before
        }
        return String(self[start..<end])
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension StringProtocol {
    /// One line: every run of white space (line breaks and tabs included) one space, none at
    /// either end. For titles and one-line fields.
    /// - Complexity: O(n).
    public func collapsingWhitespace() -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        var pendingSpace = false
        for c in self {
            if c.isWhitespace {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace {
                    out.append(" ")
                    pendingSpace = false
                }
                out.append(c)
            }
        }
        return out
    }
}
