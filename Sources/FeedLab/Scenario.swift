import FeedPaging

/// One trace replayed against one latency model.
public struct Scenario: Sendable, Hashable {
    public var trace: ScrollTrace
    public var latency: LatencyModel

    public init(trace: ScrollTrace, latency: LatencyModel) {
        self.trace = trace
        self.latency = latency
    }

    public var name: String { "\(trace.name)/\(latency.name)" }
}

/// The simulated list and feed.
public struct LabSetup: Sendable, Hashable {
    /// Items per page.
    public var pageSize: Int
    /// Items on screen (11 at 80×24).
    public var screen: Int
    /// Items in the feed; `nil` for an endless feed.
    public var feedItems: Int?
    public var seed: UInt64
    /// List pages feedscroll's strategies keep in flight ahead of the rows at most
    /// (`PagingState.pipelineDepth`); 1 replays the serial pager that came before the pipeline.
    public var pipeline: Int

    public init(
        pageSize: Int = 20, screen: Int = 11, feedItems: Int? = nil, seed: UInt64 = 1,
        pipeline: Int = PagingState.listPipelineDepth
    ) {
        self.pageSize = max(1, pageSize)
        self.screen = max(1, screen)
        self.feedItems = feedItems.map { max(0, $0) }
        self.seed = seed
        self.pipeline = min(4, max(1, pipeline))
    }
}
