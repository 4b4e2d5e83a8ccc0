import FeedModel

/// Wide terminals: at `splitMinimumColumns` and more the list takes the left part and the
/// cursor's item is previewed on the right (its picture, title, meta, link and text, as the
/// list knows it: no request, so the pane follows the cursor at once and nothing needs
/// cancelling; Enter opens the whole item with its comments).
extension AppState {
    /// The narrowest terminal that splits.
    public static let splitMinimumColumns = 160

    /// The list's width when the screen is split, nil when it is not (narrow, or a detail or
    /// the reader is open). About two fifths of the width, within 64…100 columns, so titles
    /// stay whole and the preview keeps a readable measure.
    public var splitListColumns: Int? {
        guard size.columns >= Self.splitMinimumColumns, detail == nil, reader == nil else { return nil }
        return max(64, min(100, size.columns * 2 / 5))
    }

    /// Where the preview pane starts (after the list and a rule), when split.
    var previewColumn: Int? { splitListColumns.map { $0 + 2 } }

    /// The preview's text width: the pane, held to a readable measure.
    var previewTextWidth: Int {
        guard let column = previewColumn else { return 0 }
        return min(DetailLayout.commentMeasure + 2, size.columns - column - 1)
    }

    /// The preview's lines for the cursor's item: the detail's layout without the comments.
    func previewLines() -> [DetailLine] {
        guard previewColumn != nil, list.viewport.hasCursorItem, list.viewport.cursor < list.paging.items.count else { return [] }
        let item = list.paging.items[list.viewport.cursor]
        var preview = DetailState(item: item, serial: 0, comments: nil)
        preview.pictureRows = pictureRows(for: item.pictureURL, box: largePictureBox)
        return DetailLayout.lines(preview, width: previewTextWidth, now: now)
    }
}

/// Draws the preview pane: a rule down the left, the cursor's item to the right of it.
func drawPreview(_ state: AppState, into grid: inout Grid) {
    guard let column = state.previewColumn else { return }
    let rows = grid.size.rows - 1
    for row in 0..<rows { grid.write("│", row: row, column: column - 2, style: .meta) }
    let lines = state.previewLines()
    for (row, line) in lines.prefix(rows).enumerated() {
        grid.write(line.text, row: row, column: column + line.column - 1, width: state.previewTextWidth - line.column + 1, style: line.style)
    }
    if lines.count > rows {
        grid.write("… Enter opens it whole", row: rows - 1, column: column, width: state.previewTextWidth, style: .meta)
    }
    let items = state.list.paging.items
    if state.list.viewport.hasCursorItem, state.list.viewport.cursor < items.count, let url = items[state.list.viewport.cursor].pictureURL,
       state.pictures.isEnabled, grid.size.rows >= 10
    {
        drawPicture(state.pictures.entry(url, box: state.largePictureBox), row: 0, column: column, into: &grid)
    }
}
