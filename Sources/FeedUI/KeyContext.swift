/// Where a key is pressed: a binding applies in some of these, and within one context a key
/// triggers at most one intent (`KeyMap.conflicts`).
public enum KeyContext: String, Sendable, Hashable, CaseIterable {
    /// The list of items.
    case list
    /// An item's detail: its text and comments.
    case detail

    /// Every context: a binding that applies everywhere.
    public static let everywhere = Set(allCases)
}
