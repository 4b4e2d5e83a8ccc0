import FeedModel

/// A feed read from the cache alone (`--offline`): the pages an earlier run stored, in order,
/// ending where the cache does.
public struct OfflineSource: FeedSource {
    public let name: String
    public let firstKey: PageKey
    public let defaultPageSize: Int
    public let maxPageSize: Int
    private let store: CacheStore
    private let feed: FeedKey

    /// - Parameters:
    ///   - source: the network source this stands in for (its name and first key).
    ///   - store: the cache.
    ///   - feed: the feed's identity in the cache.
    public init(standingInFor source: any FeedSource, store: CacheStore, feed: FeedKey) {
        name = source.name
        firstKey = source.firstKey
        defaultPageSize = source.defaultPageSize
        maxPageSize = source.maxPageSize
        self.store = store
        self.feed = feed
    }

    /// The cached page at `key`. Its `next` is kept only when that page is cached too, so the
    /// feed ends where the cache does rather than with an error.
    ///
    /// - Throws: `FeedError` (not retryable) when nothing is cached at `key` or the file fails.
    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) throws(FeedError) -> Page {
        let pages: [CachedPage]
        do {
            pages = try store.pages(of: feed, from: key, limit: 2)
        } catch {
            throw FeedError(.invalidRequest, "offline: the cache cannot be read")
        }
        guard var page = pages.first?.page else {
            throw FeedError(.invalidRequest, key == firstKey ? "offline: nothing cached for \(name)" : "offline: page not cached")
        }
        if pages.count < 2 { page.next = nil }
        return page
    }
}
