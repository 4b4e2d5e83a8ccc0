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
    /// Indices of the loaded items that match, ascending, hidden ones included: which rows `H`
    /// hides changes apart from the rows (a toggle, an item read), so the queries below take
    /// the hidden rows as they are when asked rather than a copy that could go stale.
    public private(set) var matches: [Int] = []
    /// A one-off message for the status line (a wrap, no match), cleared by the next key.
    public internal(set) var note: String? {
        didSet { isNothingFoundNote = false }
    }
    /// Whether `note` says nothing shown matches: a fact about the rows, so it is said again
    /// when they change (`AppState.follow`), unlike a wrap, which is about the last move.
    internal private(set) var isNothingFoundNote = false
    /// Where the cursor was when `/` was pressed: the search starts there and Esc goes back.
    internal var origin = 0
    /// What the search looks at in each loaded row, prepared as the rows arrive (`apply`), so
    /// a keystroke scans bytes. It outlives patterns: `clear` keeps it.
    internal private(set) var text = SearchText()

    public init() {}

    /// Equal when the search is: the pattern, the prompt, the matches, the note and the origin.
    /// `text` is left out: it is the loaded rows prepared for scanning, derived from them (and
    /// compared with them wherever the rows are), not a fact about the search.
    public static func == (lhs: FilterState, rhs: FilterState) -> Bool {
        lhs.pattern == rhs.pattern && lhs.isEditing == rhs.isEditing && lhs.matches == rhs.matches && lhs.note == rhs.note
            && lhs.isNothingFoundNote == rhs.isNothingFoundNote && lhs.origin == rhs.origin
    }

    /// Whether a pattern is in force (being typed or kept).
    public var isActive: Bool { !pattern.isEmpty }

    /// The 1-based number of the match under the cursor among the matches on shown rows, if
    /// the cursor is on one.
    /// - Parameter hidden: the rows hidden from the screen (read items under `H`), ascending.
    /// - Complexity: O(m + h) at most (the merge stops at the cursor).
    public func matchNumber(at cursor: Int, skipping hidden: [Int]) -> Int? {
        let slot = lowerBound(cursor)
        guard slot < matches.count, matches[slot] == cursor, !Self.contains(hidden, cursor) else { return nil }
        return slot + 1 - hiddenMatchCount(hidden, below: cursor)
    }

    /// The matches on shown rows: the ones `n` and `N` can reach.
    /// - Parameter hidden: the hidden rows, ascending.
    /// - Complexity: O(m + h).
    public func shownMatchCount(skipping hidden: [Int]) -> Int {
        matches.count - hiddenMatchCount(hidden, below: Int.max)
    }

    /// The first match on a shown row after `cursor`, wrapping to the first one, as vim's `n`
    /// skips closed folds: a hidden match is never a place to land, and stopping beside it
    /// (the viewport puts a cursor given a hidden row on the next shown one) would leave `N`
    /// stuck there.
    /// - Parameter hidden: the hidden rows, ascending.
    /// - Returns: the index and whether it wrapped; nil when no shown row matches.
    /// - Complexity: O(log m) plus O(log h) for each hidden match passed over.
    public func next(after cursor: Int, skipping hidden: [Int]) -> (index: Int, wrapped: Bool)? {
        let start = lowerBound(cursor + 1)
        for step in 0..<matches.count {
            let slot = (start + step) % matches.count
            if !Self.contains(hidden, matches[slot]) { return (matches[slot], start + step >= matches.count) }
        }
        return nil
    }

    /// The last match on a shown row before `cursor`, wrapping to the last one.
    /// - Parameter hidden: the hidden rows, ascending.
    /// - Returns: the index and whether it wrapped; nil when no shown row matches.
    public func previous(before cursor: Int, skipping hidden: [Int]) -> (index: Int, wrapped: Bool)? {
        let start = lowerBound(cursor) - 1
        for step in 0..<matches.count {
            let slot = start - step
            let wrapped = slot < 0
            let index = matches[wrapped ? slot + matches.count : slot]
            if !Self.contains(hidden, index) { return (index, wrapped) }
        }
        return nil
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
    /// An ASCII pattern (what is typed nearly always) is a scan of `text`'s bytes; others
    /// compare characters item by item, as `SearchPattern` does.
    /// - Complexity: O(bytes of the loaded rows) for a new pattern, O(bytes of the last
    ///   matches) for one that extends it.
    mutating func setPattern(_ text: String, items: Snapshot<FeedItem>) {
        let old = pattern
        pattern = SearchPattern(text)
        if self.text.count != items.count { self.text = SearchText(items) }  // rows set up without a changeset
        let narrows = !old.isEmpty && text.hasPrefix(old.text) && pattern.isCaseSensitive == old.isCaseSensitive
        if !isActive {
            matches = []
        } else if pattern.isASCII {
            matches = self.text.rows(containing: pattern.bytes, isCaseSensitive: pattern.isCaseSensitive, among: narrows ? matches : nil)
        } else if narrows {
            matches = matches.filter { isMatch(items[$0]) }
        } else {
            matches = items.indices.filter { isMatch(items[$0]) }
        }
    }

    /// Whether the item in `row` of `items` matches (through `text` for an ASCII pattern).
    private func isMatch(row: Int, in items: Snapshot<FeedItem>) -> Bool {
        guard isActive else { return false }
        guard pattern.isASCII, text.count == items.count else { return isMatch(items[row]) }
        return text.row(row, contains: pattern.bytes, isCaseSensitive: pattern.isCaseSensitive)
    }

    /// Carries the matches across a change of the rows, as the changeset tells it: kept rows
    /// keep their verdict at their new rows, inserted and updated rows are checked, deleted
    /// rows go. Nothing else is scanned, whatever the number of rows. The prepared `text`
    /// follows the same change, searching or not.
    /// - Parameters:
    ///   - changes: the change, from the rows the matches were for to `items`.
    ///   - items: the rows after the change.
    /// - Complexity: O(m log k + k), m the matches and k the changes.
    mutating func apply(_ changes: Changeset<FeedItem>, to items: Snapshot<FeedItem>) {
        if text.count + changes.inserts.count - changes.deletes.count == items.count {
            text.follow(changes, to: items)
        } else {
            text = SearchText(items)  // rows this text never saw: prepare them all once
        }
        guard isActive, !changes.isEmpty else { return }
        let map = changes.rowMap
        let updated = Set(changes.updates.map(\.index))
        var kept = matches.compactMap(map.newRow(ofOldRow:)).filter { !updated.contains($0) }
        for change in changes.inserts + changes.updates where isMatch(row: change.index, in: items) { kept.append(change.index) }
        kept.sort()
        matches = kept
    }

    /// Shows a note saying nothing shown matches (see `isNothingFoundNote`).
    mutating func sayNothingFound(_ text: String) {
        note = text
        isNothingFoundNote = true
    }

    /// Forgets the pattern.
    mutating func clear() {
        let text = text
        self = FilterState()
        self.text = text
    }

    // MARK: - Helpers

    /// Matches below `bound` that are hidden rows: the two ascending lists merged.
    private func hiddenMatchCount(_ hidden: [Int], below bound: Int) -> Int {
        var count = 0, m = 0, h = 0
        while m < matches.count, h < hidden.count, matches[m] < bound {
            if matches[m] == hidden[h] {
                count += 1
                m += 1
                h += 1
            } else if matches[m] < hidden[h] {
                m += 1
            } else {
                h += 1
            }
        }
        return count
    }

    /// Whether an ascending list holds `index`.
    private static func contains(_ sorted: [Int], _ index: Int) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == index
    }

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
