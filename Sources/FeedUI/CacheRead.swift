import FeedModel
import FeedPaging

/// A page asked of the page cache (`AppEffect.readCache`), and why: the reducer decides when
/// the cache answers (the one place for "cache first, then revalidate"), the runtime reads it
/// off its thread and answers with `AppAction.cacheRead`.
public struct CacheRead: Sendable, Equatable {
    /// Why the cache is asked.
    public enum Purpose: Sendable, Equatable {
        /// A first-generation page of a cached first screen or of a thread read before: drawn
        /// at once, then revalidated from the network. A miss sends the request to the network.
        case firstScreen
        /// `--offline`: the cache is the only source, and the feed ends where the cache does.
        case offline
        /// The network failed for good: the cached copy stands in for the page (the network is
        /// down). A miss delivers this failure.
        case standIn(FeedError)
    }

    /// The request the answer is for (still in flight in its pager while the cache is read).
    public var request: PageRequest
    /// The pager that asked: the list or a detail's comments.
    public var pager: FetchResult.Pager
    /// The item whose thread the page belongs to; nil for the list.
    public var threadID: String?
    public var purpose: Purpose

    public init(request: PageRequest, pager: FetchResult.Pager = .list, threadID: String? = nil, purpose: Purpose) {
        self.request = request
        self.pager = pager
        self.threadID = threadID
        self.purpose = purpose
    }

    /// Offline, a cached page keeps its `next` only when that page is cached too.
    public var endsWhereCacheEnds: Bool { purpose == .offline }
}

/// A page the cache held: what `AppAction.cacheRead` brings back on a hit.
public struct CachedCopy: Sendable, Equatable {
    public var page: Page
    /// When the page came from the network, Unix seconds.
    public var fetchedAt: Double

    public init(page: Page, fetchedAt: Double) {
        self.page = page
        self.fetchedAt = fetchedAt
    }
}
