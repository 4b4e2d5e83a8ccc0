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
