/// The last time a comment thread was opened, and how many comments its story counted then.
public struct ThreadVisit: Sendable, Equatable {
    /// The story's id.
    public var threadID: String
    /// Unix seconds.
    public var visitedAt: Double
    /// The story's comment count when it was opened (the API's count, not the comments loaded).
    public var commentCount: Int

    public init(threadID: String, visitedAt: Double, commentCount: Int) {
        self.threadID = threadID
        self.visitedAt = visitedAt
        self.commentCount = commentCount
    }
}
