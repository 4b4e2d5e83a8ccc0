import FeedPictures

/// Draws a picture entry with its top-left cell at `row`, `column`: the picture, a dim dot
/// while it loads, a dim cross when it failed (the log says why). A `row` above `top` (a
/// picture scrolled partly off the top of its area) cuts its first rows off.
func drawPicture(_ entry: PictureCache.Entry?, row: Int, column: Int, top: Int = 0, into grid: inout Grid) {
    switch entry {
    case let .picture(picture):
        let skipped = max(0, top - row)
        guard skipped < picture.rows else { return }
        let visible =
            skipped == 0
            ? picture
            : HalfBlockPicture(
                columns: picture.columns, rows: picture.rows - skipped,
                cells: Array(picture.cells[(skipped * picture.columns)...]))
        grid.draw(visible, row: max(top, row), column: column)
    case .failed:
        if row >= top && row < grid.size.rows { grid.write("✗", row: row, column: column, style: .meta) }
    case nil:
        if row >= top && row < grid.size.rows { grid.write("·", row: row, column: column, style: .meta) }
    }
}
