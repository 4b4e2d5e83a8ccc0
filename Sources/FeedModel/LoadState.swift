/// What the end of the loaded list is doing: the footer's state.
public enum LoadState: Sendable, Equatable {
    /// Nothing in flight; more pages exist.
    case idle
    /// A page is on its way.
    case loading
    /// The feed has no more pages.
    case end
    /// The last attempt failed; `retry` may help when the error is retryable.
    case error(FeedError)
}
