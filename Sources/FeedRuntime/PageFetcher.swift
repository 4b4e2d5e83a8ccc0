import Dispatch
import FeedModel
import FeedPaging
import Synchronization

/// Runs page loads as tasks on the fetch executor and hands results back as values.
///
/// The one concurrent thing in feedscroll. It owns no paging state: it loads what it is asked,
/// sanitises every remote string, and calls `deliver` with a `FetchResult` tagged with its
/// pager (and, for sources that report them, a page's first items before the page); the
/// runtime posts it to its one inbox and reduces it as `AppAction.fetched` on its
/// own thread. Each request is one `Task` preferring `FetchExecutor` (jobs on the custom
/// concurrent queue); `cancel` cancels that task, which closes its requests on the wire, drops
/// retries not yet due, and delivers nothing.
public final class PageFetcher: Sendable {
    private let source: any FeedSource
    private let pager: FetchResult.Pager
    private let lane: FetchLane
    private let executor: FetchExecutor
    private let tasks = TaskTable<RequestID>()
    /// The lane switches of the loads asked for as prefetch, while they run (`promote`).
    private let prefetching = Mutex<[RequestID: LaneSwitch]>([:])
    private let deliver: @Sendable (FetchResult) -> Void

    /// - Parameters:
    ///   - source: what to load from.
    ///   - pager: the pager its results are for (tagged on every result).
    ///   - lane: the host connections this pager's requests use.
    ///   - executor: where the tasks run.
    ///   - deliver: called from the fetch executor with each result.
    public init(
        source: any FeedSource, pager: FetchResult.Pager = .list, lane: FetchLane = .list,
        executor: FetchExecutor, deliver: @escaping @Sendable (FetchResult) -> Void
    ) {
        self.source = source
        self.pager = pager
        self.lane = lane
        self.executor = executor
        self.deliver = deliver
    }

    /// Starts loading a page in its own task.
    public func fetch(_ request: PageRequest) {
        let deliver = self.deliver
        let pager = self.pager
        // A list page asked for ahead of the reader runs behind the ones the reader waits for,
        // until the reader reaches it (`promote`).
        let isPrefetch = request.isPrefetch && lane == .list
        let laneSwitch = isPrefetch ? LaneSwitch() : nil
        if let laneSwitch { prefetching.withLock { $0[request.id] = laneSwitch } }
        let context = FetchContext(
            lane: isPrefetch ? .prefetch : lane,
            onRetry: { attempt, delay, error in
                deliver(.retrying(request, attempt: attempt, delay: delay, error: error.sanitized(), for: pager))
            },
            progress: { items in
                // A cancelled load delivers nothing, its first items included.
                guard !Task.isCancelled else { return }
                deliver(.partial(request, items.map { $0.sanitized() }, for: pager))
            },
            laneSwitch: laneSwitch)
        tasks.start(request.id, on: executor) {
            await self.run(request, context: context)
            if laneSwitch != nil { _ = self.prefetching.withLock { $0.removeValue(forKey: request.id) } }
        }
    }

    /// Moves a load asked for as prefetch to the wanted lane (the reader reached its page): its
    /// requests keep their places in line, ahead of the wanted ones asked for after them.
    public func promote(_ id: RequestID) {
        prefetching.withLock { $0[id] }?.move(to: lane)
    }

    /// Cancels a request: its connections close, a retry not yet due is dropped, a load not
    /// yet started never starts, and no event is delivered for it.
    public func cancel(_ id: RequestID) {
        prefetching.withLock { _ = $0.removeValue(forKey: id) }
        tasks.cancel(id)
    }

    /// Cancels every request (leaving a detail, quitting).
    public func cancelAll() {
        tasks.cancelAll()
    }

    /// Requests whose tasks have not finished.
    public var inFlight: Int { tasks.count }

    /// Asks the source to forget its between-page snapshot (refresh).
    public func startOver() {
        source.startOver()
    }

    // MARK: - Helpers

    /// One load, delivered once: retries happen below, in the transport (the one retry site),
    /// and reach the footer through `context.onRetry` as `.retrying`.
    private func run(_ request: PageRequest, context: FetchContext) async {
        let started = DispatchTime.now().uptimeNanoseconds
        let result: Result<Page, FeedError>
        do throws(FeedError) {
            // Every string the page can draw (items, failures, a thread's story, the feed's own
            // title, the end note) is remote text.
            result = .success(try await source.load(request.key, pageSize: request.pageSize, context: context).sanitized())
        } catch {
            result = .failure(error.sanitized())
        }
        if Task.isCancelled { return }
        let latency = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        deliver(.loaded(request, result, latency: latency, for: pager))
    }
}
