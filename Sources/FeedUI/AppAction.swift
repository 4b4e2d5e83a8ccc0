import FeedModel
import FeedPaging

/// Facts the runtime reports. Each carries the wall-clock time it happened at, so `reduce`
/// never reads a clock.
public enum AppAction: Sendable, Equatable {
    /// The run began: ask for the first page.
    case start(at: Double)
    case key(Key, at: Double)
    case resized(Size)
    /// A fetch result for either pager: the list's, or the comments of the detail opened as
    /// the result's serial (see `AppEffect.fetchComments`).
    case fetched(FetchResult, at: Double)
    /// The page cache's answer to `AppEffect.readCache`: the cached copy, or nil when the
    /// cache holds none (or could not be read).
    case cacheRead(CacheRead, CachedCopy?, at: Double)
    /// Time passed (spinner frames, retry countdowns).
    case tick(at: Double)
    /// The comments seen on earlier visits of the thread opened as `serial` (the answer to
    /// `AppEffect.loadThreadHistory`); empty when it was never visited.
    case threadHistory(serial: Int, seen: Set<String>)
    /// The command line named one item's thread (`hn --thread ID`): open its detail over the
    /// list, before its item is known (the first comment page brings it as `Page.subject`).
    case openThread(itemID: String)
    /// The command line named one web page (`feedscroll read URL` on a terminal): read it at
    /// once, as `a` reads an item's page; leaving the reader ends the run, as leaving less does.
    case readPage(FeedItem)
    /// Something the runtime wants said on the status line (e.g. a browser that failed to start).
    case notice(String)
    /// A picture asked for with `AppEffect.fetchPicture`, decoded and fitted (or failed).
    case pictureFetched(PictureResult)
    /// The article asked for with `AppEffect.fetchArticle` for the reader opened as `serial`.
    case articleFetched(serial: Int, ArticleOutcome)
    /// The cache's answer to `AppEffect.readArticle` for the reader opened as `serial`: the
    /// article kept from an earlier reading, or nil; `failure` is why the network did not
    /// answer (nil offline).
    case articleRead(serial: Int, KeptArticle?, failure: String?)
}

/// What `reduce` asks the runtime to do.
public enum AppEffect: Sendable, Equatable {
    case fetch(PageRequest)
    case cancel(RequestID)
    /// A list page asked for as prefetch is wanted now: its requests move to the wanted lane,
    /// keeping their places (`PagingEffect.promote`).
    case promote(RequestID)
    /// Load a page of the comments of `itemID` for the detail opened as `serial`; the result
    /// comes back as `AppAction.fetched` for `.comments(serial:)` with the same serial.
    case fetchComments(PageRequest, itemID: String, serial: Int)
    case cancelComments(RequestID, serial: Int)
    /// Load the own document of `itemID` for the detail opened as `serial`; the result comes
    /// back as `AppAction.fetched` for `.document(serial:)`, its one item holding what it adds.
    case fetchDocument(PageRequest, itemID: String, serial: Int)
    case cancelDocument(RequestID, serial: Int)
    /// Tell the source to drop its between-page snapshot (refresh).
    case startOver
    /// Open an http(s) URL in the user's browser (already checked by `LinkCheck`).
    case openURL(String)
    /// Put text on the clipboard through the terminal (OSC 52).
    case copy(String)
    /// Store an item's read mark (or take it away) in the page cache.
    case markRead(itemID: String, isRead: Bool)
    /// Store a thread visit: the story's comment count now, for `+N new` next time.
    case recordVisit(threadID: String, commentCount: Int)
    /// Read a page from the page cache off the runtime thread; answered by `AppAction.cacheRead`.
    case readCache(CacheRead)
    /// Store a page fresh from the network in the page cache: the list's, or the thread of
    /// `threadID`'s.
    case writeCache(Page, index: Int, threadID: String?)
    /// Read the comments seen on earlier visits of a thread; answered by `AppAction.threadHistory`.
    case loadThreadHistory(threadID: String, serial: Int)
    /// Store comments as seen in a thread, so the next visit marks only newer ones.
    case markSeen(commentIDs: [String], threadID: String)
    /// Fetch a picture once, decode it off the runtime thread, fit it to each box; the result
    /// comes back as `AppAction.pictureFetched`.
    case fetchPicture(PictureRequest)
    /// Its row left the lead: cancel the request (closing the connection).
    case cancelPicture(url: String)
    /// Fetch the web page at `url` and read its article, for the reader opened as `serial`
    /// (the detail lane); the answer is `AppAction.articleFetched`.
    case fetchArticle(url: String, serial: Int)
    /// Close that request on the wire: the reader was left before it came.
    case cancelArticle(serial: Int)
    /// Read the article kept from `url` (the address the reader asked for) off the runtime
    /// thread; answered by `AppAction.articleRead`. `failure`: why the network did not answer.
    case readArticle(url: String, serial: Int, failure: String?)
    /// Keep an article read from `url` in the cache, so it opens again offline.
    case keepArticle(ArticleText, url: String)
    /// Save an item for later in the cache (`s`), as it is now.
    case save(FeedItem)
    /// Take an item off the saved list.
    case unsave(itemID: String)
    /// The subscription list's row was chosen (Enter): the run ends, the command opens it.
    case choose(itemID: String)
    /// Back from a feed opened from the subscription list: the run ends, the list comes back.
    case leave
    case quit
}
