import FeedModel

extension FilterState {
    /// Where the pattern occurs in a row's title, for highlighting.
    func marks(inTitle title: String) -> [Range<Int>] {
        isActive ? pattern.ranges(in: title) : []
    }

    /// Where the pattern occurs in the author at the head of a meta line (scores, counts and
    /// ages are not searched, so they are not marked), or in the URL host shown in its place.
    func marks(inMeta meta: String, of item: FeedItem) -> [Range<Int>] {
        guard isActive else { return [] }
        let searched = item.author ?? item.urlHost.map { _ in meta } ?? ""
        guard meta.hasPrefix(searched), !searched.isEmpty else { return [] }
        let ranges = pattern.ranges(in: meta)
        if item.author != nil {
            let end = searched.utf8.count
            return ranges.filter { $0.upperBound <= end }
        }
        return ranges
    }
}

/// The status line while searching: the prompt as it is typed, or the kept pattern with the
/// match count, and any note (a wrap, no match) on the right.
///
/// - Returns: the left and right texts, or nil when no search is on and no note is due.
func searchStatus(_ state: AppState) -> (left: String, right: String)? {
    let filter = state.filter
    guard filter.isEditing || filter.isActive || filter.note != nil else { return nil }
    let prompt = " /" + filter.pattern.text + (filter.isEditing ? "▏" : "")
    let count: String
    if !filter.isActive {
        count = ""
    } else if filter.matches.isEmpty {
        count = "no matches in \(state.paging.items.count)"
    } else if let number = filter.matchNumber(at: state.viewport.cursor) {
        count = "\(number) of \(filter.matches.count) match\(filter.matches.count == 1 ? "" : "es")"
    } else {
        count = "\(filter.matches.count) match\(filter.matches.count == 1 ? "" : "es")"
    }
    if let note = filter.note {
        // The note matters most (a wrap, nothing found): it goes first, the count after.
        let number = filter.matchNumber(at: state.viewport.cursor).map { "\($0)/\(filter.matches.count) " } ?? ""
        return (" " + note, number)
    }
    let position = state.paging.items.count == 0 ? "" : "\(state.viewport.cursor + 1)/\(state.paging.items.count) "
    return (prompt + (count.isEmpty ? "" : "  " + count), filter.isEditing ? "Enter keeps · Esc clears " : position)
}
