import FeedModel

/// A page read back from the cache, with when it was fetched.
public struct CachedPage: Sendable, Equatable {
    /// The page, its items passed through `TextSanitizer` again on the way out.
    public var page: Page
    /// The page's place in its feed when it was stored (0 is the first page).
    public var index: Int
    /// Unix seconds when the page came from the network.
    public var fetchedAt: Double

    public init(page: Page, index: Int, fetchedAt: Double) {
        self.page = page
        self.index = index
        self.fetchedAt = fetchedAt
    }
}

/// A page on its way into the cache: what `CacheStore.store(_:)` writes, and `StoreWriter`
/// batches.
public struct PageWrite: Sendable {
    public var page: Page
    /// Its place in the feed (0 is the first page).
    public var index: Int
    public var feed: FeedKey
    /// Unix seconds it arrived.
    public var time: Double

    public init(page: Page, index: Int, feed: FeedKey, time: Double) {
        self.page = page
        self.index = index
        self.feed = feed
        self.time = time
    }
}
