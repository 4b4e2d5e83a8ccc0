/// Identifies one request for the life of a run; never reused.
public struct RequestID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rawValue: UInt64
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// A request for one page: what the reducer asks the fetcher to load.
public struct PageRequest: Sendable, Hashable {
    public var id: RequestID
    /// The page's place in the feed (0 is the first page). Pages are applied in this order.
    public var index: Int
    public var key: PageKey
    public var pageSize: Int
    /// Bumped by a refresh: results of an older generation are dropped.
    public var generation: Int
    /// Asked for ahead of the reader (the prefetch lead, a page beyond the next), not for rows
    /// on screen: a list page's requests then run in `FetchLane.prefetch`, behind every request
    /// for what the reader is looking at. The pager decides (`PagingState.prefetch`).
    public var isPrefetch: Bool

    public init(id: RequestID, index: Int, key: PageKey, pageSize: Int, generation: Int, isPrefetch: Bool = false) {
        self.id = id
        self.index = index
        self.key = key
        self.pageSize = pageSize
        self.generation = generation
        self.isPrefetch = isPrefetch
    }
}
