extension Grid {
    /// Writes text into one row from `column`, clipped to `width` columns.
    ///
    /// Walks grapheme clusters; a wide character that would cross the right edge is never
    /// split; unprintable scalars become `�`; clusters with no width of their own (a stray
    /// combining mark) are dropped. Text that does not fit is cut with `…` in its last column,
    /// so a cut is always visible.
    /// - Returns: the number of columns written.
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int, width: Int? = nil, style: Style = .normal
    ) -> Int {
        write(text, row: row, column: column, width: width, style: style, marking: [], as: style)
    }

    /// Writes text as `write` does, drawing the characters that start inside `marks` (UTF-8
    /// offsets into `text`, ascending, as `SearchPattern.ranges` gives them) in `markStyle`.
    @discardableResult
    public mutating func write(
        _ text: String, row: Int, column: Int, width: Int? = nil, style: Style,
        marking marks: [Range<Int>], as markStyle: Style
    ) -> Int {
        guard row >= 0, row < size.rows, column >= 0, column < size.columns else { return 0 }
        let limit = min(size.columns - column, width ?? Int.max)
        guard limit > 0 else { return 0 }
        var used = 0
        var offset = 0
        var mark = 0
        var isCut = false
        for character in text {
            while mark < marks.count && marks[mark].upperBound <= offset { mark += 1 }
            let style = mark < marks.count && marks[mark].contains(offset) ? markStyle : style
            offset += character.utf8.count
            var glyph = String(character)
            var cellWidth = TextWidth.of(character)
            if character.unicodeScalars.contains(where: TextWidth.isUnprintable) {
                glyph = "\u{FFFD}"
                cellWidth = 1
            }
            if cellWidth == 0 { continue }
            if cellWidth > 2, let first = character.unicodeScalars.first {
                // A sequence the terminal would draw wider than one glyph (ZWJ emoji): keep its
                // first scalar so the measured width and the drawn width agree.
                glyph = String(first)
                cellWidth = max(1, TextWidth.of(first))
            }
            if used + cellWidth > limit {
                isCut = true
                break
            }
            self[row, column + used] = Cell(glyph, width: UInt8(cellWidth), style: style)
            if cellWidth == 2 { self[row, column + used + 1] = Cell("", width: 0, style: style) }
            used += cellWidth
        }
        if isCut { markCut(row: row, column: column, used: &used, limit: limit, style: style) }
        return used
    }

    /// Puts `…` in the last column of a cut text, over the half of a wide character if need be.
    private mutating func markCut(row: Int, column: Int, used: inout Int, limit: Int, style: Style) {
        if used < limit {
            // A wide character did not fit in the one column left.
            self[row, column + used] = Cell("…", style: used > 0 ? self[row, column + used - 1].style : style)
            used += 1
            return
        }
        let last = column + limit - 1
        let lastStyle = self[row, last].style
        if self[row, last].isContinuation, last > column {
            self[row, last - 1] = Cell(" ", style: lastStyle)
        }
        self[row, last] = Cell("…", style: lastStyle)
    }

    /// Fills columns of one row with spaces in a style (a highlighted bar, say).
    public mutating func fill(row: Int, from column: Int = 0, to end: Int? = nil, style: Style) {
        guard row >= 0, row < size.rows else { return }
        for c in max(0, column)..<min(size.columns, end ?? size.columns) {
            self[row, c] = Cell(" ", style: style)
        }
    }
}
