import FeedModel

/// The article reader (`a`): one web page's article over the list or a detail, at a readable
/// measure, its links numbered.
public struct ReaderState: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        case loading
        case loaded(ArticleText)
        /// Why the page could not be read (not an article, an HTTP error, a timeout).
        case failed(String)
    }

    /// Which opening this is: an answer for an earlier one is dropped.
    public internal(set) var serial: Int
    /// The address asked for (the item's link).
    public internal(set) var url: String
    /// The item's title, shown while the page loads.
    public internal(set) var itemTitle: String
    public internal(set) var content: Content
    /// The first line shown.
    public internal(set) var top = 0
    /// The article laid out for the current width.
    public internal(set) var lines: [DetailLine] = []
    /// Where the figures' pictures are drawn (pictures on): the first of the blank lines kept
    /// for each, and its address.
    public internal(set) var pictureSlots: [PictureSlot] = []
    /// Digits typed before a key: `3o` opens link 3.
    public internal(set) var count: Int?
    /// The `/` search in the article: the pattern (empty while nothing is typed).
    public internal(set) var search: SearchPattern?
    /// Whether the `/` prompt is open (keys edit the pattern).
    public internal(set) var isSearching = false
    /// Where the text was when `/` was pressed: a search starts there, `Esc` goes back there.
    var searchOrigin = 0
    /// When the article shown was fetched, when it is the copy the cache kept (offline, or the
    /// network failed); nil for one fresh from the network.
    public internal(set) var keptAt: Double?

    /// The widest the text runs, in columns, however wide the terminal.
    public static let measure = 76

    public var isLoading: Bool { content == .loading }
}

/// What came back for `AppEffect.fetchArticle`.
public enum ArticleOutcome: Equatable, Sendable {
    case article(ArticleText)
    /// One line: why there is no article.
    case failed(String)
}

/// Room kept in the reader's lines for a figure's picture.
public struct PictureSlot: Equatable, Sendable {
    /// The first of its lines.
    public var line: Int
    /// How many lines it has (the picture's rows and a blank one, or the box's while it loads).
    public var rows: Int
    public var url: String
}

/// An article the cache kept from an earlier reading (`AppAction.articleRead`).
public struct KeptArticle: Equatable, Sendable {
    public var article: ArticleText
    /// When it was fetched from the network, Unix seconds.
    public var fetchedAt: Double

    public init(article: ArticleText, fetchedAt: Double) {
        self.article = article
        self.fetchedAt = fetchedAt
    }
}
