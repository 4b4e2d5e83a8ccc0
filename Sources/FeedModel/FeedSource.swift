/// A paginated feed: the one protocol every API adapter and the built-in feed conform to.
///
/// `load` is async and never blocks a thread: the `PageFetcher` runs it in a task on its fetch
/// executor, and cancelling that task cancels the load, its retries and its requests in flight.
public protocol FeedSource: Sendable {
    /// A short name for the status line, e.g. `hn top`, `demo`.
    var name: String { get }
    /// The key of the first page.
    var firstKey: PageKey { get }
    /// The page size used when the user asks for none.
    var defaultPageSize: Int { get }
    /// The largest page size the API accepts.
    var maxPageSize: Int { get }

    /// Loads one page.
    ///
    /// - Parameters:
    ///   - key: where the page starts.
    ///   - pageSize: how many items to ask for (already clamped to `maxPageSize`).
    ///   - context: the lane, retry observer and progress every request of the load carries.
    /// - Returns: the page, with the key of the next one or `nil` at the end.
    /// - Throws: `FeedError` saying what went wrong and whether to retry (`.cancelled` when the
    ///   task was cancelled).
    func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page

    /// Forgets any snapshot the source keeps between pages (the Hacker News id list), so the
    /// next `load` of the first key sees the feed as it is now. Called on refresh.
    func startOver()
}

extension FeedSource {
    public func startOver() {}

    /// Loads one page in the list lane, with nobody listening to retries or progress (pipes' tests, tools).
    public func load(_ key: PageKey, pageSize: Int) async throws(FeedError) -> Page {
        try await load(key, pageSize: pageSize, context: FetchContext())
    }
}
