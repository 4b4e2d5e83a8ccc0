import Dispatch
import FeedModel
import Synchronization

/// Runs page loads on a custom concurrent queue and hands results back as values.
///
/// The one concurrent thing in feedscroll. It owns no paging state: it loads what it is asked,
/// retries as `RetryPolicy` says, sanitises every remote string, and calls `deliver` from its
/// queue with a `FetchResult` tagged with its pager; the runtime posts it to its one inbox and
/// reduces it as `AppAction.fetched` on its own thread.
public final class PageFetcher: Sendable {
    private let source: any FeedSource
    private let pager: FetchResult.Pager
    private let retry: RetryPolicy
    private let queue = DispatchQueue(label: "feedscroll.fetch", attributes: .concurrent)
    private let cancelled = Mutex<Set<RequestID>>([])
    private let deliver: @Sendable (FetchResult) -> Void

    /// - Parameters:
    ///   - source: what to load from.
    ///   - pager: the pager its results are for (tagged on every result).
    ///   - retry: when to try a failed page again.
    ///   - deliver: called on the fetch queue with each result.
    public init(
        source: any FeedSource, pager: FetchResult.Pager = .list, retry: RetryPolicy = RetryPolicy(),
        deliver: @escaping @Sendable (FetchResult) -> Void
    ) {
        self.source = source
        self.pager = pager
        self.retry = retry
        self.deliver = deliver
    }

    /// Starts loading a page.
    public func fetch(_ request: PageRequest) {
        queue.async { self.attempt(request, number: 1) }
    }

    /// Stops a request: a load not yet started is skipped and a retry not yet due is dropped.
    /// A load already running finishes, and its result is dropped by the pager.
    public func cancel(_ id: RequestID) {
        cancelled.withLock { _ = $0.insert(id) }
    }

    /// Asks the source to forget its between-page snapshot (refresh).
    public func startOver() {
        queue.async { self.source.startOver() }
    }

    // MARK: - Helpers

    private func attempt(_ request: PageRequest, number: Int) {
        if cancelled.withLock({ $0.remove(request.id) != nil }) { return }
        let started = DispatchTime.now().uptimeNanoseconds
        let result: Result<Page, FeedError>
        do {
            var page = try source.load(request.key, pageSize: request.pageSize)
            page.items = page.items.map { $0.sanitized() }
            result = .success(page)
        } catch {
            result = .failure(error.sanitized())
        }
        let latency = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        if case let .failure(error) = result,
           let delay = retry.delay(afterAttempt: number, error: error, random: Double.random(in: 0..<1))
        {
            deliver(.retrying(request, attempt: number + 1, delay: delay, error: error, for: pager))
            queue.asyncAfter(deadline: .now() + delay) { self.attempt(request, number: number + 1) }
            return
        }
        deliver(.loaded(request, result, latency: latency, for: pager))
    }
}
