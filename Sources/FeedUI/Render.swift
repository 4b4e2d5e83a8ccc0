import FeedModel
import FeedPaging

/// Draws a whole frame from the state: pure, so screens are tested as lines of text.
///
/// Layout, top to bottom: items (two lines each: title, then author · score · comments · age),
/// the footer line right after the last item once it is on screen, and the status line.
public func render(_ state: AppState, size: Size) -> Grid {
    var grid = Grid(size: size)
    guard size.columns > 0, size.rows > 0 else { return grid }
    if state.isTooSmall {
        let text = size.columns >= 18 ? "terminal too small" : "too small"
        grid.write(text, row: size.rows / 2, column: max(0, (size.columns - TextWidth.of(text)) / 2), style: .error)
        return grid
    }
    if let reader = state.reader {
        drawReader(state, reader, into: &grid)
        if state.isHelpShown { drawHelp(state.keyMap, scrolledTo: state.helpTop, into: &grid) }
        return grid
    }
    if let detail = state.detail {
        drawDetail(state, detail, into: &grid)
        if state.isHelpShown { drawHelp(state.keyMap, scrolledTo: state.helpTop, into: &grid) }
        return grid
    }
    let items = state.list.paging.items
    if items.count == 0, !state.list.firstItems.isEmpty, state.list.paging.loadState == .loading {
        drawFirstItems(state, into: &grid)
    } else if items.count == 0 {
        drawEmpty(state, into: &grid)
    } else {
        drawItems(state, into: &grid)
        drawPreview(state, into: &grid)
    }
    drawStatus(state, into: &grid)
    if state.isHelpShown { drawHelp(state.keyMap, scrolledTo: state.helpTop, into: &grid) }
    return grid
}

extension AppState {
    /// A loaded row as it is drawn: while a refresh runs, as the refresh reports it anew.
    func shownRow(_ item: FeedItem) -> FeedItem {
        guard !list.refreshRows.isEmpty, list.paging.isRefreshing else { return item }
        return list.refreshRows[item.id] ?? item
    }
}

/// The spinner's frames, ten a second.
let spinnerFrames: [String] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

extension AppState {
    /// The spinner glyph for the current time.
    var spinner: String {
        let elapsed = max(0, now - (loadingSince ?? now))
        return spinnerFrames[Int(elapsed * 10 + 1e-6) % spinnerFrames.count]
    }

    /// The footer's text and style, when there is one.
    var footer: (text: String, style: Style)? {
        if let retrying = list.retrying, retrying.place == .below {
            return ("\(spinner) \(retrying.reason) — \(retryCountdown(retrying))", .error)
        }
        if failureAbove != nil {
            // A page above failed: the end stays the end (the status line says what failed).
            return list.paging.isAtEnd ? (endOfFeed, .footer) : nil
        }
        switch list.paging.loadState {
        case .loading: return ("\(spinner) Loading more…", .footer)
        case .end:
            return (endOfFeed, .footer)
        case let .error(error) where error.kind == .noProgress:
            // The pager stopped a feed going round: nothing to retry, say what is there and why.
            let count = list.paging.knownRowCount
            return ("— \(count.grouped) item\(count == 1 ? "" : "s") · \(error.message) —", .error)
        case let .error(error):
            return ("✗ \(error.message) — \(retryHint(for: error))", .error)
        case .idle:
            return list.paging.isRefreshing ? ("\(spinner) Refreshing…", .footer) : nil
        }
    }

    /// The failure that stopped a page above the rows (page cap, or above a jump), if one did.
    var failureAbove: FeedError? {
        guard case let .failed(error, page) = list.paging.mode, let first = list.paging.applier.pageRange?.lowerBound,
              page < first
        else { return nil }
        return error
    }

    /// What the status line says of list work the footer at the end does not show: a refresh,
    /// a jump's page or a page above (after the page cap dropped it) loading, being retried
    /// (why, and when), or failed; nil when there is none. Two fields: what is under way, kept
    /// long, and why and when it is retried, which a narrow line drops first.
    var workNote: [StatusLine.Field] {
        if let retrying = list.retrying, retrying.place != .below {
            let what = switch retrying.place {
            case .refresh: "refreshing…"
            case .jump: "jumping…"
            case .above, .below: "loading above…"
            }
            return [.init(text: "\(spinner) \(what)", priority: 6),
                    .init(text: "\(retrying.reason) — \(retryCountdown(retrying))", priority: 5)]
        }
        if list.paging.isRefreshing { return [.init(text: "\(spinner) refreshing…", priority: 5)] }
        // The subscription list's first opening says so as `R` does (its footer too).
        if let work = firstItemsWork { return [.init(text: "\(spinner) \(work)", priority: 5)] }
        if let error = failureAbove {
            return [.init(text: "✗ above: \(error.message)", priority: 7), .init(text: retryHint(for: error), priority: 5)]
        }
        if list.paging.jumpTarget == nil, let first = list.paging.applier.pageRange?.lowerBound,
           list.paging.inFlight.values.contains(where: { $0.index < first })
        {
            return [.init(text: "\(spinner) loading above…", priority: 5)]
        }
        return []
    }

    /// How to try again after `error`: `press r to retry`, or, offline, why that cannot help.
    func retryHint(for error: FeedError) -> String {
        if cache.isOfflineOnly { return "not in the cache (offline)" }
        let key = keyMap.keys(for: .retry).first?.label ?? "r"
        return "press \(key) to retry"
    }
}

extension AppState {
    /// The footer at the end: how many items, and why that is not the API's total when it is
    /// not (the source's own note, where the API stops handing them out, or what was skipped).
    var endOfFeed: String {
        let count = list.paging.knownRowCount
        if cache.isOfflineOnly {
            // Offline the pages end where the cache does, which need not be where the feed does.
            return "— end of the cached pages · \(count.grouped) item\(count == 1 ? "" : "s") (offline) —"
        }
        if let note = list.paging.endNote {
            // The source's own words for where the feed ends ("end of history", "this feed
            // keeps only its latest 10 entries"), with the rows there are.
            return "— \(note) · \(count.grouped) item\(count == 1 ? "" : "s") —"
        }
        if let total = list.paging.total, let cap = list.paging.cap, total > cap, count < total {
            return "— end of feed · first \(count.grouped) of \(total.grouped) — the API returns no more —"
        }
        if list.paging.total == nil, let cap = list.paging.cap, count >= cap {
            return "— end of feed · first \(count.grouped) — the API returns no more —"
        }
        let items = "\(count.grouped) item\(count == 1 ? "" : "s")"
        let skipped = list.paging.omittedCount
        if skipped > 0 {
            return "— end of feed · \(items) · \(skipped.grouped) deleted or dead skipped —"
        }
        return "— end of feed · \(items) —"
    }

    /// `retrying in 2.4s (attempt 2)` while the wait counts down, then `retrying now (attempt 2)`
    /// for as long as that attempt is on the wire.
    func retryCountdown(_ retrying: RetryNote) -> String {
        let left = retrying.delay - (now - retrying.since)
        return left >= 0.05
            ? "retrying in \(formatSeconds(left)) (attempt \(retrying.attempt))"
            : "retrying now (attempt \(retrying.attempt))"
    }
}

// MARK: - Helpers

private func drawEmpty(_ state: AppState, into grid: inout Grid) {
    let listRows = grid.size.rows - 1
    var lines: [(String, Style)] = []
    switch state.list.paging.loadState {
    case .loading, .idle:
        if let retrying = state.list.retrying {
            lines = [("\(state.spinner) Loading \(state.sourceName)…", .spinner),
                     ("\(retrying.reason) — \(state.retryCountdown(retrying))", .error)]
        } else {
            lines = [("\(state.spinner) Loading \(state.sourceName)…", .spinner)]
        }
    case .end:
        lines = [("No items", .footer), ("\(state.sourceName) has nothing to show", .meta)]
    case let .error(error) where error.kind == .noProgress:
        lines = [("No items", .footer), (error.message, .error)]
    case let .error(error):
        lines = [("✗ \(error.message)", .error),
                 (state.cache.isOfflineOnly ? "not in the cache (offline): q quits" : "\(state.retryHint(for: error)), q to quit", .meta)]
    }
    let first = max(0, (listRows - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
        centre(line.0, row: first + offset, style: line.1, into: &grid)
    }
}

/// The first page's first items while the page is still loading: the rows as the list will
/// draw them, with their cursor (AppState+FirstItems.swift), and the loading line (the status
/// line names the keys that wait for the page).
private func drawFirstItems(_ state: AppState, into grid: inout Grid) {
    let listColumns = state.splitListColumns ?? grid.size.columns
    let shown = state.firstItemsShown
    var row = 0
    for (index, item) in state.list.firstItems.prefix(shown).enumerated() {
        if index == state.firstCursorIndex { grid.write("▌", row: row, column: 0, style: .cursor) }
        grid.write(" ", row: row, column: 1, style: .title)
        let title = item.title.isEmpty ? "(untitled)" : item.title
        grid.write(title, row: row, column: 2, width: listColumns - 5, style: .title)
        grid.write(metaLine(item, now: state.now), row: row + 1, column: 2, width: listColumns - 5, style: .meta)
        row += 2
    }
    if row < grid.size.rows - 1 {
        let text = state.list.retrying.map { "\(state.spinner) \($0.reason) — \(state.retryCountdown($0))" }
            ?? "\(state.spinner) \(state.firstItemsWork ?? "Loading \(state.sourceName)…")"
        grid.write(text, row: row, column: 2, width: listColumns - 3, style: state.list.retrying == nil ? .footer : .error)
    }
}

private func drawItems(_ state: AppState, into grid: inout Grid) {
    let items = state.list.paging.items
    let viewport = state.list.viewport
    let showsPictures = state.listShowsPictures
    let large = state.largePictureBox
    // With pictures: a thumbnail at the left of each row, the cursor's picture on the right.
    let previewWidth = state.listShowsPreview ? large.columns + 2 : 0
    let textColumn = showsPictures ? 3 + state.thumbnailBox.columns : 2
    // Split (160 columns and more): the list keeps its part, the preview pane the rest.
    let listColumns = state.splitListColumns ?? grid.size.columns
    let fullWidth = listColumns - (textColumn - 2)
    let width = fullWidth - previewWidth
    // The cursor's picture, if the pane shows one: rows under it take the whole width (issue 23
    // saw Reddit's meta lines cut beside 45 blank columns under a wide picture). A picture on
    // its way or failed is one cell (`·`, `✗`).
    let preview = previewWidth > 0 && viewport.cursor < items.count ? items[viewport.cursor].pictureURL.map { url in
        (url: url, entry: state.pictures.entry(url, box: large))
    } : nil
    let previewRows: Int = switch preview?.entry {
    case let .picture(picture)?: min(picture.rows, grid.size.rows - 1)
    case .failed?: 1
    case nil: preview == nil ? 0 : 1
    }
    var row = 0
    for index in viewport.shown {
        let item = state.shownRow(items[index])
        let isCursor = index == viewport.cursor
        let isRead = state.isRead(item)
        let titleStyle: Style = isRead ? .readTitle : .title
        let metaStyle: Style = state.isRecentlyChanged(item.id) ? .changed : isRead ? .readMeta : .meta
        // The cursor is a bar in the margin of the title row; the rows keep their look, so a
        // step rewrites two margin cells rather than two items padded to the right edge.
        if isCursor { grid.write("▌", row: row, column: 0, style: .cursor) }
        // The gap after the margin in the title's look: from the bar (bold, like titles) to the
        // title is then a colour change, not a reset and bold again.
        grid.write(" ", row: row, column: 1, style: titleStyle)
        let title = item.title.isEmpty ? "(untitled)" : item.title
        var meta = metaLine(item, now: state.now)
        if let new = state.cache.newComments(on: item) { meta += " · +\(new) new" }
        grid.write(title, row: row, column: textColumn, width: (row < previewRows ? width : fullWidth) - 3, style: titleStyle,
                   marking: state.filter.marks(inTitle: title), as: .highlight)
        grid.write(meta, row: row + 1, column: textColumn, width: (row + 1 < previewRows ? width : fullWidth) - 3, style: metaStyle,
                   marking: state.filter.marks(inMeta: meta, of: item), as: .highlight)
        if showsPictures, let url = item.pictureURL {
            drawPicture(state.pictures.entry(url, box: state.thumbnailBox), row: row, column: 2, into: &grid)
        }
        row += 2
    }
    if let preview {
        let column = grid.size.columns - large.columns - 1
        for previewRow in 0..<previewRows {
            grid.write(String(repeating: " ", count: large.columns + 2), row: previewRow, column: column - 1)
        }
        drawPicture(preview.entry, row: 0, column: column, into: &grid)
    }
    if viewport.showsEnd, let footer = state.footer {
        // Below the preview picture the footer takes the whole width (it starts at the margin,
        // not after the thumbnails): `— end of feed · first 1,000 of 49,471 — the API returns no more —`.
        let besidePreview = row < previewRows
        let footerWidth = listColumns - 2 - 1 - (besidePreview ? previewWidth : 0)
        grid.write(footer.text, row: row, column: 2, width: footerWidth, style: footer.style)
        row += 1
    }
    if !viewport.hasCursorItem {
        // Every loaded item is read and hidden: say so rather than show a bare footer.
        grid.write("every loaded item is read — H shows them", row: row, column: 2, width: listColumns - 3, style: .meta)
    }
}

private func drawStatus(_ state: AppState, into grid: inout Grid) {
    let row = grid.size.rows - 1
    let width = grid.size.columns
    grid.fill(row: row, style: .status)
    if let search = searchStatus(state) {
        let used = grid.write(search.left, row: row, column: 0, style: .status)
        let rightWidth = TextWidth.of(search.right)
        if used + rightWidth + 1 <= width {
            grid.write(search.right, row: row, column: width - rightWidth, style: .status)
        }
        return
    }
    if let goTo = state.list.goTo {
        let used = grid.write(" :\(goTo.digits)▏", row: row, column: 0, style: .status)
        let hint = "Enter item · % percent · Esc "
        if used + TextWidth.of(hint) + 1 <= width { grid.write(hint, row: row, column: width - TextWidth.of(hint), style: .status) }
        return
    }
    let line = StatusLine.fit(state.statusFields, width: width)
    grid.write(line.left, row: row, column: 0, style: .status)
    if !line.right.isEmpty {
        grid.write(line.right, row: row, column: width - TextWidth.of(line.right), style: .status)
    }
}

private func drawHelp(_ keyMap: KeyMap, scrolledTo helpTop: Int, into grid: inout Grid) {
    let labelWidth = keyMap.bindings.map { TextWidth.of($0.label) }.max() ?? 0
    let lines = keyMap.bindings.map { $0.label.padding(toWidth: labelWidth) + "  " + $0.help }
    let contentWidth = (lines.map(TextWidth.of).max() ?? 0)
    let boxWidth = min(grid.size.columns, contentWidth + 4)
    let boxHeight = min(grid.size.rows - 1, lines.count + 4)
    let left = max(0, (grid.size.columns - boxWidth) / 2)
    let top = max(0, (grid.size.rows - 1 - boxHeight) / 2)
    let visibleLines = max(0, boxHeight - 3)
    let first = AppState.clampedHelpTop(helpTop, lines: lines.count, visible: visibleLines)
    for r in top..<(top + boxHeight) { grid.fill(row: r, from: left, to: left + boxWidth, style: .status) }
    let title = lines.count > visibleLines
        ? " Keys \((first + 1).grouped)–\((first + visibleLines).grouped) of \(lines.count.grouped) " : " Keys "
    grid.write(title, row: top, column: left + 2, width: boxWidth - 2, style: .status)
    for (offset, line) in lines.dropFirst(first).prefix(visibleLines).enumerated() {
        grid.write(line, row: top + 2 + offset, column: left + 2, width: boxWidth - 4, style: .status)
    }
    // Longer than the box: it scrolls with the movement keys, like less's help.
    let hint = lines.count > visibleLines ? "j/k scroll · any other key closes" : "any key closes"
    grid.write(hint, row: top + boxHeight - 1, column: left + 2, width: boxWidth - 4, style: .status)
}

extension AppState {
    /// The first help line shown, kept so the box is full: the table may be longer than the screen.
    static func clampedHelpTop(_ top: Int, lines: Int, visible: Int) -> Int {
        max(0, min(top, lines - visible))
    }

    /// Help lines the overlay shows at once, at the current size (see `drawHelp`).
    var helpVisibleLines: Int { max(0, min(size.rows - 1, keyMap.bindings.count + 4) - 3) }
}

private func centre(_ text: String, row: Int, style: Style, into grid: inout Grid) {
    let width = TextWidth.of(text)
    grid.write(text, row: row, column: max(0, (grid.size.columns - width) / 2), width: grid.size.columns, style: style)
}

/// `now`, `5m`, `3h`, `2d`, `4mo`, `1y` — the ages feed readers show.
func formatAge(_ seconds: Double) -> String {
    let s = Int(max(0, seconds))
    switch s {
    case ..<60: return "now"
    case ..<3600: return "\(s / 60)m"
    case ..<86400: return "\(s / 3600)h"
    case ..<(86400 * 30): return "\(s / 86400)d"
    case ..<(86400 * 365): return "\(s / (86400 * 30))mo"
    default: return "\(s / (86400 * 365))y"
    }
}

func formatSeconds(_ seconds: Double) -> String {
    seconds < 10 ? String(format1(seconds)) + "s" : "\(Int(seconds.rounded()))s"
}

private func format1(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}

extension String {
    func padding(toWidth width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - TextWidth.of(self)))
    }
}
