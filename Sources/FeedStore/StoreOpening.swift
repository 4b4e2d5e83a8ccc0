/// What opening the cache came to: a store to use, or none, and at most one warning line.
public struct StoreOpening: Sendable {
    /// The store, or nil when the run goes on without a cache.
    public var store: CacheStore?
    /// One line for stderr (or the status line) when the file was refused or moved aside.
    public var warning: String?

    public init(store: CacheStore?, warning: String?) {
        self.store = store
        self.warning = warning
    }
}
