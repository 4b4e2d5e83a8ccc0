/// Everything that shapes a replica run: where it listens, what data it serves, which faults it injects.
///
/// Data and fault decisions are fixed by `seed` and `faultSeed`: two runs with the same values
/// serve the same items and, for the same sequence of requests, the same faults.
public struct ReplicaConfiguration: Sendable, Equatable {
    /// The TCP port on 127.0.0.1; 0 picks a free one (read it back from `RunningReplica.port`).
    public var port: Int
    /// Seeds the generated data set.
    public var seed: UInt64
    /// Items per feed; `nil` means about 1,200 per feed and 100 JSONPlaceholder posts, like the real service.
    public var items: Int?
    /// Unix seconds of the newest generated item; `nil` means the moment the replica starts.
    public var anchorTime: Int64?
    /// Added to every response, in milliseconds.
    public var latencyMs: Int
    /// Up to this many extra milliseconds, drawn per request.
    public var jitterMs: Int
    /// Share of requests (0...1) answered with a 5xx.
    public var errorRate: Double
    /// Requests per second allowed per API before it answers with its own rate-limit response; `nil` = no limit.
    public var rateLimitPerSecond: Int?
    /// Share of requests (0...1) whose JSON body is truncated or replaced by something that is not JSON.
    public var malformedRate: Double
    /// Share of requests (0...1) that are accepted and never answered until the replica stops.
    public var stallRate: Double
    /// New items per second appearing at the head of every feed that has a head.
    public var drift: Double
    /// Seeds the fault decisions, so a test can predict them.
    public var faultSeed: UInt64
    /// How a request's faults (delay, stall, 5xx, malformed body) are drawn from `faultSeed`.
    public var faultDraws: FaultDraws = .sequence
    /// Whether HN items carry `HostileText` payloads in their titles, authors and texts.
    public var isHostile = false
    /// Whether HN items carry `ScriptText` titles and texts (every script and emoji sequence).
    public var isScripts = false
    /// The APIs to serve, by name (`hn`, `algolia`, …); nil serves every one. Bare `feedscroll`
    /// serves only Hacker News, so its replica starts without building the other data sets.
    public var apis: Set<String>?
    /// Comments added to every HN story that has comments, as if people had gone on talking
    /// since another run (`serve --extra-comments`): the same ids, these ones after them.
    public var extraComments = 0

    public init(
        port: Int = 0,
        seed: UInt64 = 42,
        items: Int? = nil,
        anchorTime: Int64? = nil,
        latencyMs: Int = 0,
        jitterMs: Int = 0,
        errorRate: Double = 0,
        rateLimitPerSecond: Int? = nil,
        malformedRate: Double = 0,
        stallRate: Double = 0,
        drift: Double = 0,
        faultSeed: UInt64 = 7
    ) {
        self.port = port
        self.seed = seed
        self.items = items
        self.anchorTime = anchorTime
        self.latencyMs = latencyMs
        self.jitterMs = jitterMs
        self.errorRate = errorRate
        self.rateLimitPerSecond = rateLimitPerSecond
        self.malformedRate = malformedRate
        self.stallRate = stallRate
        self.drift = drift
        self.faultSeed = faultSeed
    }

    /// The default number of items per feed.
    public static let defaultItemsPerFeed = 1200

    var itemsPerFeed: Int { max(items ?? Self.defaultItemsPerFeed, 1) }
}

/// How the replica draws each request's faults from the fault seed.
public enum FaultDraws: String, Sendable, Equatable, CaseIterable {
    /// One stream taken in arrival order: the n-th request to arrive gets the n-th draw, so a
    /// client that sends the same requests in another order meets different faults.
    case sequence
    /// Each draw addressed by (fault seed, method, path and query, attempt): the n-th time a
    /// request for the same thing reaches the backend it meets the same delay and fault, whatever
    /// else was sent before it. Two clients are compared on the same faults (paired draws).
    /// Refusals by the rate limit stay a matter of timing, as a real server's, and take no
    /// attempt number: they never reach the backend.
    case keyed
}
