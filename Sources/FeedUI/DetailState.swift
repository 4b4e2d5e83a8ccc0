import FeedMarkup
import FeedModel
import FeedPaging

/// The detail view of one item: its text laid out as lines, and for threads its comments,
/// paged through a second `PagingState` as the reader scrolls towards them.
public struct DetailState: Equatable, Sendable {
    public internal(set) var item: FeedItem
    /// Whether `item` stands in for one known only by id (`hn --thread ID`) until the first
    /// comment page brings it.
    public internal(set) var isStandIn = false
    /// Whether it was opened by id from the command line rather than from the list's row.
    public internal(set) var wasOpenedByID = false
    /// Tells this opening apart from every other, so comment results meant for an earlier
    /// detail (request ids restart with each pager) are dropped.
    public let serial: Int
    /// The comment pager, for sources whose items have threads.
    public internal(set) var comments: PagingState?
    /// The pager of the item's own document (one page of one item), for sources that have one.
    public internal(set) var document: PagingState?
    /// The comments seen on earlier visits of this thread (page cache); nil on a first visit or
    /// without a cache. Loaded comments not in it are marked new.
    public internal(set) var seenBefore: Set<String>?
    /// When the oldest cached comment page on screen came from the network (Unix seconds); nil
    /// once fresh pages replaced them.
    public internal(set) var cachedAt: Double?
    /// Cached comments are waiting for their revalidation to start.
    var awaitsRevalidation = false
    /// A first-generation comment page was not in the cache: the rest of the thread comes
    /// from the network.
    var missedCache = false
    /// The first comments of the page being loaded, drawn after the loaded ones until their
    /// page arrives (`FetchResult.Outcome.partial`), and the request they came from.
    public internal(set) var arriving: Arriving?
    /// A comment page's request being retried after a failed attempt: why, and when.
    public internal(set) var retrying: AppState.RetryNote?
    /// Ids of comments whose replies are hidden.
    public internal(set) var collapsed: Set<String> = []
    /// The first document line on screen.
    public internal(set) var top = 0
    /// The `/` search in the detail (text and comments): the pattern, empty while nothing is typed.
    public internal(set) var search: SearchPattern?
    /// Whether the `/` prompt is open (keys edit the pattern).
    public internal(set) var isSearching = false
    /// Where the text was when `/` was pressed: a search starts there, `Esc` goes back there.
    var searchOrigin = 0
    /// A count typed before a motion (`3j`, `2]`), as in less and vim.
    public internal(set) var count: Int?
    /// Lines at the top of the document that the item's picture is drawn over (blank above the
    /// title, or beside the title's lines when `pictureColumns` is set).
    public internal(set) var pictureRows = 0
    /// Columns at the right of the first lines that a picture beside the title takes (with its
    /// margin); 0 when the picture is above the text.
    public internal(set) var pictureColumns = 0
    /// The document for the current width (title, meta, body, comments).
    public internal(set) var lines: [DetailLine] = []
    /// Texts too long to wrap in one go, by their place in the document: how far each is
    /// wrapped (`DetailLayout.Place`). A tick wraps a further slice of each.
    var longWraps: [String: LongWrap] = [:]
    /// When the head's lines were last checked against the clock, and the meta line (with the
    /// item's age) they were laid out with. See `DetailAction.clock`.
    var headAgesCountedAt = 0.0
    var headMeta = ""
    /// Whether a long text is still being wrapped (the document ends early, with a note).
    public var isLayingOut: Bool { longWraps.values.contains { !$0.isDone } }
    /// The body, parsed once.
    private(set) var body: [TextBlock]
    /// Each loaded comment's text, parsed once when it arrives (layout runs on every page).
    var commentBlocks: [String: [TextBlock]] = [:]

    init(item: FeedItem, serial: Int, comments: PagingState?, document: PagingState? = nil) {
        self.item = item
        self.serial = serial
        self.comments = comments
        self.document = document
        body = Self.blocks(of: item)
    }

    /// Takes what the item's own document says into the item: its facts (the meta line) and,
    /// when it has one, its body. Identity, title and links stay the list's.
    mutating func fill(from document: FeedItem) {
        guard document.id == item.id else { return }
        if !document.facts.isEmpty { item.facts = document.facts }
        if document.bodyHTML != nil || document.body != nil {
            item.bodyHTML = document.bodyHTML
            item.body = document.body
            body = Self.blocks(of: item)
        }
    }

    /// Puts the real item in the stand-in's place.
    mutating func replaceStandIn(with item: FeedItem) {
        self.item = item
        body = Self.blocks(of: item)
        isStandIn = false
    }

    /// Takes the body of a fuller copy of the item (its own page's text, where the list row
    /// had a summary), keeping the rest of the row.
    mutating func takeBody(of fuller: FeedItem) {
        item.bodyHTML = fuller.bodyHTML
        body = Self.blocks(of: item)
    }

    /// Parses the text of the comments drawn from `first` on that are not parsed yet, and
    /// again of those whose content changed (`changed` ids: a page's updates).
    mutating func parseComments(from first: Int, changed: Set<String> = []) {
        for index in max(0, first)..<max(max(0, first), shownCommentCount) {
            let comment = shownComment(at: index)
            if commentBlocks[comment.id] == nil || changed.contains(comment.id) {
                commentBlocks[comment.id] = Self.blocks(of: comment)
            }
        }
    }

    static func blocks(of item: FeedItem) -> [TextBlock] {
        // A placeholder is its header alone: one line, as the thread model keeps it.
        if placeholder(of: item) != nil { return [] }
        // HTML through the one pipeline (FeedMarkup), here, once per item: the body when the
        // detail opens or its text changes, each comment when its page arrives (`commentBlocks`),
        // never on a key or a resize (docs/READER.md, "Every source's HTML").
        if let html = item.bodyHTML { return MarkupFragment.textBlocks(html, baseAddress: linkBase(of: item)) }
        if let text = item.body { return TextBlock.paragraphs(plain: text) }
        return []
    }

    /// What relative links in an item's HTML are relative to: its discussion page (HN writes
    /// `item?id=1`), else its link.
    static func linkBase(of item: FeedItem) -> String? {
        item.discussionURL ?? item.url
    }

    /// The words of a comment kept only for its place (`[deleted]`, `[dead]`, `[removed]`): one
    /// with no author and no HTML whose whole text is its title, in brackets, as the adapters
    /// make them. Its header says it where an author would stand, as Hacker News shows it.
    static func placeholder(of item: FeedItem) -> String? {
        guard item.parentID != nil, item.author == nil, item.bodyHTML == nil, let text = item.body, text == item.title,
              text.count > 2, text.hasPrefix("["), text.hasSuffix("]"), !text.contains("\n")
        else { return nil }
        return text
    }

    /// The first comments of a page still loading.
    public struct Arriving: Equatable, Sendable {
        public var request: RequestID
        public var items: [FeedItem]
    }

    /// The comments drawn: the loaded ones, then those of the page still arriving. A line's
    /// `comment` indexes this.
    var shownComments: [FeedItem] {
        guard let comments else { return [] }
        guard let arriving, !arriving.items.isEmpty else { return Array(comments.items) }
        return Array(comments.items) + arriving.items
    }

    /// How many comments are drawn (`shownComments.count`, without building the array).
    var shownCommentCount: Int {
        (comments?.items.count ?? 0) + (arriving?.items.count ?? 0)
    }

    /// The comment drawn at `index` (`shownComments[index]`, without building the array).
    func shownComment(at index: Int) -> FeedItem {
        let loaded = comments?.items.count ?? 0
        if index < loaded, let comments { return comments.items[index] }
        return arriving!.items[index - loaded]
    }

    /// Whether a comment page is on its way (the spinner turns).
    var isLoading: Bool {
        if case .loading = comments?.loadState { return true }
        if case .loading = document?.loadState { return true }
        return false
    }
}

/// One line of the detail document.
public struct DetailLine: Equatable, Sendable {
    public var text: String
    /// The column the text starts at (indentation by depth, list nesting).
    public var column: Int
    public var style: Style
    /// The index (in the comment pager's items) of the comment this line belongs to.
    public var comment: Int?
    /// Whether this is a comment's header (author · age), where the focus mark is drawn.
    public var isHeader: Bool

    public init(_ text: String, column: Int = 0, style: Style = .normal, comment: Int? = nil, isHeader: Bool = false) {
        self.text = text
        self.column = column
        self.style = style
        self.comment = comment
        self.isHeader = isHeader
    }
}
