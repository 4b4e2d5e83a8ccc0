import FeedPictures

/// Draws a picture entry with its top-left cell at `row`, `column`: the picture, a dim dot
/// while it loads, a dim cross when it failed (the log says why). A negative `row` (a picture
/// scrolled partly off the top) cuts its first rows off.
func drawPicture(_ entry: PictureCache.Entry?, row: Int, column: Int, into grid: inout Grid) {
    switch entry {
    case let .picture(picture):
        let skipped = max(0, -row)
        guard skipped < picture.rows else { return }
        let visible =
            skipped == 0
            ? picture
            : HalfBlockPicture(
                columns: picture.columns, rows: picture.rows - skipped,
                cells: Array(picture.cells[(skipped * picture.columns)...]))
        grid.draw(visible, row: max(0, row), column: column)
    case .failed:
        if row >= 0 && row < grid.size.rows { grid.write("✗", row: row, column: column, style: .meta) }
    case nil:
        if row >= 0 && row < grid.size.rows { grid.write("·", row: row, column: column, style: .meta) }
    }
}
