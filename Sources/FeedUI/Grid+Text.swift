import FeedModel

extension Grid {
    /// Writes text into one row from `column`, clipped to `width` columns.
    ///
    /// Draws the cells the terminal would (`TextWidth.cells`): a grapheme cluster may take
    /// several cells (a Devanagari conjunct, a flag, a skin-toned emoji), marks and the emoji
    /// after a joiner join the cell before. A cluster that would cross the right edge is never
    /// split; unprintable scalars become `�`; marks with no cell before them in this text (a
    /// stray combining mark) are dropped. Text that does not fit is cut with `…` in its last
    /// column, so a cut is always visible.
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
        var afterJoiner = false
        /// The column of the last cell written (where joining scalars go).
        var lastCell: Int?
        /// Where the last cluster written starts, and how many cells it took.
        var lastCluster = (start: 0, cells: 0)
        for character in text {
            while mark < marks.count && marks[mark].upperBound <= offset { mark += 1 }
            let style = mark < marks.count && marks[mark].contains(offset) ? markStyle : style
            offset += character.utf8.count
            var (joining, cells) = TextWidth.cells(of: character, afterJoiner: &afterJoiner)
            if character.unicodeScalars.contains(where: TextWidth.isUnprintable) {
                (joining, cells) = ("", [("\u{FFFD}", 1)])
                afterJoiner = false
            }
            let clusterWidth = cells.reduce(0) { $0 + $1.width }
            if used + clusterWidth > limit {
                isCut = true
                break
            }
            if !joining.isEmpty, let last = lastCell {
                self[row, last].text.unicodeScalars.append(contentsOf: joining.unicodeScalars)
            }
            lastCluster = (used, cells.count)
            for cell in cells {
                self[row, column + used] = Cell(cell.text, width: UInt8(cell.width), style: style)
                if cell.width == 2 { self[row, column + used + 1] = Cell("", width: 0, style: style) }
                lastCell = column + used
                used += cell.width
            }
        }
        if isCut { markCut(row: row, column: column, used: &used, limit: limit, style: style, lastCluster: lastCluster) }
        return used
    }

    /// Puts `…` in the last column of a cut text, over the half of a wide character if need be;
    /// a cluster of several cells (a flag, a conjunct) that the mark would split is replaced
    /// whole: `…` at its start.
    private mutating func markCut(
        row: Int, column: Int, used: inout Int, limit: Int, style: Style, lastCluster: (start: Int, cells: Int)
    ) {
        if used == limit && lastCluster.cells > 1 {
            let lastStyle = self[row, column + lastCluster.start].style
            for c in (column + lastCluster.start)..<(column + limit) { self[row, c] = Cell(" ", style: lastStyle) }
            self[row, column + lastCluster.start] = Cell("…", style: lastStyle)
            used = lastCluster.start + 1
            return
        }
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
