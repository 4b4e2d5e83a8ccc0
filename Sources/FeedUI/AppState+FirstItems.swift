import FeedModel
import FeedPaging

/// Keys on the first rows drawn before their page (issue 23): what the screen shows answers.
///
/// The rows a source hands over before its first page (`firstItems`, Hacker News's items in
/// rank order) carry a cursor of their own. The keys that act on a row the reader can see act at
/// once: moving within the rows drawn, Enter (the detail opens on the item, whose comments do not
/// wait for the list), help, quit. A key that needs the page (`G`, `/`, `:N`, a count, refresh,
/// the link keys…) is held, and so is every key after it, so they keep their order; the held
/// keys are applied in order when the first page lands (or fails), as a terminal's typeahead is.
/// When the page lands, the list's cursor is on the item the early cursor was on.
extension AppState {
    /// Whether the list shows the first items before their page (the render's condition).
    public var showsFirstItems: Bool {
        list.paging.items.count == 0 && !list.firstItems.isEmpty && list.paging.loadState == .loading
    }

    /// What the first rows say is under way, in the words `R` uses on the status line: the
    /// subscription list's rows while it refreshes as it opens (`refreshing…`, a row's `refresh`
    /// fact) or reads its unread counts behind its rows (`counting unread…`, a row's count still
    /// `counting`). Nil for any other first rows: those are the page loading.
    public var firstItemsWork: String? {
        guard showsFirstItems else { return nil }
        let facts = list.firstItems.lazy.flatMap(\.facts)
        if facts.contains(where: { $0.name == "refresh" && $0.value == .text("refreshing…") }) { return "refreshing…" }
        if facts.contains(where: { $0.name == "unread" && $0.value == .text("counting") }) { return "counting unread…" }
        return nil
    }

    /// The list has no row to act on yet (no first items, no page) while its first page is on
    /// its way: keys that need a row wait for one (`typeahead`), as keys that need the page wait
    /// over the first items. Keys typed as a run starts (the list coming back after Esc from a
    /// feed, with `j Enter` typed behind the Esc) move over the rows once they are drawn.
    var awaitsFirstRows: Bool {
        detail == nil && reader == nil && list.paging.items.count == 0 && list.firstItems.isEmpty && list.paging.loadState == .loading
    }

    /// Whether a key waits while `awaitsFirstRows`: all but quit, going back (a slow feed can
    /// be left before it loads), refresh (the load can be started over) and help, while nothing
    /// waits before them.
    func waitsForFirstRows(_ key: Key, _ intent: Intent?) -> Bool {
        if intent == .quit || goesBack(key, intent) { return false }
        guard list.typeahead.isEmpty else { return true }
        return intent != .help && intent != .refresh
    }

    /// The keys held for the first rows, handed back in order (the list now has rows, or its
    /// first load failed).
    mutating func takeTypeahead() -> [Key] {
        defer { list.typeahead = [] }
        return list.typeahead
    }

    /// How many of the first items fit on the screen above the loading line.
    var firstItemsShown: Int { min(list.firstItems.count, max(0, (size.rows - 2) / 2)) }

    /// The early cursor's index among the first items drawn (clamped: the screen may have shrunk).
    public var firstCursorIndex: Int { max(0, min(list.firstCursor, firstItemsShown - 1)) }

    /// The intents that act on the first rows at once; any other key waits for the page.
    static let actsOnFirstItems: Set<Intent> = [
        .down, .up, .pageDown, .pageUp, .halfPageDown, .halfPageUp, .top, .open, .help, .quit,
    ]

    /// A list key while the first items are shown: acted on, or held for the page.
    mutating func handleOnFirstItems(_ key: Key, _ intent: Intent?) -> [AppEffect] {
        // Quit never waits: a held key before it must not trap the reader.
        if intent == .quit { return quit() }
        guard list.typeahead.isEmpty, let intent, Self.actsOnFirstItems.contains(intent) else {
            list.typeahead.append(key)
            return []
        }
        let shown = firstItemsShown
        guard shown > 0 else { return [] }
        let screen = max(1, shown)
        switch intent {
        case .down: moveFirstCursor(to: firstCursorIndex + 1)
        case .up: moveFirstCursor(to: firstCursorIndex - 1)
        case .pageDown: moveFirstCursor(to: firstCursorIndex + screen)
        case .pageUp: moveFirstCursor(to: firstCursorIndex - screen)
        case .halfPageDown: moveFirstCursor(to: firstCursorIndex + max(1, screen / 2))
        case .halfPageUp: moveFirstCursor(to: firstCursorIndex - max(1, screen / 2))
        case .top: moveFirstCursor(to: 0)
        case .open:
            // The subscription list's rows come first while it refreshes as it opens: Enter
            // chooses one at once (the refresh ends with the run), as on the loaded list.
            guard listRole != .chooser else {
                isQuitting = true
                return [.choose(itemID: list.firstItems[firstCursorIndex].id)]
            }
            return openDetail(list.firstItems[firstCursorIndex], isStandIn: false)
        case .help:
            isHelpShown = true
            helpTop = 0
        default: break
        }
        return []
    }

    /// A click or the wheel over the first rows.
    mutating func handleOnFirstItems(_ event: MouseEvent) {
        guard list.typeahead.isEmpty else { return }
        switch event.kind {
        case .wheelDown: moveFirstCursor(to: firstCursorIndex + 3)
        case .wheelUp: moveFirstCursor(to: firstCursorIndex - 3)
        case .press, .release:
            let index = event.row / 2
            if event.row < size.rows - 2, event.column < (splitListColumns ?? size.columns), index < firstItemsShown {
                list.firstCursor = index
            }
        }
    }

    /// The item under the early cursor, to keep once the page replaces the first items.
    var firstCursorItemID: String? {
        showsFirstItems ? list.firstItems[firstCursorIndex].id : nil
    }

    /// The first page is in (or failed): the list's cursor goes to the item the early cursor was
    /// on (nothing when the page does not have it), and the held keys are handed back in order.
    /// - Returns: the held keys, to be applied as if pressed now.
    mutating func leaveFirstItems(cursorOn id: String?) -> [Key] {
        if let id, let index = list.paging.items.index(of: id) { list.viewport.moveCursor(to: index) }
        list.firstCursor = 0
        return takeTypeahead()
    }

    // MARK: - Helpers

    private mutating func moveFirstCursor(to index: Int) {
        list.firstCursor = max(0, min(index, firstItemsShown - 1))
    }
}
