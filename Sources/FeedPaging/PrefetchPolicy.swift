/// How far ahead of the cursor the next page is asked for.
public enum PrefetchPolicy: Sendable, Hashable {
    /// A fixed lead in items (`--prefetch N`).
    case fixed(Int)
    /// The lead adapts to the source's latency and the reader's speed (`--prefetch auto`, the
    /// default): see `AdaptivePrefetch`.
    case automatic

    /// The lead in items: a fetch starts when `loaded − cursor ≤ distance`.
    /// - Parameters:
    ///   - pageSize: items per page.
    ///   - screen: items on screen.
    ///   - estimator: the latency and speed estimates the automatic policy reads.
    ///   - time: now, in seconds.
    public func distance(pageSize: Int, screen: Int, estimator: AdaptivePrefetch, at time: Double) -> Int {
        switch self {
        case let .fixed(items): max(0, items)
        case .automatic: estimator.lead(pageSize: pageSize, screen: screen, at: time)
        }
    }
}
