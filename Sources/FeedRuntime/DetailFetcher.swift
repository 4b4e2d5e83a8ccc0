import FeedModel
import FeedPaging

/// A detail pager's fetcher: one per opened detail, bound to that item's thread (or its own
/// document), so its results come back tagged with the detail's serial
/// (`FetchResult.Pager.comments`, `.document`). Used on the runtime thread only.
public final class DetailFetcher {
    public typealias MakeSource = (String) -> (any FeedSource)?

    private let makeSource: MakeSource
    private let pager: (Int) -> FetchResult.Pager
    private let executor: FetchExecutor
    private let deliver: @Sendable (FetchResult) -> Void
    private var current: (serial: Int, fetcher: PageFetcher)?

    /// - Parameters:
    ///   - makeSource: the source for an item id (its thread, or its document).
    ///   - pager: which pager the results of the detail opened as a serial are for.
    ///   - executor: where its loads run (the runtime's).
    ///   - deliver: where results go (the runtime's inbox).
    init(
        makeSource: @escaping MakeSource, pager: @escaping (Int) -> FetchResult.Pager = { .comments(serial: $0) },
        executor: FetchExecutor, deliver: @escaping @Sendable (FetchResult) -> Void
    ) {
        self.makeSource = makeSource
        self.pager = pager
        self.executor = executor
        self.deliver = deliver
    }

    func fetch(_ request: PageRequest, itemID: String, serial: Int) {
        if current?.serial != serial {
            guard let source = makeSource(itemID) else {
                let error = FeedError(.invalidRequest, "\(itemID) has no comments to load")
                deliver(.loaded(request, .failure(error), latency: 0, for: pager(serial)))
                return
            }
            // The previous detail's loads are cancelled (their requests closed); anything they
            // still deliver carries the old serial and is dropped by the reducer.
            current?.fetcher.cancelAll()
            current = (serial, PageFetcher(source: source, pager: pager(serial), lane: .detail, executor: executor, deliver: deliver))
        }
        current?.fetcher.fetch(request)
    }

    func cancel(_ id: RequestID, serial: Int) {
        guard current?.serial == serial else { return }
        current?.fetcher.cancel(id)
    }

    /// Cancels every comment load (quitting).
    func cancelAll() {
        current?.fetcher.cancelAll()
    }
}
