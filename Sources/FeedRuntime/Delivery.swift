import FeedPaging
import FeedUI

/// What background work hands the runtime thread through its one inbox.
enum Delivery: Sendable {
    /// A page, or an attempt about to be retried, for the list or a detail's comments.
    case fetched(FetchResult)
    /// A picture fetched, decoded and fitted, or why it could not be.
    case picture(PictureResult)
    /// The reader's article (or why there is none) for the reader opened as `serial`.
    case article(serial: Int, ArticleOutcome)
    /// The comments seen on earlier visits of the thread opened as `serial`, read on the
    /// cache's queue.
    case threadHistory(serial: Int, seen: Set<String>)
    /// A page read from the page cache (or nil), read on the cache's queue.
    case cacheRead(CacheRead, CachedCopy?)
    case keptArticle(serial: Int, KeptArticle?, failure: String?)
}
