import FeedModel
import Synchronization

/// A conversation its API returns whole in one response (Lobsters' story, DEV's comment tree,
/// JSONPlaceholder's post with its comments): fetched once, then paged locally as slices of
/// its depth-first order, so it flows through the same comment pager as Hacker News' threads.
///
/// The page key is `.cursor(nil)` for the start (which fetches the thread) and `.cursor("N")`
/// for the slice from its N-th comment. A later page whose thread was forgotten (`forget`, on
/// refresh) fetches it again.
final class WholeThread: Sendable {
    /// What one fetch of the thread brings: the comments in display order, and the item they
    /// answer as the list shows it (the first page's `subject`).
    struct Fetched: Sendable {
        var comments: [FeedItem]
        var subject: FeedItem?
    }

    private let held = Mutex<[FeedItem]?>(nil)

    /// One page of the thread.
    ///
    /// - Parameters:
    ///   - key: `.cursor(nil)` or `.cursor("N")`.
    ///   - size: comments per page (already clamped).
    ///   - api: the name errors say.
    ///   - fetch: gets the whole thread.
    func page(
        _ key: PageKey, size: Int, api: String, fetch: () async throws(FeedError) -> Fetched
    ) async throws(FeedError) -> Page {
        guard case let .cursor(token) = key else {
            throw FeedError(.invalidRequest, "\(api): unsupported page key \(key)")
        }
        var start = 0
        if let token {
            guard let offset = Int(token), offset >= 0 else { throw FeedError(.invalidRequest, "\(api): bad cursor \(token)") }
            start = offset
        }
        var comments = held.withLock { $0 }
        var subject: FeedItem?
        if token == nil || comments == nil {
            let fetched = try await fetch()
            comments = fetched.comments
            subject = token == nil ? fetched.subject : nil
            held.withLock { $0 = fetched.comments }
        }
        let all = comments ?? []
        let end = min(all.count, start + max(1, size))
        let items = start < end ? Array(all[start..<end]) : []
        return Page(key: key, items: items, next: end < all.count ? .cursor(String(end)) : nil, total: all.count, subject: subject)
    }

    /// Forgets the thread: the next page fetches it again.
    func forget() {
        held.withLock { $0 = nil }
    }
}
