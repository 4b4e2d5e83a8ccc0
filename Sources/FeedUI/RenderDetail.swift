import FeedModel
import FeedPaging

/// Draws the detail view: the document from its top line, the comment footer after the last
/// line, and a status line saying where in the document the screen is.
func drawDetail(_ state: AppState, _ detail: DetailState, into grid: inout Grid) {
    let rows = state.detailRows
    let width = grid.size.columns
    let focus = state.focusedComment
    for row in 0..<rows {
        let index = detail.top + row
        if index < detail.lines.count {
            let line = detail.lines[index]
            let isFocus = line.isHeader && line.comment != nil && line.comment == focus
            if isFocus {
                grid.fill(row: row, style: .selectedMeta)
                grid.write("▌", row: row, column: 0, style: .selected)
            }
            let marks = detail.search.map { $0.ranges(in: line.text) } ?? []
            grid.write(line.text, row: row, column: line.column, width: width - line.column, style: isFocus ? .selectedMeta : line.style,
                       marking: marks, as: .highlight)
        } else if index == detail.lines.count, let footer = state.documentFooter ?? state.commentFooter {
            grid.write(footer.text, row: row, column: 1, width: width - 2, style: footer.style)
        }
    }
    if detail.pictureRows > 0, detail.top < detail.pictureRows, let url = detail.item.pictureURL {
        // It scrolls with the text: rows above the top are cut off. Beside the title it keeps
        // to the right edge, in the columns the title's lines leave it.
        let box = state.detailPictureBox(detail)
        let column = detail.pictureColumns > 0 ? max(1, width - detail.pictureColumns + 1) : 1
        drawPicture(state.pictures.entry(url, box: box), row: -detail.top, column: column, into: &grid)
    }
    drawDetailStatus(state, detail, into: &grid)
}

extension AppState {
    /// The document's footer line while it loads or after it failed (nothing once it is in).
    var documentFooter: (text: String, style: Style)? { detail.flatMap(documentFooter(of:)) }

    /// The comment pager's footer, like the list's.
    var commentFooter: (text: String, style: Style)? { detail.flatMap(commentFooter(of:)) }

    /// The footer of a detail's document (the open detail's, or the preview's).
    func documentFooter(of detail: DetailState) -> (text: String, style: Style)? {
        switch detail.document?.loadState {
        case .loading: ("\(spinner) Loading details…", .footer)
        case let .error(error): ("✗ \(error.message) — \(retryHint(for: error))", .error)
        case .idle, .end, nil: nil
        }
    }

    /// The footer of a detail's comments (the open detail's, or the preview's).
    func commentFooter(of detail: DetailState) -> (text: String, style: Style)? {
        guard let comments = detail.comments else { return nil }
        if let retrying = detail.retrying, !comments.inFlight.isEmpty {
            return ("\(spinner) \(retrying.reason) — \(retryCountdown(retrying))", .error)
        }
        switch comments.loadState {
        case .loading: return ("\(spinner) Loading comments…", .footer)
        case .end:
            let count = comments.items.count
            return (count == 0 ? "— no comments —" : "— end of comments · \(count.grouped) shown —", .footer)
        case let .error(error): return ("✗ \(error.message) — \(retryHint(for: error))", .error)
        case .idle: return nil
        }
    }
}

private func drawDetailStatus(_ state: AppState, _ detail: DetailState, into grid: inout Grid) {
    let row = grid.size.rows - 1
    grid.fill(row: row, style: .status)
    let line = StatusLine.fit(state.detailStatusFields, width: grid.size.columns)
    grid.write(line.left, row: row, column: 0, style: .status)
    if !line.right.isEmpty {
        grid.write(line.right, row: row, column: grid.size.columns - TextWidth.of(line.right), style: .status)
    }
}

extension AppState {
    /// The detail's status fields: source, where in the document, a notice (kept to the last,
    /// as in the list), the comment count, the cache note, requests in flight and the way back.
    var detailStatusFields: [StatusLine.Field] {
        guard let detail else { return [] }
        var fields = [StatusLine.Field(text: sourceName, priority: 6)]
        let length = max(1, detailLength)
        let bottom = min(length, detail.top + detailRows)
        fields.append(.init(text: bottom >= length ? "line \(detail.top + 1) · all" : "line \(detail.top + 1)/\(length)", priority: 7))
        if let notice { fields.append(.init(text: notice, priority: 8)) }
        if let search = detail.search, detail.isSearching || !search.isEmpty {
            fields.append(.init(text: "/" + search.text + (detail.isSearching ? "▏" : ""), priority: 9))
        }
        if let comments = detail.comments {
            // The comments drawn, those of a page still arriving included.
            let count = comments.items.count + (detail.arriving?.items.count ?? 0)
            fields.append(.init(text: "\(count.grouped) comment\(count == 1 ? "" : "s")", priority: 5))
            if let cachedAt = detail.cachedAt { fields.append(.init(text: "cached \(AppState.age(now - cachedAt)) ago", priority: 4)) }
            if !comments.inFlight.isEmpty { fields.append(.init(text: "⇣\(comments.inFlight.count)", priority: 4)) }
            // The footer says a retry where the comments end; when that line is off screen, here.
            if let retrying = detail.retrying, !comments.inFlight.isEmpty, detail.top + detailRows <= detail.lines.count {
                fields.append(.init(text: "\(spinner) comments: \(retrying.reason) — \(retryCountdown(retrying))", priority: 7))
            }
        }
        fields.append(.init(text: "Esc back · ? help", priority: 3, isRight: true))
        return fields
    }
}
