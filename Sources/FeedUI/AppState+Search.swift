import FeedModel

extension AppState {
    /// Keys while the `/` prompt is open: text edits the pattern and the cursor follows the
    /// first match at or after where the search began (vim's incsearch); Enter keeps the
    /// search, Esc (or backspace on an empty prompt, or ^C) drops it and goes back.
    mutating func editSearch(_ key: Key) {
        var text = filter.pattern.text
        switch key {
        case let .character(character):
            text.append(character)
        case .tab:
            text.append(" ")
        case .backspace:
            guard !text.isEmpty else { return cancelSearch() }
            text.removeLast()
        case .control("u"):
            text = ""
        case .control("c"), .escape:
            return cancelSearch()
        case .enter:
            filter.reduce(.keep)
            if filter.isActive && filter.shownMatchCount(skipping: list.viewport.hidden) == 0 {
                filter.reduce(.nothingFound(searchNotFound))
            }
            return
        default:
            return
        }
        filter.reduce(.type(text, rows: list.paging.items))
        let target = filter.next(after: filter.origin - 1, skipping: list.viewport.hidden)?.index ?? filter.origin
        list.viewport.moveCursor(to: target)
    }

    /// Handles the search intents (`/`, `n`, `N`, Esc) from the key table.
    mutating func search(_ intent: Intent) {
        switch intent {
        case .search:
            filter.reduce(.begin(from: list.viewport.cursor))
        case .nextMatch, .previousMatch:
            guard filter.isActive else {
                filter.reduce(.note("no search: press / to search"))
                return
            }
            let forward = intent == .nextMatch
            let hidden = list.viewport.hidden
            let found = forward ? filter.next(after: list.viewport.cursor, skipping: hidden) : filter.previous(before: list.viewport.cursor, skipping: hidden)
            guard let found else {
                filter.reduce(.nothingFound(searchNotFound))
                return
            }
            if found.wrapped {
                filter.reduce(.note(forward ? "search hit BOTTOM, continuing at TOP" : "search hit TOP, continuing at BOTTOM"))
            }
            list.viewport.moveCursor(to: found.index)
        case .clearSearch:
            filter.reduce(.clear)
        default:
            break
        }
    }

    // MARK: - Helpers

    /// Why there is nowhere to go: nothing loaded matches, or only rows `H` hides do (said
    /// rather than landing beside one).
    var searchNotFound: String {
        guard !filter.matches.isEmpty else { return "not found in \(list.paging.items.count.grouped) loaded: \(filter.pattern.text)" }
        let count = filter.matches.count
        return "\(count.grouped) match\(count == 1 ? "" : "es"), all read and hidden (H shows them)"
    }

    private mutating func cancelSearch() {
        let origin = filter.origin
        filter.reduce(.clear)
        list.viewport.moveCursor(to: origin)
    }
}
