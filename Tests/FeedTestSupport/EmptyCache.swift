import FeedUI

extension AppState {
    /// Reduces `action` and answers every page-cache read it leads to as the runtime does with
    /// a cache that holds nothing (`.cacheRead` with no copy), until none is left.
    /// - Returns: every other effect, in order: the network loads the misses sent on included.
    public mutating func reduceWithEmptyCache(_ action: AppAction) -> [AppEffect] {
        var pending = reduce(action)
        var effects: [AppEffect] = []
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            guard case let .readCache(read) = effect else {
                effects.append(effect)
                continue
            }
            pending = reduce(.cacheRead(read, nil, at: now)) + pending
        }
        return effects
    }
}

/// The page-cache reads among `effects`.
public func cacheReads(_ effects: [AppEffect]) -> [CacheRead] {
    effects.compactMap { if case let .readCache(read) = $0 { read } else { nil } }
}
