/// How far ahead of the cursor the next page is asked for.
public enum PrefetchPolicy: Sendable, Hashable {
    /// A fixed lead in items.
    case fixed(Int)
    /// One page or one screen, whichever is larger (the default until adaptive lands).
    case automatic

    /// The lead in items: a fetch starts when `loaded − cursor ≤ distance`.
    public func distance(pageSize: Int, screen: Int) -> Int {
        switch self {
        case let .fixed(items): max(0, items)
        case .automatic: max(pageSize, screen)
        }
    }
}
