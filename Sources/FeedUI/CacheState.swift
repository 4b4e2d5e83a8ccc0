import FeedModel

/// What the screen knows of the page cache: whether the rows on screen came from it, whether
/// the network failed, and the reader's marks (read items, thread visits).
public struct CacheState: Sendable, Equatable {
    /// A cache is open: read marks and visits are stored, cached first screens revalidated.
    public var isEnabled: Bool
    /// `--offline`: every page comes from the cache and nothing is revalidated.
    public var isOfflineOnly: Bool
    /// When the oldest cached page on screen was fetched from the network (Unix seconds); nil
    /// once fresh pages replaced them.
    public internal(set) var shownFrom: Double?
    /// The network failed and cached pages stand in for it.
    public internal(set) var isOffline = false
    /// A cached first screen is waiting for its revalidation to start.
    var awaitsRevalidation = false
    /// Items marked read (opened, or `u`), by id, across feeds.
    public internal(set) var readIDs: Set<String>
    /// Each visited thread's comment count at the last visit, by story id (`+N new`).
    public internal(set) var visits: [String: Int]

    /// - Parameters:
    ///   - isEnabled: whether a cache is open.
    ///   - isOfflineOnly: `--offline`.
    ///   - readIDs: the read marks stored so far.
    ///   - visits: comment counts at the last visit, by story id.
    public init(
        isEnabled: Bool = false, isOfflineOnly: Bool = false, readIDs: Set<String> = [],
        visits: [String: Int] = [:]
    ) {
        self.isEnabled = isEnabled
        self.isOfflineOnly = isOfflineOnly
        self.readIDs = readIDs
        self.visits = visits
        isOffline = isOfflineOnly
    }

    /// New comments on a story since its last visit, when there are some.
    public func newComments(on item: FeedItem) -> Int? {
        guard let seen = visits[item.id], let count = item.commentCount, count > seen else { return nil }
        return count - seen
    }
}
