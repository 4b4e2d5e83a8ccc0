import FeedDiff
import FeedModel

/// The `/` search over the loaded items: the pattern typed on the status line, which rows match
/// it, and the note the status line shows after `n`/`N` wraps.
///
/// Highlight-and-jump, as in less, vim and tig, rather than hiding the rows that do not match:
/// the list keeps its rows and your place, matches are highlighted, and `n`/`N` move the cursor
/// from match to match. Row numbers stay item numbers, so the pager, prefetch, the mouse and
/// every key that acts on the cursor's item work unchanged beneath a search, and the pages that
/// arrive while it is on are searched as they land.
public struct FilterState: Sendable, Equatable {
    public private(set) var pattern = SearchPattern("")
    /// Whether keys go to the prompt on the status line.
    public internal(set) var isEditing = false
    /// Indices of the loaded items that match, ascending.
    public private(set) var matches: [Int] = []
    /// A one-off message for the status line (a wrap, no match), cleared by the next key.
    public internal(set) var note: String?
    /// Where the cursor was when `/` was pressed: the search starts there and Esc goes back.
    internal var origin = 0

    public init() {}

    /// Whether a pattern is in force (being typed or kept).
    public var isActive: Bool { !pattern.isEmpty }

    /// The 1-based number of the match under the cursor, if the cursor is on one.
    public func matchNumber(at cursor: Int) -> Int? {
        let slot = lowerBound(cursor)
        return slot < matches.count && matches[slot] == cursor ? slot + 1 : nil
    }

    /// The first match after `cursor`, wrapping to the first match.
    /// - Returns: the index and whether it wrapped; nil when nothing matches.
    public func next(after cursor: Int) -> (index: Int, wrapped: Bool)? {
        guard let first = matches.first else { return nil }
        let slot = lowerBound(cursor + 1)
        return slot < matches.count ? (matches[slot], false) : (first, true)
    }

    /// The last match before `cursor`, wrapping to the last match.
    public func previous(before cursor: Int) -> (index: Int, wrapped: Bool)? {
        guard let last = matches.last else { return nil }
        let slot = lowerBound(cursor)
        return slot > 0 ? (matches[slot - 1], false) : (last, true)
    }

    /// Whether an item matches: its title, author or URL host contains the pattern.
    public func isMatch(_ item: FeedItem) -> Bool {
        guard isActive else { return false }
        if pattern.matches(item.title) { return true }
        if let author = item.author, pattern.matches(author) { return true }
        if let host = item.urlHost, pattern.matches(String(host)) { return true }
        return false
    }

    // MARK: - Changes

    /// Sets the pattern and finds its matches. A pattern that extends the last one only
    /// re-checks the last matches, so typing a word costs one full scan, not one a letter.
    /// (`matches` is always current: `apply` carries it across every change of the rows.)
    mutating func setPattern(_ text: String, items: Snapshot<FeedItem>) {
        let old = pattern
        pattern = SearchPattern(text)
        if !old.isEmpty, text.hasPrefix(old.text), pattern.isCaseSensitive == old.isCaseSensitive {
            matches = matches.filter { isMatch(items[$0]) }
        } else {
            matches = isActive ? items.indices.filter { isMatch(items[$0]) } : []
        }
    }

    /// Carries the matches across a change of the rows, as the changeset tells it: kept rows
    /// keep their verdict at their new rows, inserted and updated rows are checked, deleted
    /// rows go. Nothing else is scanned, whatever the number of rows.
    /// - Parameters:
    ///   - changes: the change, from the rows the matches were for to `items`.
    ///   - items: the rows after the change.
    /// - Complexity: O(m log k + k), m the matches and k the changes.
    mutating func apply(_ changes: Changeset<FeedItem>, to items: Snapshot<FeedItem>) {
        guard isActive, !changes.isEmpty else { return }
        let map = changes.rowMap
        let updated = Set(changes.updates.map(\.index))
        var kept = matches.compactMap(map.newRow(ofOldRow:)).filter { !updated.contains($0) }
        for change in changes.inserts + changes.updates where isMatch(change.item) { kept.append(change.index) }
        kept.sort()
        matches = kept
    }

    /// Forgets the pattern.
    mutating func clear() {
        self = FilterState()
    }

    // MARK: - Helpers

    /// The first slot in `matches` whose index is at least `index`.
    private func lowerBound(_ index: Int) -> Int {
        var low = 0, high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if matches[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
