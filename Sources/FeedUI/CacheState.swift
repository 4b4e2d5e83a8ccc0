import FeedModel

/// What the screen knows of the page cache: whether the rows on screen came from it, whether
/// the network failed, and the reader's marks (read items, thread visits).
public struct CacheState: Sendable, Equatable {
    /// Whether pages fresh from the network are stored (a cache open for writing).
    var storesPages: Bool { isEnabled && !isOfflineOnly }
    /// A cache is open: read marks and visits are stored, cached first screens revalidated.
    public var isEnabled: Bool
    /// `--offline`: every page comes from the cache and nothing is revalidated.
    public var isOfflineOnly: Bool
    /// When the oldest cached page on screen was fetched from the network (Unix seconds); nil
    /// once fresh pages replaced them.
    public internal(set) var shownFrom: Double?
    /// The network failed (or `--offline` keeps it out) and cached pages stand in for it.
    public internal(set) var isNetworkDown = false
    /// A cached first screen is waiting for its revalidation to start.
    var awaitsRevalidation = false
    /// First-generation list pages are asked of the cache before the network, until one is
    /// not there (`AppState.routeThroughCache`).
    var startsFromCache: Bool
    /// Items marked read (opened, or `u`), by id, across feeds.
    public internal(set) var readIDs: Set<String>
    /// Each visited thread's comment count at the last visit, by story id (`+N new`).
    public internal(set) var visits: [String: Int]
    /// `H` / `--hide-read`: read items take no row (AppState+HideRead.swift).
    public internal(set) var hidesRead: Bool
    /// Items marked read since hiding began: they stay on screen, dimmed, until `H` is pressed
    /// again, so reading does not pull rows from under the cursor.
    public internal(set) var readWhileHiding: Set<String> = []

    /// - Parameters:
    ///   - isEnabled: whether a cache is open.
    ///   - isOfflineOnly: `--offline`.
    ///   - readIDs: the read marks stored so far.
    ///   - visits: comment counts at the last visit, by story id.
    ///   - hidesRead: `--hide-read`: start with read items hidden.
    /// The ids of the items saved for later (`s`).
    public internal(set) var savedIDs: Set<String> = []

    public init(
        isEnabled: Bool = false, isOfflineOnly: Bool = false, readIDs: Set<String> = [],
        visits: [String: Int] = [:], hidesRead: Bool = false, savedIDs: Set<String> = []
    ) {
        self.savedIDs = savedIDs
        self.hidesRead = hidesRead && isEnabled
        startsFromCache = isEnabled
        self.isEnabled = isEnabled
        self.isOfflineOnly = isOfflineOnly
        self.readIDs = readIDs
        self.visits = visits
        isNetworkDown = isOfflineOnly
    }

    /// Whether an item takes no row: hiding is on, it is read, and it was read before hiding began.
    public func hides(_ item: FeedItem) -> Bool {
        hidesRead && readIDs.contains(item.id) && !readWhileHiding.contains(item.id)
    }

    /// New comments on a story since its last visit, when there are some.
    public func newComments(on item: FeedItem) -> Int? {
        guard let seen = visits[item.id], let count = item.commentCount, count > seen else { return nil }
        return count - seen
    }
}
