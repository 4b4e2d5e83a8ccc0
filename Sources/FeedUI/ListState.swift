import FeedModel
import FeedPaging

/// The list view: its pager and viewport, the rows drawn before the first page, the jump and
/// the `:N` prompt, live updates and their highlights, the retry note and the prefetch
/// estimates. Its own transitions are in `ListState+Reduce.swift`; the app's keys that move it
/// are in the `AppState` extensions (`AppState+Reduce.swift`, `+GoTo`, `+FirstItems`).
public struct ListState: Equatable, Sendable {
    public internal(set) var paging: PagingState
    public internal(set) var viewport: Viewport
    /// Latency and scroll-speed estimates behind the automatic prefetch lead.
    public internal(set) var estimator = AdaptivePrefetch()
    /// Seconds the last page took.
    public internal(set) var lastLatency: Double?
    /// A retry under way after a failed attempt.
    public internal(set) var retrying: AppState.RetryNote?
    /// The first page's items known before the page (in rank order), drawn while the list is
    /// still empty; the page itself replaces them.
    public internal(set) var firstItems: [FeedItem] = []
    /// The cursor on the first items (AppState+FirstItems.swift): keys act on the rows drawn.
    public internal(set) var firstCursor = 0
    /// Keys pressed on the first items that need their page, applied in order when it lands.
    public internal(set) var typeahead: [Key] = []
    /// Rows a refresh under way already knows anew, by id (the subscription list's per-feed
    /// progress: `refreshing…`, `✓ 3 new`, `304 unchanged`): drawn in place of the loaded rows
    /// with the same ids while the refresh runs; its page replaces them.
    public internal(set) var refreshRows: [String: FeedItem] = [:]
    /// When the last live update was asked for.
    public internal(set) var lastLiveAt: Double?
    /// New items above the cursor's item that the last refresh brought, until the reader
    /// scrolls up to them.
    public internal(set) var newAbove = 0
    /// Items a live update changed or brought, with the time their highlight ends.
    public internal(set) var changedRows: [String: Double] = [:]
    /// The `:N` / `N%` prompt while it is open (AppState+GoTo.swift).
    public internal(set) var goTo: GoToPrompt?
    /// The absolute row a jump is going to, until its page arrives (shown as the position).
    public internal(set) var jumpRow: Int?
    /// A jump's row kept after its page landed while the rows above it are an estimate (pages
    /// above never loaded stand for full pages; a feed that leaves items out has fewer): as
    /// those pages arrive the cursor goes to the row again, until the reader moves it
    /// (`itemID` is the item it was put on) or the rows above are all counted.
    public internal(set) var landing: Landing?
    public struct Landing: Equatable, Sendable {
        public var row: Int
        public var itemID: String
    }
    /// The item the list's cursor goes to once its page is loaded: the story of a thread opened
    /// by id (`hn --thread ID`), after Esc. Any key the reader presses in the list drops it.
    public internal(set) var cursorTarget: String?
    /// The jump under way is `G`'s: it lands on the last row of the last page.
    public internal(set) var jumpsToEnd = false
    /// Offline `G`: the cursor follows cached pages to the last one (AppState+GoTo.swift).
    public internal(set) var isGoingToEnd = false

    init(paging: PagingState, capacity: Int) {
        self.paging = paging
        viewport = Viewport(count: 0, capacity: capacity)
    }
}
