/// Column widths of text as the terminal will draw it.
///
/// The terminal (ncursesw, and tmux) measures every scalar with glibc's `wcwidth`, so this
/// uses the same table, generated from glibc (`TextWidth+Table.swift`), instead of the process
/// locale: the answer is the same in tests, in pipes and on screen.
public enum TextWidth {
    /// The width of one scalar: 0, 1 or 2. Unprintable scalars count as 1 because
    /// `layout` draws them as a replacement character.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return 1 }
        if contains(doubleWidth, value) { return 2 }
        if contains(zeroWidth, value) { return 0 }
        return 1
    }

    /// Whether glibc calls the scalar unprintable (controls, unassigned code points).
    public static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value >= 0x20 && value < 0x7F { return false }
        return contains(unprintable, value)
    }

    /// The width of a grapheme cluster: the sum of its scalars, as the terminal adds them.
    public static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars { width += of(scalar) }
        return width
    }

    /// The width of a string.
    public static func of(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars { width += of(scalar) }
        return width
    }

    // MARK: - Helpers

    private static func contains(_ ranges: [ClosedRange<UInt32>], _ value: UInt32) -> Bool {
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let mid = (low + high) / 2
            let range = ranges[mid]
            if value < range.lowerBound {
                high = mid - 1
            } else if value > range.upperBound {
                low = mid + 1
            } else {
                return true
            }
        }
        return false
    }
}
