import FeedPictures

extension Grid {
    /// Draws `picture` with its top-left cell at `row`, `column`, clipped to the grid and to
    /// `maxRows` rows: each cell is `▀`, the top pixel as foreground, the bottom as background.
    ///
    /// - Complexity: O(cells drawn).
    public mutating func draw(_ picture: HalfBlockPicture, row: Int, column: Int, maxRows: Int = .max) {
        let rows = min(picture.rows, maxRows, size.rows - row)
        let columns = min(picture.columns, size.columns - column)
        guard rows > 0, columns > 0, row >= 0, column >= 0 else { return }
        for y in 0..<rows {
            for x in 0..<columns {
                let pixels = picture[y, x]
                self[row + y, column + x] = Cell(
                    HalfBlockPicture.glyph, colors: CellColors(foreground: pixels.top, background: pixels.bottom))
            }
        }
    }
}
