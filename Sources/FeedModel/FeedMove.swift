/// A feed's permanent move: where to, and the status that said so (301 or 308). Kept in the
/// cache by the URL the feed is subscribed at, which stays its identity (docs/FEEDS.md).
public struct FeedMove: Sendable, Equatable {
    public var url: String
    public var status: Int

    public init(url: String, status: Int) {
        self.url = url
        self.status = status
    }

    /// What the subscription list says of it, once.
    public var note: String { "moved to \(url) (\(status))" }
}
