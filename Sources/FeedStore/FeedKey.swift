/// Which feed a cached page belongs to: the source and the parameters that shape its pages.
///
/// Two runs share cached pages exactly when their keys are equal, so `parameters` must hold
/// everything that changes what a page key returns (list, query, API root, page size) and
/// nothing that does not (theme, prefetch).
public struct FeedKey: Sendable, Hashable {
    public var source: String
    public var parameters: String

    public init(source: String, parameters: String) {
        self.source = source
        self.parameters = parameters
    }

    /// The comment thread of an item, cached like a feed of its own.
    ///
    /// - Parameters:
    ///   - itemID: the story's id (`hn:8863`).
    ///   - parameters: the thread source's parameters (its API root).
    public static func thread(of itemID: String, parameters: String) -> FeedKey {
        FeedKey(source: "thread \(itemID)", parameters: parameters)
    }
}
