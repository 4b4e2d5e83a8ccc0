import FeedModel
/// The list's status line: fields with priorities, fitted to the width by dropping the least
/// important first, with `…` where fields were dropped, so a narrow terminal shows that there
/// is more rather than silently losing it.
struct StatusLine: Equatable {
    /// One field and how much it matters: a higher `priority` is dropped later.
    struct Field: Equatable {
        var text: String
        var priority: Int
        /// Whether it sits at the right end (the help hint) rather than in the left list.
        var isRight = false
    }

    var left: String
    var right: String

    /// Fields of this priority or more are never dropped (the position, a notice): when they
    /// alone are too wide, the line is cut, with `…`.
    static let keptPriority = 7

    /// Lays the fields out in their order, ` · ` between the left ones, the right one at the
    /// end, dropping the lowest-priority field until the line fits in `width` columns.
    ///
    /// - Returns: the left text (with ` · …` after it when fields were dropped) and the right text.
    static func fit(_ fields: [Field], width: Int) -> StatusLine {
        var kept = fields
        var dropped = false
        while true {
            let line = compose(kept, dropped: dropped)
            let needed = TextWidth.of(line.left) + (line.right.isEmpty ? 0 : 1 + TextWidth.of(line.right))
            let droppable = kept.indices.filter { kept[$0].priority < Self.keptPriority }
            if needed <= width || droppable.isEmpty { return line }
            let index = droppable.min { kept[$0].priority < kept[$1].priority }!
            kept.remove(at: index)
            dropped = true
        }
    }

    private static func compose(_ fields: [Field], dropped: Bool) -> StatusLine {
        var parts = fields.filter { !$0.isRight }.map(\.text)
        if dropped { parts.append("…") }
        let right = fields.first { $0.isRight }.map { $0.text + " " } ?? ""
        return StatusLine(left: " " + parts.joined(separator: " · "), right: right)
    }
}

/// A page's latency as people read it: `230 ms` under a second, `14.8 s` from one second,
/// `1 m 5 s` from a minute (not `14821 ms`).
func formatLatency(_ seconds: Double) -> String {
    let milliseconds = Int((seconds * 1000).rounded())
    if milliseconds < 1000 { return "\(milliseconds) ms" }
    if seconds < 60 {
        let tenths = Int((seconds * 10).rounded())
        return tenths >= 600 ? "1 m 0 s" : "\(tenths / 10).\(tenths % 10) s"
    }
    let whole = Int(seconds.rounded())
    return "\(whole / 60) m \(whole % 60) s"
}

extension AppState {
    /// The cursor's position among the rows known, `N/M`, as `:N`, `N%` and `G` count them:
    /// rows of pages dropped above (page cap) count, so it stays absolute; while a jump's page
    /// travels, where it goes (`→ N/M`, `→ last` for `G`).
    var positionText: String {
        let count = list.paging.knownRowCount
        // While a jump's page travels the rows on screen are the old ones: show where it goes.
        let isJumping = list.paging.jumpTarget != nil && list.jumpRow != nil
        // `G`'s row is the last one, whatever the total said: skipped items make it fewer.
        if isJumping && list.jumpsToEnd { return "→ last" }
        // The first items before their page: the early cursor's row, and more to come.
        if showsFirstItems { return "\(firstCursorIndex + 1)/…" }
        let row = isJumping ? list.jumpRow : !list.viewport.hasCursorItem ? nil : list.paging.absoluteRow(list.viewport.cursor)
        return row.map { "\(isJumping ? "→ " : "")\(($0 + 1).grouped)/\(count.grouped)" } ?? "0/\(count.grouped)"
    }

    /// The list's status fields, in order: source, position, a notice, pages, new items, the
    /// cache note (`cached 3 min ago`, `offline`), requests in flight, latency, and the help hint
    /// on the right. When the width is short, latency goes first, then the page count, the help
    /// hint, requests in flight, new items and the source; the position and a notice are kept
    /// to the last.
    var statusFields: [StatusLine.Field] {
        var fields: [StatusLine.Field] = [StatusLine.Field(text: sourceName, priority: 6)]
        let position = positionText
        // At the end the count is the truth; the footer says why it differs from the total.
        if let total = list.paging.total, total > list.paging.knownRowCount, !list.paging.isAtEnd {
            fields.append(.init(text: "\(position) of \(total.grouped)", priority: 7))
        } else {
            fields.append(.init(text: position, priority: 7))
        }
        // A one-off message ("copied …", why G stopped) after the position, kept to the last
        // (and cut with `…` when even it does not fit).
        if let notice { fields.append(.init(text: notice, priority: 8)) }
        // Keys pressed on the first rows that need their page: held, and said so.
        if !list.typeahead.isEmpty {
            fields.append(.init(text: "\(list.typeahead.map(\.label).joined(separator: " ")) waits for the page", priority: 8))
        }
        // Work the end footer does not show (a refresh, a page above, a jump being retried).
        fields += workNote
        fields.append(.init(text: "\(list.paging.pagesLoaded) page\(list.paging.pagesLoaded == 1 ? "" : "s")", priority: 2))
        if list.newAbove > 0 { fields.append(.init(text: "↑\(list.newAbove.grouped) new", priority: 5)) }
        // Where the rows came from matters as much as new items: stale rows must say so.
        if let cacheNote { fields.append(.init(text: cacheNote, priority: 5)) }
        // Rows the reader cannot see must be owned up to, like stale ones.
        if cache.hidesRead { fields.append(.init(text: "\(list.viewport.hidden.count.grouped) read hidden", priority: 5)) }
        if !list.paging.inFlight.isEmpty { fields.append(.init(text: "⇣\(list.paging.inFlight.count)", priority: 4)) }
        if !pictures.inFlight.isEmpty { fields.append(.init(text: "▣\(pictures.inFlight.count)", priority: 4)) }
        if let lastLatency = list.lastLatency { fields.append(.init(text: formatLatency(lastLatency), priority: 1)) }
        if let help = keyMap.keys(for: .help).first {
            fields.append(.init(text: "\(help.label) help", priority: 3, isRight: true))
        }
        return fields
    }
}
