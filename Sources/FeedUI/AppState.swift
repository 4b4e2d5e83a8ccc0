import FeedModel
import FeedPaging
import FeedPictures

/// Everything the screen shows and the pager knows: one value, changed only by `reduce`.
///
/// State by view: the list (`ListState`), the detail (`DetailState`), the search
/// (`FilterState`), the pictures (`PictureState`) and the reader (`ReaderState`) each keep
/// their own fields and have their own reduce. The list, the detail and the reader are handed
/// what they need of the app as a context value and hand back what crosses views (a key that
/// leaves them, a note, a changeset for the search, a visit for the cache). `AppState.reduce`
/// routes each action to its view, then lets the list, the detail and the pictures settle,
/// in that order.
public struct AppState: Equatable, Sendable {
    /// The smallest terminal feedscroll draws its list in.
    public static let minimumSize = Size(columns: 20, rows: 5)

    public var sourceName: String
    public private(set) var size: Size
    /// The list view: its pager, viewport, first items, jumps, live updates (ListState.swift).
    public internal(set) var list: ListState
    public var prefetch: PrefetchPolicy
    public var keyMap: KeyMap
    /// Wall-clock seconds (Unix) of the latest action: drives ages and the spinner.
    public internal(set) var now: Double = 0
    /// When the current wait for a page began, for the spinner's phase.
    public internal(set) var loadingSince: Double?
    /// Re-fetch the visible pages this often, in seconds (`--live`); `nil` is off.
    public var livePeriod: Double?
    /// A one-off message on the status line ("copied …"), cleared by the next key.
    public internal(set) var notice: String?
    public internal(set) var isHelpShown = false
    /// The first key-table line the help overlay shows (it scrolls when the table is long).
    public internal(set) var helpTop = 0
    /// The `/` search (AppState+Search.swift).
    public internal(set) var filter = FilterState()
    public internal(set) var isQuitting = false
    /// The item open in the detail view (AppState+Detail.swift, RenderDetail.swift).
    public internal(set) var detail: DetailState?
    /// The split screen's preview of the cursor's item once it loads what its detail would
    /// (AppState+Split.swift); nil before the cursor has rested on it.
    public internal(set) var preview: DetailState?
    /// The cursor's item in the split screen and since when it rests there.
    var previewDwelling: Dwell?
    /// Comments per page when the source's items have threads (Hacker News); nil: no threads.
    public var commentPageSize: Int?
    /// The widest a comment's text runs (`comment_width`, default `DetailLayout.commentMeasure`).
    public var commentWidth = DetailLayout.commentMeasure
    /// Whether the source's items have a document of their own that says more than the list
    /// (PokeAPI's `/pokemon/{name}`): opening one loads it into the detail.
    public var loadsDocuments = false
    /// A feed, the subscription list, or a feed opened from it (AppState+Subscriptions.swift).
    public var listRole = ListRole.feed
    /// The page cache as the screen sees it: cached rows, offline, read marks, visits.
    public internal(set) var cache = CacheState()
    /// Details opened so far: the next one's serial.
    var detailsOpened = 0
    /// Thumbnails, the detail's picture, their cache and loads (AppState+Pictures.swift).
    public internal(set) var pictures = PictureState()
    /// The article reader, over the list or the detail (AppState+Reader.swift).
    public internal(set) var reader: ReaderState?
    /// Readers opened so far: the next one's serial.
    var readersOpened = 0
    /// Where each article was left (its first line shown), by address.
    var readerPositions: [String: Int] = [:]
    /// The reader is the whole run (`feedscroll read URL`): leaving it quits.
    public internal(set) var readerEndsRun = false

    public struct RetryNote: Equatable, Sendable {
        public var attempt: Int
        public var delay: Double
        public var reason: String
        public var since: Double
        /// Where the retried request's rows go, so the note shows where the reader waits for them.
        public var place: RetryPlace = .below

        public init(attempt: Int, delay: Double, reason: String, since: Double, place: RetryPlace = .below) {
            self.attempt = attempt
            self.delay = delay
            self.reason = reason
            self.since = since
            self.place = place
        }
    }

    /// What a list request that is being retried was for.
    public enum RetryPlace: Equatable, Sendable {
        /// The page after the rows: the end footer's.
        case below
        /// A page before the rows (dropped by the page cap, or above a jump): the end footer
        /// stays the end, the status line says it.
        case above
        /// A refresh's page (`R`, a cached screen revalidated).
        case refresh
        /// A jump's page (`G`, `:N`, `N%`).
        case jump
    }

    public init(
        sourceName: String, paging: PagingState, size: Size,
        prefetch: PrefetchPolicy = .automatic, keyMap: KeyMap = .standard, livePeriod: Double? = nil,
        cache: CacheState = CacheState(),
        pictures: PictureState = PictureState()
    ) {
        self.cache = cache
        self.pictures = pictures
        self.livePeriod = livePeriod.map { max(1, $0) }
        self.sourceName = sourceName
        self.size = size
        self.prefetch = prefetch
        self.keyMap = keyMap
        list = ListState(paging: paging, capacity: Self.itemCapacity(for: size))
    }

    /// Items that fit on screen: two lines each, above one footer line and the status line.
    public static func itemCapacity(for size: Size) -> Int {
        max(1, (size.rows - 2) / 2)
    }

    /// Whether something on screen animates (so the runtime should tick).
    public var isAnimating: Bool {
        if case .loading = list.paging.loadState { return true }
        return list.retrying != nil || list.paging.isRefreshing || cache.awaitsRevalidation || list.paging.jumpTarget != nil || detail?.isLoading == true || detail?.retrying != nil
            || reader?.isLoading == true || preview?.isLoading == true || preview?.retrying != nil
    }

    /// When the runtime must wake even if nothing happens: the next live update, the end of
    /// a live-update highlight, the end of the preview's dwell, or now while a long text is
    /// laid out a slice at a time.
    public var nextDeadline: Double? {
        // A long text being laid out goes on at once whenever no key is waiting.
        if detail?.isLayingOut == true || preview?.isLayingOut == true { return now }
        let live = livePeriod.map { (list.lastLiveAt ?? now) + $0 }
        return [live, list.changedRows.values.min(), previewDue].compactMap { $0 }.min()
    }

    /// Whether the terminal is too small to draw the list.
    public var isTooSmall: Bool {
        size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
    }

    internal mutating func setSize(_ newSize: Size) { size = newSize }
}
