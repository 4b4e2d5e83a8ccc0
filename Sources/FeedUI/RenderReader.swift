import FeedModel

/// The reader: the title, the byline and site, the article at its measure, and a status line
/// with the position and the keys that matter here.
func drawReader(_ state: AppState, _ reader: ReaderState, into grid: inout Grid) {
    let width = grid.size.columns
    let measure = min(ReaderState.measure, max(10, width - 2))
    let margin = max(1, (width - measure) / 2)
    var title = reader.itemTitle
    var about = ""
    if case .loaded(let article) = reader.content {
        title = article.title.isEmpty ? reader.itemTitle : article.title
        about = article.about
    }
    grid.write(title, row: 0, column: margin, width: measure, style: .title)
    grid.write(about, row: 1, column: margin, width: measure, style: .meta)
    let rows = state.readerRows
    switch reader.content {
    case .loading:
        grid.write("\(state.spinner) Loading the article…", row: 3, column: margin, width: measure, style: .footer)
    case .failed(let reason):
        grid.write("✗ \(reason)", row: 3, column: margin, width: measure, style: .error)
        grid.write("r retries · o opens the page in the browser · Esc \(state.readerEndsRun ? "quits" : "back")", row: 4, column: margin, width: measure, style: .footer)
    case .loaded:
        for slot in reader.pictureSlots where slot.line + slot.rows > reader.top && slot.line < reader.top + rows {
            drawPicture(
                state.pictures.entry(slot.url, box: state.readerPictureBox), row: slot.line - reader.top + 2, column: margin,
                top: 2, into: &grid)
        }
        for row in 0..<rows {
            let index = reader.top + row
            guard index < reader.lines.count else { break }
            let line = reader.lines[index]
            // Code is cut at the measure, with `…`, never re-wrapped.
            let marks = reader.search.map { $0.ranges(in: line.text) } ?? []
            grid.write(
                line.text, row: row + 2, column: line.column, width: max(1, margin + measure - line.column), style: line.style,
                marking: marks, as: .highlight)
        }
    }
    let status = grid.size.rows - 1
    grid.fill(row: status, style: .status)
    var left = " reader"
    if case .loaded(let article) = reader.content {
        let length = max(1, reader.lines.count)
        let percent = reader.top + rows >= length ? 100 : (reader.top + rows) * 100 / length
        left += " · \(percent)% · \(article.links.count.grouped) link\(article.links.count == 1 ? "" : "s")"
    }
    if let keptAt = reader.keptAt { left += " · copy kept \(AppState.age(state.now - keptAt)) ago" }
    if let count = reader.count { left += " · \(count)…" }
    if let search = reader.search, reader.isSearching || !search.isEmpty { left += " · /" + search.text + (reader.isSearching ? "▏" : "") }
    if let notice = state.notice { left += " · " + notice }
    let right = "No link N · / search · Esc \(state.readerEndsRun ? "quit" : "back") "
    let used = grid.write(left, row: status, column: 0, style: .status)
    let rightWidth = TextWidth.of(right)
    if used + rightWidth + 1 <= width { grid.write(right, row: status, column: width - rightWidth, style: .status) }
}
