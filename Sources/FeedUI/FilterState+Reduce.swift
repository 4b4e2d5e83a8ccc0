import FeedDiff
import FeedModel

/// What the search sub-state hears. The rows it searches come with the actions that need them;
/// where the cursor goes is the list's business, read from the search after it has changed.
enum SearchAction {
    /// `/`: the prompt opens on an empty pattern, and the search starts from `row`.
    case begin(from: Int)
    /// The prompt now holds `text` (a key typed or erased), searched over `rows`.
    case type(String, rows: Snapshot<FeedItem>)
    /// Enter: the prompt closes and the search stays (an empty one is dropped).
    case keep
    /// Esc, ^C, erasing an empty prompt: the search is dropped.
    case clear
    /// The rows changed: the matches follow them (only inserted and updated rows are checked).
    case rowsChanged(Changeset<FeedItem>, rows: Snapshot<FeedItem>)
    /// A one-off note for the status line (a wrap, no search), or none (the next key).
    case note(String?)
    /// Nothing shown matches, as `text` says: a fact about the rows, said again when they change.
    case nothingFound(String)
}

extension FilterState {
    /// The search's one transition function: no I/O, no effects.
    mutating func reduce(_ action: SearchAction) {
        switch action {
        case let .begin(row):
            clear()
            isEditing = true
            origin = row
        case let .type(text, rows):
            setPattern(text, items: rows)
        case .keep:
            isEditing = false
            if !isActive { clear() }
        case .clear:
            clear()
        case let .rowsChanged(changes, rows):
            apply(changes, to: rows)
        case let .note(text):
            note = text
        case let .nothingFound(text):
            sayNothingFound(text)
        }
    }
}
