/// What a load carries down to every request it makes: which lane it runs in, who hears about
/// its retries, and who hears the first items of its page.
///
/// A plain value passed explicitly (`FeedSource.load(_:pageSize:context:)` → each
/// `HTTPRequest`), never a task local: task locals bound inside `Task(executorPreference:)`
/// crashed the release build (`swift_task_localValuePush`), and an explicit value shows in every
/// signature what a request depends on.
public struct FetchContext: Sendable {
    /// The host connections the load's requests use.
    public var lane: FetchLane
    /// Called before each automatic retry of one request of the load.
    public var onRetry: RetryObserver?
    /// Hears the first items of the page being loaded, before the whole page is known.
    public var progress: PageProgress?
    /// Moves the load's requests to another lane while it runs (a prefetch page the reader
    /// reached); nil for a load whose lane never changes.
    public var laneSwitch: LaneSwitch?

    public init(lane: FetchLane = .list, onRetry: RetryObserver? = nil, progress: PageProgress? = nil, laneSwitch: LaneSwitch? = nil) {
        self.lane = lane
        self.onRetry = onRetry
        self.progress = progress
        self.laneSwitch = laneSwitch
    }
}

/// Hears the items a load already knows, in page order, as a longer prefix each time: a source
/// that learns its page in steps (a comment walk, a level per round trip) reports each step so
/// they can be drawn at once. The page it returns still carries them all.
public typealias PageProgress = @Sendable (_ items: [FeedItem]) -> Void

/// Which pager (or the pictures) a request serves. Each lane has its own share of a host's connections, so what
/// the reader is looking at (a detail's comments) never queues behind list prefetch.
public enum FetchLane: Int, Sendable, Hashable, CaseIterable {
    /// The list's pages the reader waits for: the first page, a jump's, the cursor's, a page
    /// whose rows are due on screen, a refresh's.
    case list
    /// List pages asked for ahead of the reader (`PageRequest.isPrefetch`): they yield to the
    /// list's wanted pages and the detail while those wait for a turn.
    case prefetch
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
