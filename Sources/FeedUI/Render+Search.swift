import FeedModel

extension FilterState {
    /// Where the pattern occurs in a row's title, for highlighting.
    func marks(inTitle title: String) -> [Range<Int>] {
        isActive ? pattern.ranges(in: title) : []
    }

    /// Where the pattern occurs in the author's words on a meta line (scores, counts and ages
    /// are not searched, so they are not marked), or in the URL host shown in its place.
    func marks(inMeta meta: String, of item: FeedItem) -> [Range<Int>] {
        guard isActive else { return [] }
        if let author = item.author {
            // The source writes the name its own way (`u/alice`, `@alice@host`) wherever it puts it.
            let shown = item.facts.lazy.compactMap { fact -> String? in
                guard fact.name == "author", case let .text(text) = fact.label else { return nil }
                return text
            }.first ?? author
            guard !shown.isEmpty, let found = meta.range(of: shown) else { return [] }
            let lower = meta.utf8.distance(from: meta.utf8.startIndex, to: found.lowerBound)
            let upper = lower + shown.utf8.count
            return pattern.ranges(in: meta).filter { $0.lowerBound >= lower && $0.upperBound <= upper }
        }
        guard item.facts.isEmpty, item.urlHost != nil else { return [] }
        return pattern.ranges(in: meta)
    }
}

/// The status line while searching: the prompt as it is typed, or the kept pattern with the
/// match count, and any note (a wrap, no match) on the right.
///
/// - Returns: the left and right texts, or nil when no search is on and no note is due.
func searchStatus(_ state: AppState) -> (left: String, right: String)? {
    let filter = state.filter
    guard filter.isEditing || filter.isActive || filter.note != nil else { return nil }
    // (A notice with no search on goes to the list's own status line, among its fields.)
    let prompt = " /" + filter.pattern.text + (filter.isEditing ? "▏" : "")
    // Counted are the matches n and N can reach; those on rows H hides are owned up to.
    let hidden = state.list.viewport.hidden
    let shown = filter.isActive ? filter.shownMatchCount(skipping: hidden) : 0
    let hiddenNote = filter.matches.count > shown ? " (\(filter.matches.count - shown) hidden)" : ""
    let number = filter.matchNumber(at: state.list.viewport.cursor, skipping: hidden)
    let count: String
    if !filter.isActive {
        count = ""
    } else if filter.matches.isEmpty {
        count = "no matches in \(state.list.paging.items.count.grouped)"
    } else if shown == 0 {
        count = "no matches shown" + hiddenNote
    } else if let number {
        count = "\(number.grouped) of \(shown.grouped) match\(shown == 1 ? "" : "es")" + hiddenNote
    } else {
        count = "\(shown.grouped) match\(shown == 1 ? "" : "es")" + hiddenNote
    }
    if let note = state.notice ?? filter.note {
        // A notice (what the last key did: `copied …`, a browser that did not start, `read
        // items hidden`) or the search's note (a wrap, nothing found) matters most: it goes
        // first, the pattern (under a notice) and the count after.
        if state.notice != nil && filter.isActive {
            return (" " + note, "/" + filter.pattern.text + (count.isEmpty ? "" : "  " + count) + " ")
        }
        return (" " + note, number.map { "\($0.grouped)/\(shown.grouped) " } ?? "")
    }
    let position = state.list.paging.items.count == 0 ? "" : state.positionText + " "
    return (prompt + (count.isEmpty ? "" : "  " + count), filter.isEditing ? "Enter keeps · Esc clears " : position)
}
