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
            if needed <= width || kept.count <= 1 { return line }
            let index = kept.indices.min { kept[$0].priority < kept[$1].priority }!
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

extension AppState {
    /// The list's status fields, in order: source, position, pages, new items, the cache note
    /// (`cached 3 min ago`, `offline`), requests in
    /// flight, latency, and the help hint on the right. When the width is short, latency goes
    /// first, then the page count, the help hint, requests in flight, new items and the
    /// source; the position is kept to the last.
    var statusFields: [StatusLine.Field] {
        // Positions count the rows of pages dropped above (page cap), so they stay absolute.
        let count = paging.knownRowCount
        var fields: [StatusLine.Field] = [StatusLine.Field(text: sourceName, priority: 6)]
        let position = paging.items.count == 0 ? "0/\(count)" : "\(paging.absoluteRow(viewport.cursor) + 1)/\(count)"
        if let total = paging.total, total > count {
            fields.append(.init(text: "\(position) of \(total)", priority: 7))
        } else {
            fields.append(.init(text: position, priority: 7))
        }
        fields.append(.init(text: "\(paging.pagesLoaded) page\(paging.pagesLoaded == 1 ? "" : "s")", priority: 2))
        if newAbove > 0 { fields.append(.init(text: "↑\(newAbove) new", priority: 5)) }
        // Where the rows came from matters as much as new items: stale rows must say so.
        if let cacheNote { fields.append(.init(text: cacheNote, priority: 5)) }
        if !paging.inFlight.isEmpty { fields.append(.init(text: "⇣\(paging.inFlight.count)", priority: 4)) }
        if !pictures.inFlight.isEmpty { fields.append(.init(text: "▣\(pictures.inFlight.count)", priority: 4)) }
        if let lastLatency { fields.append(.init(text: "\(Int((lastLatency * 1000).rounded())) ms", priority: 1)) }
        if let help = keyMap.keys(for: .help).first {
            fields.append(.init(text: "\(help.label) help", priority: 3, isRight: true))
        }
        return fields
    }
}
