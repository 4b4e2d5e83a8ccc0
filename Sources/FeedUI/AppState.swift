import FeedModel
import FeedPaging
import FeedPictures

/// Everything the screen shows and the pager knows: one value, changed only by `reduce`.
public struct AppState: Equatable, Sendable {
    /// The smallest terminal feedscroll draws its list in.
    public static let minimumSize = Size(columns: 20, rows: 5)

    public var sourceName: String
    public private(set) var size: Size
    public internal(set) var paging: PagingState
    public internal(set) var viewport: Viewport
    public var prefetch: PrefetchPolicy
    /// Latency and scroll-speed estimates behind the automatic prefetch lead.
    public internal(set) var estimator = AdaptivePrefetch()
    public var keyMap: KeyMap
    /// Wall-clock seconds (Unix) of the latest action: drives ages and the spinner.
    public internal(set) var now: Double = 0
    /// When the current wait for a page began, for the spinner's phase.
    public internal(set) var loadingSince: Double?
    /// Seconds the last page took.
    public internal(set) var lastLatency: Double?
    /// A retry under way after a failed attempt.
    public internal(set) var retrying: RetryNote?
    /// The first page's items known before the page (in rank order), drawn while the list is
    /// still empty; the page itself replaces them.
    public internal(set) var firstItems: [FeedItem] = []
    /// Rows a refresh under way already knows anew, by id (the subscription list's per-feed
    /// progress: `refreshing…`, `✓ 3 new`, `304 unchanged`): drawn in place of the loaded rows
    /// with the same ids while the refresh runs; its page replaces them.
    public internal(set) var refreshRows: [String: FeedItem] = [:]
    /// Re-fetch the visible pages this often, in seconds (`--live`); `nil` is off.
    public var livePeriod: Double?
    /// When the last live update was asked for.
    public internal(set) var lastLiveAt: Double?
    /// New items above the cursor's item that the last refresh brought, until the reader
    /// scrolls up to them.
    public internal(set) var newAbove = 0
    /// Items a live update changed or brought, with the time their highlight ends
    /// (AppState+Changes.swift).
    public internal(set) var changedRows: [String: Double] = [:]
    /// A one-off message on the status line ("copied …"), cleared by the next key.
    public internal(set) var notice: String?
    public internal(set) var isHelpShown = false
    /// The first key-table line the help overlay shows (it scrolls when the table is long).
    public internal(set) var helpTop = 0
    /// The `/` search (AppState+Search.swift).
    public internal(set) var filter = FilterState()
    /// The `:N` / `N%` prompt while it is open (AppState+GoTo.swift).
    public internal(set) var goTo: GoToPrompt?
    /// The absolute row a jump is going to, until its page arrives (shown as the position).
    public internal(set) var jumpRow: Int?
    /// The item the list's cursor goes to once its page is loaded: the story of a thread opened
    /// by id (`hn --thread ID`), after Esc. Any key the reader presses in the list drops it.
    public internal(set) var cursorTarget: String?
    /// The jump under way is `G`'s: it lands on the last row of the last page.
    public internal(set) var jumpsToEnd = false
    /// Offline `G`: the cursor follows cached pages to the last one (AppState+GoTo.swift).
    public internal(set) var isGoingToEnd = false
    public internal(set) var isQuitting = false
    /// The item open in the detail view (AppState+Detail.swift, RenderDetail.swift).
    public internal(set) var detail: DetailState?
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
        self.paging = paging
        self.size = size
        self.prefetch = prefetch
        self.keyMap = keyMap
        viewport = Viewport(count: 0, capacity: Self.itemCapacity(for: size))
    }

    /// Items that fit on screen: two lines each, above one footer line and the status line.
    public static func itemCapacity(for size: Size) -> Int {
        max(1, (size.rows - 2) / 2)
    }

    /// Whether something on screen animates (so the runtime should tick).
    public var isAnimating: Bool {
        if case .loading = paging.loadState { return true }
        return retrying != nil || paging.isRefreshing || cache.awaitsRevalidation || paging.jumpTarget != nil || detail?.isLoading == true || detail?.retrying != nil
            || reader?.isLoading == true
    }

    /// When the runtime must wake even if nothing happens: the next live update, the end of
    /// a live-update highlight, or now while a long text is laid out a slice at a time.
    public var nextDeadline: Double? {
        // A long text being laid out goes on at once whenever no key is waiting.
        if detail?.isLayingOut == true { return now }
        let live = livePeriod.map { (lastLiveAt ?? now) + $0 }
        guard let highlightEnd = changedRows.values.min() else { return live }
        return min(live ?? highlightEnd, highlightEnd)
    }

    /// Whether the terminal is too small to draw the list.
    public var isTooSmall: Bool {
        size.columns < Self.minimumSize.columns || size.rows < Self.minimumSize.rows
    }

    internal mutating func setSize(_ newSize: Size) { size = newSize }
}
