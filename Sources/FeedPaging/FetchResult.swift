import FeedModel

/// What one fetch reports, for whichever pager asked: the one value every fetch result reaches
/// `reduce` as (`AppAction.fetched`), built once by the fetcher and never rewrapped.
public struct FetchResult: Sendable, Equatable {
    /// Which pager a request belongs to.
    public enum Pager: Sendable, Hashable {
        /// The feed's list.
        case list
        /// The comments of the detail opened as `serial` (results for an earlier detail are
        /// dropped: request ids restart with each comment pager).
        case comments(serial: Int)
        /// The own document of the item opened as `serial`, for sources whose list names less
        /// than the item's page says (a Pokémon's types and stats).
        case document(serial: Int)
    }

    /// What happened to the request.
    public enum Outcome: Sendable, Equatable {
        /// The final outcome, with the duration of the last attempt in seconds.
        case loaded(Result<Page, FeedError>, latency: Double)
        /// An attempt failed and another follows after `delay` seconds.
        case retrying(attempt: Int, delay: Double, error: FeedError)
        /// The first items of the page, known before the rest (sanitised): drawn for now, and
        /// replaced by the page when it arrives.
        case partial([FeedItem])
    }

    public var pager: Pager
    public var request: PageRequest
    public var outcome: Outcome
    /// When the page came from the page cache rather than the network: the Unix time it was
    /// fetched from the network then. Nil for a page fresh from the network.
    public var cachedAt: Double?

    public init(pager: Pager, request: PageRequest, outcome: Outcome, cachedAt: Double? = nil) {
        self.pager = pager
        self.request = request
        self.outcome = outcome
        self.cachedAt = cachedAt
    }

    /// A page answered from the page cache (a first screen, or a fallback when the network failed).
    /// - Parameters:
    ///   - request: the request it answers.
    ///   - page: the cached page.
    ///   - fetchedAt: when the page came from the network, Unix seconds.
    ///   - pager: the pager that asked (the list unless said).
    public static func cached(_ request: PageRequest, _ page: Page, fetchedAt: Double, for pager: Pager = .list) -> FetchResult {
        FetchResult(pager: pager, request: request, outcome: .loaded(.success(page), latency: 0), cachedAt: fetchedAt)
    }

    /// A request's final outcome.
    /// - Parameters:
    ///   - request: the request it answers.
    ///   - result: the page, or why there is none.
    ///   - latency: the last attempt's duration in seconds.
    ///   - pager: the pager that asked (the list unless said).
    public static func loaded(
        _ request: PageRequest, _ result: Result<Page, FeedError>, latency: Double, for pager: Pager = .list
    ) -> FetchResult {
        FetchResult(pager: pager, request: request, outcome: .loaded(result, latency: latency))
    }

    /// A failed attempt that will be tried again after `delay` seconds.
    public static func retrying(
        _ request: PageRequest, attempt: Int, delay: Double, error: FeedError, for pager: Pager = .list
    ) -> FetchResult {
        FetchResult(pager: pager, request: request, outcome: .retrying(attempt: attempt, delay: delay, error: error))
    }

    /// The first items of a page still loading.
    public static func partial(_ request: PageRequest, _ items: [FeedItem], for pager: Pager = .list) -> FetchResult {
        FetchResult(pager: pager, request: request, outcome: .partial(items))
    }

    /// The page or failure, when this is a final outcome.
    public var result: Result<Page, FeedError>? {
        guard case let .loaded(result, _) = outcome else { return nil }
        return result
    }
}
