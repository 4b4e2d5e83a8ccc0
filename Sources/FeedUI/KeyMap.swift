/// What a key asks for, whatever key is bound to it.
public enum Intent: String, Sendable, Hashable, CaseIterable {
    case down, up, pageDown, pageUp, halfPageDown, halfPageUp, top, bottom
    case retry, refresh, help, quit
    /// Open the item (detail and comments); back to the list; fold a comment; go to its parent.
    case open, back, collapse, parent
    /// Open the item's link in a browser; its discussion page; copy its link (OSC 52).
    case openLink, discussion, copy
    /// Search the loaded items; next and previous match; clear the search.
    case search, nextMatch, previousMatch, clearSearch
    /// Go to item N or N percent of the feed (`:N`, `N%`; digits typed in the list start it too).
    case goTo
    /// Mark the item read or unread; hide or show read items; save it for later or unsave it.
    case toggleRead, hideRead, save
    /// Read the item's web page here, as an article (the reader).
    case read
    /// In a thread: the next or previous comment at the same depth or shallower, the next or
    /// previous top-level comment, the next comment new since the last visit.
    case nextSibling, previousSibling, nextTopLevel, previousTopLevel, nextNew
    /// From a detail: the next or previous item of the list, opened (newsboat's `J`/`K`).
    case nextItem, previousItem
}

/// One row of the key table: keys, the intent they trigger, and the help text shown for them.
public struct KeyBinding: Sendable, Hashable {
    public var keys: [Key]
    public var intent: Intent
    public var help: String
    /// Where the row applies (the list, a detail, or both).
    public var contexts: Set<KeyContext>

    public init(_ keys: [Key], _ intent: Intent, help: String, in contexts: Set<KeyContext> = KeyContext.everywhere) {
        self.keys = keys
        self.intent = intent
        self.help = help
        self.contexts = contexts
    }

    /// How the keys are written in the help overlay: every key, from the same list the reducer
    /// reads (`j ↓ ^N e`), or `—` when none is bound, so help cannot leave a working key out.
    public var label: String {
        keys.isEmpty ? "—" : keys.map(\.label).joined(separator: " ")
    }
}

/// Keys are data: one table binds each key to an intent and carries its help text, so the
/// help overlay is generated from the same table the reducer reads and cannot disagree with it.
public struct KeyMap: Sendable, Hashable {
    public var bindings: [KeyBinding]

    public init(_ bindings: [KeyBinding]) { self.bindings = bindings }

    /// The intent a key triggers in `context`, if any.
    public func intent(for key: Key, in context: KeyContext) -> Intent? {
        bindings.first { $0.contexts.contains(context) && $0.keys.contains(key) }?.intent
    }

    /// Keys bound to more than one intent in one context, with those intents in table order:
    /// empty for a sound table (only the first row would ever see such a key).
    public var conflicts: [(key: Key, context: KeyContext, intents: [Intent])] {
        KeyContext.allCases.flatMap { context in
            var intents: [Key: [Intent]] = [:]
            var order: [Key] = []
            for binding in bindings where binding.contexts.contains(context) {
                for key in binding.keys {
                    if intents[key] == nil { order.append(key) }
                    intents[key, default: []].append(binding.intent)
                }
            }
            return order.compactMap { key in
                intents[key].flatMap { $0.count > 1 ? (key, context, $0) : nil }
            }
        }
    }

    /// The keys of less and vim.
    public static let standard = KeyMap([
        KeyBinding([.character("j"), .down, .control("n"), .character("e")], .down, help: "Move down one item"),
        KeyBinding([.character("k"), .up, .control("p")], .up, help: "Move up one item"),
        KeyBinding([.pageDown, .character(" "), .control("f"), .character("f")], .pageDown, help: "Scroll down one screen"),
        KeyBinding([.pageUp, .character("b"), .control("b")], .pageUp, help: "Scroll up one screen"),
        KeyBinding([.control("d"), .character("d")], .halfPageDown, help: "Scroll down half a screen"),
        KeyBinding([.control("u")], .halfPageUp, help: "Scroll up half a screen"),
        KeyBinding([.character("g"), .home, .character("<")], .top, help: "Go to the first item"),
        KeyBinding([.character("G"), .end, .character(">")], .bottom, help: "Go to the last item"),
        KeyBinding([.character(":")], .goTo, help: "Go to item N (:N, Ng), or N%"),
        KeyBinding([.enter, .character("l"), .right], .open, help: "Open the item: text and comments"),
        KeyBinding([.escape, .character("h"), .left], .back, help: "Back to the list (q too, in a detail)", in: [.detail]),
        KeyBinding([.tab, .character("z")], .collapse, help: "Fold or unfold the comment at the top"),
        KeyBinding([.character("p")], .parent, help: "Go to the parent comment"),
        KeyBinding([.character("]")], .nextSibling, help: "Next comment at this depth", in: [.detail]),
        KeyBinding([.character("[")], .previousSibling, help: "Previous comment at this depth", in: [.detail]),
        KeyBinding([.character("}")], .nextTopLevel, help: "Next top-level comment", in: [.detail]),
        KeyBinding([.character("{")], .previousTopLevel, help: "Previous top-level comment", in: [.detail]),
        KeyBinding([.character(".")], .nextNew, help: "Next new comment", in: [.detail]),
        KeyBinding([.character("J")], .nextItem, help: "Open the next item of the list", in: [.detail]),
        KeyBinding([.character("K")], .previousItem, help: "Open the previous item of the list", in: [.detail]),
        KeyBinding([.character("a")], .read, help: "Read the item's page here"),
        KeyBinding([.character("o")], .openLink, help: "Open the link, or a podcast's episode"),
        KeyBinding([.character("c")], .discussion, help: "Open the discussion page"),
        KeyBinding([.character("y")], .copy, help: "Copy the link (OSC 52)"),
        KeyBinding([.character("r")], .retry, help: "Retry a failed page"),
        KeyBinding([.character("R"), .control("r")], .refresh, help: "Refresh, keeping your place"),
        KeyBinding([.character("u")], .toggleRead, help: "Mark the item read or unread"),
        KeyBinding([.character("s")], .save, help: "Save the item for later, or unsave it"),
        KeyBinding([.character("H")], .hideRead, help: "Hide or show read items", in: [.list]),
        KeyBinding([.character("/")], .search, help: "Search titles, authors, hosts"),
        KeyBinding([.character("n")], .nextMatch, help: "Next match"),
        KeyBinding([.character("N")], .previousMatch, help: "Previous match"),
        KeyBinding([.escape], .clearSearch, help: "Clear the search (in the list)", in: [.list]),
        KeyBinding([.character("?")], .help, help: "Show or hide this help"),
        KeyBinding([.character("q"), .control("c")], .quit, help: "Quit"),
    ])
}
