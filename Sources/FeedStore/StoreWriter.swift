import Dispatch
import Synchronization

/// Carries the cache's writes off the runtime thread: one serial queue, in submission order.
///
/// A write that fails (disk full, a file gone bad mid-run) is reported once per kind through
/// `report` and dropped: the cache is an optimisation, never a reason to stop.
public final class StoreWriter: Sendable {
    public let store: CacheStore
    private let queue = DispatchQueue(label: "feedscroll.cache.write")
    private let report: @Sendable (String) -> Void
    private let reported = Mutex<Set<String>>([])

    /// - Parameters:
    ///   - store: the open cache.
    ///   - report: called on the writer's queue with a line for a failed write.
    public init(store: CacheStore, report: @escaping @Sendable (String) -> Void) {
        self.store = store
        self.report = report
    }

    /// Queues a write.
    ///
    /// - Parameters:
    ///   - what: a few words for the report if it fails (`store page`).
    ///   - work: the write, run on the writer's queue.
    public func submit(_ what: String, _ work: @escaping @Sendable (CacheStore) throws -> Void) {
        queue.async {
            do {
                try work(self.store)
            } catch {
                if self.reported.withLock({ $0.insert(what).inserted }) {
                    self.report("cache: \(what) failed: \(error)")
                }
            }
        }
    }

    /// Waits until every write queued so far is done (before the process exits).
    public func flush() {
        queue.sync {}
    }
}
