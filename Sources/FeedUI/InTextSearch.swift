/// The `/` search inside a text view (the detail and the reader): the prompt's keys, a match
/// shown as the pattern grows, `n`/`N` wrapping at the ends, `Esc` back to where it began (as in
/// less). Each view says how a match is shown and where its search began.
protocol InTextSearch {
    associatedtype Context
    /// The status line's answer to `n` with no search.
    static var searchHint: String { get }
    var lines: [DetailLine] { get }
    var search: SearchPattern? { get set }
    var isSearching: Bool { get set }
    /// The line the search began at (where `Esc` goes back to).
    var searchOrigin: Int { get }
    mutating func showSearchMatch(at line: Int, _ context: Context)
    mutating func returnToSearchOrigin(_ context: Context)
}

extension InTextSearch {
    /// A key while the `/` prompt is open: the pattern grows or shrinks and the text jumps to
    /// its first match at or below where the search began; `Enter` keeps it, `Esc` drops it and
    /// goes back to where it began.
    /// - Returns: a note for the status line.
    mutating func editSearch(_ key: Key, _ context: Context) -> String? {
        guard var text = search?.text else { return nil }
        switch key {
        case let .character(character): text.append(character)
        case .tab: text.append(" ")
        case .backspace:
            guard !text.isEmpty else { return cancelSearch(context) }
            text.removeLast()
        case .control("u"): text = ""
        case .control("c"), .escape: return cancelSearch(context)
        case .enter:
            isSearching = false
            if text.isEmpty {
                search = nil
            } else if !lines.contains(where: { SearchPattern(text).matches($0.text) }) {
                return "nothing found for \(text)"
            }
            return nil
        default: return nil
        }
        search = SearchPattern(text)
        if text.isEmpty {
            returnToSearchOrigin(context)
        } else {
            _ = find(from: searchOrigin, forward: true, quiet: true, context)
        }
        return nil
    }

    mutating func cancelSearch(_ context: Context) -> String? {
        isSearching = false
        search = nil
        returnToSearchOrigin(context)
        return nil
    }

    /// Shows the next (or previous) line holding the pattern, wrapping at the ends (folded
    /// comments are not laid out, so not searched).
    /// - Returns: a note for the status line (a wrap, nothing found), none when `quiet`.
    mutating func find(from start: Int, forward: Bool, quiet: Bool = false, _ context: Context) -> String? {
        guard let pattern = search, !pattern.isEmpty else { return quiet ? nil : Self.searchHint }
        let count = lines.count
        guard count > 0 else { return nil }
        for step in 0..<count {
            let index = ((forward ? start + step : start - step) % count + count) % count
            if pattern.matches(lines[index].text) {
                showSearchMatch(at: index, context)
                guard !quiet && (forward ? index < start : index > start) else { return nil }
                return forward ? "search wrapped to the top" : "search wrapped to the bottom"
            }
        }
        return quiet ? nil : "nothing found for \(pattern.text)"
    }
}
