/// Column widths of text as the terminal will draw it, and the cells it draws it in.
///
/// The terminal (ncursesw, and tmux) measures every scalar with glibc's `wcwidth`, so this
/// uses the same table, generated from glibc (`TextWidth+Table.swift`), instead of the process
/// locale: the answer is the same in tests, in pipes and on screen.
///
/// Cells follow tmux's rules (3.3): a scalar of width 0 joins the cell before it, and so does
/// the scalar after a zero width joiner (U+200D), whatever its own width, so a ZWJ emoji
/// sequence takes the width of its first emoji. Everything else starts a cell as wide as its
/// `wcwidth`. So a Devanagari conjunct, a flag (two regional indicators, one column each) and a
/// skin-toned emoji (two wide scalars) take as many columns as the same text printed raw.
public enum TextWidth {
    /// The zero width joiner: the scalar after it joins the cell before.
    public static let joiner: Unicode.Scalar = "\u{200D}"

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

    /// The width of a grapheme cluster as the terminal adds its scalars.
    public static func of(_ character: Character) -> Int {
        of(character.unicodeScalars)
    }

    /// The width of a string.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        of(text.unicodeScalars)
    }

    /// The width of scalars: each adds its own, except those that join the cell before.
    public static func of<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> Int {
        var width = 0
        var afterJoiner = false
        for scalar in scalars {
            if !afterJoiner { width += of(scalar) }
            afterJoiner = scalar == joiner
        }
        return width
    }

    /// The terminal cells of a grapheme cluster: scalars that join the cell before it
    /// (`joining`: marks of width 0 before its first cell, or its first scalar when the text
    /// before ended with a joiner), then each cell's scalars and width (1 or 2).
    ///
    /// `afterJoiner` says the text before ended with a joiner, and is updated for the next
    /// cluster.
    public static func cells(of character: Character, afterJoiner: inout Bool) -> (joining: String, cells: [(text: String, width: Int)]) {
        var joining = ""
        var cells: [(text: String, width: Int)] = []
        for scalar in character.unicodeScalars {
            let width = of(scalar)
            if afterJoiner || width == 0 {
                if cells.isEmpty {
                    joining.unicodeScalars.append(scalar)
                } else {
                    cells[cells.count - 1].text.unicodeScalars.append(scalar)
                }
            } else {
                cells.append((String(scalar), width))
            }
            afterJoiner = scalar == joiner
        }
        return (joining, cells)
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
