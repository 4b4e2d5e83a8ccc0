import Dispatch
import Synchronization

/// Carries the cache's writes off the runtime thread: one serial queue, in submission order.
///
/// Pages are batched: those that arrive while a batch is being written go into the next one,
/// written in one transaction (one commit for many pages, where a commit each let a fast pipe
/// queue pages without bound). A writer that must not outrun the cache (a pipe) waits with
/// `waitForRoom(pages:)` before asking for more, which bounds what is queued.
///
/// A write that fails (disk full, a file gone bad mid-run) is reported once per kind through
/// `report` and dropped: the cache is an optimisation, never a reason to stop.
public final class StoreWriter: Sendable {
    public let store: CacheStore
    private let queue = DispatchQueue(label: "feedscroll.cache.write")
    private let report: @Sendable (String) -> Void
    private let reported = Mutex<Set<String>>([])
    private let backlog = Mutex(Backlog())

    /// The pages waiting for the next batch, and how many pages are queued or being written.
    private struct Backlog {
        var pages: [PageWrite] = []
        var afterwards: [(@Sendable () -> Void)?] = []
        var isDrainQueued = false
        var unwritten = 0
    }

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
        queue.async { self.run(what, work) }
    }

    /// Queues a page for the next batch. Pages keep their order among themselves; against other
    /// writes (read marks, visits: other tables) a page may be written earlier than queued.
    ///
    /// - Parameter stored: called on the writer's queue once the page is committed (not when
    ///   its batch failed, nor when the page was skipped because eviction would take it back
    ///   at once: see `CacheStore.store(_:)`).
    public func store(_ write: PageWrite, stored: (@Sendable () -> Void)? = nil) {
        let needsDrain = backlog.withLock { backlog -> Bool in
            backlog.pages.append(write)
            backlog.afterwards.append(stored)
            backlog.unwritten += 1
            defer { backlog.isDrainQueued = true }
            return !backlog.isDrainQueued
        }
        if needsDrain { queue.async { self.drain() } }
    }

    /// Pages queued or being written, not yet in the cache.
    public var unwrittenPages: Int { backlog.withLock { $0.unwritten } }

    /// Blocks the calling thread while more than `pages` pages wait to be written: what a pipe
    /// calls before fetching more, so the cache's backlog (and memory) stays bounded and the
    /// pipe runs at the pace of the slower of the network and the disk. Never call it on a
    /// thread that fetches or on the screen's runtime thread.
    public func waitForRoom(pages: Int) {
        while unwrittenPages > pages {
            queue.sync {}
        }
    }

    /// Waits until every write queued so far is done (before the process exits).
    public func flush() {
        queue.sync {}
    }

    // MARK: - Helpers

    /// Writes every page queued so far in one transaction.
    private func drain() {
        let (pages, afterwards) = backlog.withLock { backlog in
            backlog.isDrainQueued = false
            defer {
                backlog.pages = []
                backlog.afterwards = []
            }
            return (backlog.pages, backlog.afterwards)
        }
        var written: [Bool] = []
        if run("store page", { written = try $0.store(pages) }) {
            for (stored, isWritten) in zip(afterwards, written) where isWritten { stored?() }
        }
        backlog.withLock { $0.unwritten -= pages.count }
    }

    /// - Returns: whether the write succeeded.
    @discardableResult
    private func run(_ what: String, _ work: (CacheStore) throws -> Void) -> Bool {
        do {
            try work(store)
            return true
        } catch {
            if reported.withLock({ $0.insert(what).inserted }) {
                report("cache: \(what) failed: \(error)")
            }
            return false
        }
    }
}
