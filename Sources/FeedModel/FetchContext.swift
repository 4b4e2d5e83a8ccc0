/// What a load's task carries down to every request it makes, without threading parameters
/// through each adapter: which lane it runs in and who hears about its retries.
///
/// The `PageFetcher` binds these around each load; task locals flow into the child tasks of a
/// fan-out, so every sibling request of a page sees the same values.
public enum FetchContext {
    /// The lane of the current load (`.list` unless a fetcher says otherwise).
    @TaskLocal public static var lane: FetchLane = .list

    /// Called before each automatic retry of one request of the current load.
    @TaskLocal public static var retryObserver: RetryObserver? = nil

    /// Hears the first items of the page being loaded, before the whole page is known.
    @TaskLocal public static var progress: PageProgress? = nil
}

/// Hears the items a load already knows, in page order, as a longer prefix each time: a source
/// that learns its page in steps (a comment walk, a level per round trip) reports each step so
/// they can be drawn at once. The page it returns still carries them all.
public typealias PageProgress = @Sendable (_ items: [FeedItem]) -> Void

/// Which pager (or the pictures) a request serves. Each lane has its own share of a host's connections, so what
/// the reader is looking at (a detail's comments) never queues behind list prefetch.
public enum FetchLane: Int, Sendable, Hashable, CaseIterable {
    case list
    case detail
    /// Thumbnails and the detail's picture: they never hold up a page.
    case pictures
}

/// Hears that a request failed and will be tried again.
///
/// - Parameters:
///   - attempt: the number of the attempt about to be made (2 after the first failure).
///   - delay: seconds until it is made.
///   - error: the failure that caused it.
public typealias RetryObserver = @Sendable (_ attempt: Int, _ delay: Double, _ error: FeedError) -> Void
