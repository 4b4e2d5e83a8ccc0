import FeedModel
import FeedPaging

/// Wide terminals: at `splitMinimumColumns` and more the list takes the left part and the
/// cursor's item is previewed on the right. The preview follows the cursor at once with what
/// the list knows of the item (its picture, title, meta, link and text); once the cursor has
/// rested on it for `previewDwell`, it loads what the detail would (the first comment page,
/// the item's own document), and moving on cancels those requests. Enter on a previewed item
/// opens the detail with what the preview loaded.
extension AppState {
    /// The narrowest terminal that splits.
    public static let splitMinimumColumns = 160

    /// How long the cursor rests on an item before its preview loads: long enough that
    /// holding `j` down loads nothing, short enough to feel like following.
    public static let previewDwell = 0.3

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

    /// The item the preview shows: the cursor's, when the screen is split.
    var previewedItem: FeedItem? {
        guard previewColumn != nil, list.viewport.hasCursorItem, list.viewport.cursor < list.paging.items.count else { return nil }
        return list.paging.items[list.viewport.cursor]
    }

    /// When the preview of the cursor's item is due to load, while the cursor rests on it.
    var previewDue: Double? {
        guard preview == nil, let dwell = previewDwelling else { return nil }
        return dwell.since + Self.previewDwell
    }

    /// The preview as drawn: the loaded one when it is the cursor's item, else the item as the
    /// list knows it, laid out as its detail would be in the pane.
    func previewDocument() -> DetailState? {
        guard let item = previewedItem else { return nil }
        if let preview, preview.item.id == item.id { return preview }
        var shown = DetailState(
            item: item, serial: 0, comments: commentPageSize.map { PagingState(firstKey: .cursor(nil), pageSize: $0) })
        (shown.pictureRows, shown.pictureColumns) = previewContext.pictureRoom(shown)
        shown.lines = DetailLayout.lines(shown, width: previewTextWidth, now: now, measure: commentWidth)
        return shown
    }

    /// What the preview sees of the app: the detail's context in the pane's width. It records
    /// no visit and marks no comment seen: a glance is not a reading (Enter does both).
    var previewContext: DetailContext {
        var context = detailContext
        context.size = Size(columns: previewTextWidth, rows: size.rows)
        context.isCacheEnabled = false
        return context
    }

    // MARK: - Transitions

    /// The preview's part of every action, after the list's and the detail's: the dwell starts
    /// when the cursor comes to an item; once it has lasted, the item's preview opens and asks
    /// for its first comment page and its document; a preview of an item the cursor left (or
    /// of a screen no longer split) is dropped and its requests cancelled.
    mutating func settlePreview() -> [AppEffect] {
        guard commentPageSize != nil || loadsDocuments, let item = previewedItem else {
            previewDwelling = nil
            return dropPreview()
        }
        var effects: [AppEffect] = []
        if previewDwelling?.itemID != item.id { previewDwelling = Dwell(itemID: item.id, since: now) }
        if let preview, preview.item.id != item.id { effects += dropPreview() }
        if let due = previewDue, now >= due { effects += openPreview(item) }
        return effects
    }

    /// Whether `r` is the preview's: its load failed and the list has nothing to retry.
    var retriesPreview: Bool {
        if case .error = list.paging.loadState { return false }
        return preview?.hasFailed == true
    }

    /// Hands an action to the preview (when one is loaded), in the pane's context.
    @discardableResult
    mutating func reducePreview(_ action: DetailAction) -> DetailReply {
        guard preview != nil else { return DetailReply() }
        let context = previewContext
        guard var preview = preview.take() else { return DetailReply() }  // one owner (see `reduceDetail`)
        let reply = preview.reduce(action, context)
        self.preview = preview
        return reply
    }

    /// Hands a pager's action to the detail or the preview opened as `serial`.
    mutating func reduceOpened(serial: Int, _ action: DetailAction) -> DetailReply {
        preview?.serial == serial ? reducePreview(action) : reduceDetail(action)
    }

    /// The detail or the preview opened as `serial`, if either is.
    func opened(serial: Int) -> DetailState? {
        detail?.serial == serial ? detail : preview?.serial == serial ? preview : nil
    }

    /// Takes the preview of `item` out of the pane to be its detail, when it is loaded for it:
    /// its comments and requests carry on, nothing is fetched again.
    mutating func takePreview(of item: FeedItem) -> DetailState? {
        guard let preview, preview.item.id == item.id else { return nil }
        self.preview = nil
        return preview
    }

    /// Drops the preview, cancelling what it still waits for.
    mutating func dropPreview() -> [AppEffect] {
        guard let preview else { return [] }
        self.preview = nil
        return preview.cancellations
    }

    private mutating func openPreview(_ item: FeedItem) -> [AppEffect] {
        detailsOpened += 1
        let comments = commentPageSize.map { PagingState(firstKey: .cursor(nil), pageSize: $0) }
        let document = loadsDocuments ? PagingState(firstKey: .cursor(nil), pageSize: 1) : nil
        preview = DetailState(item: item, serial: detailsOpened, comments: comments, document: document)
        reducePreview(.relayout)
        return reducePreview(.loadFirstPages).effects
    }

    /// The cursor's item in the split screen, and since when it has rested there.
    struct Dwell: Equatable, Sendable {
        var itemID: String
        var since: Double
    }
}

/// Draws the preview pane: a rule down the left, the cursor's item to the right of it, and
/// under its text the detail's footer while its comments (or document) load, are retried or
/// failed.
func drawPreview(_ state: AppState, into grid: inout Grid) {
    guard let column = state.previewColumn else { return }
    let rows = grid.size.rows - 1
    for row in 0..<rows { grid.write("│", row: row, column: column - 2, style: .meta) }
    guard let shown = state.previewDocument() else { return }
    let width = state.previewTextWidth
    let lines = shown.lines
    // A preview longer than the pane keeps its last row for a note (in place of a line, not
    // over one).
    let isCut = lines.count >= rows
    for (row, line) in lines.prefix(isCut ? rows - 1 : rows).enumerated() {
        grid.write(line.text, row: row, column: column + line.column - 1, width: width - line.column + 1, style: line.style)
    }
    // What the loads say stays in sight; once they are in, a long preview says Enter has the rest.
    let footer = state.documentFooter(of: shown) ?? state.commentFooter(of: shown)
    if !isCut, let footer {
        grid.write(footer.text, row: lines.count, column: column, width: width, style: footer.style)
    } else if isCut {
        let isWaiting = shown.isLoading || shown.retrying != nil || shown.hasFailed
        let note = footer.flatMap { isWaiting ? $0 : nil } ?? ("… Enter opens it whole", .meta)
        grid.write(note.text, row: rows - 1, column: column, width: width, style: note.style)
    }
    if let url = shown.item.pictureURL, shown.pictureRows > 0, state.pictures.isEnabled, grid.size.rows >= 10 {
        let box = state.previewContext.pictureBox(shown)
        let pictureColumn = shown.pictureColumns > 0 ? column + width - shown.pictureColumns : column
        drawPicture(state.pictures.entry(url, box: box), row: 0, column: pictureColumn, into: &grid)
    }
}
