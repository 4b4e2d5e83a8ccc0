import Foundation

/// The syndication formats the parsers read, as the document declares itself (F1 of the wire
/// formats): by its root element and version, never by its `Content-Type`.
public enum FeedFormat: String, Sendable, Hashable, Codable {
    case rss090 = "RSS 0.90"
    case rss091 = "RSS 0.91"
    case rss092 = "RSS 0.92"
    case rss10 = "RSS 1.0"
    case rss20 = "RSS 2.0"
    case atom03 = "Atom 0.3"
    case atom10 = "Atom 1.0"
    case jsonFeed10 = "JSON Feed 1.0"
    case jsonFeed11 = "JSON Feed 1.1"
}

/// A media file an entry carries (a podcast episode, an attachment).
public struct FeedEnclosure: Sendable, Hashable, Codable {
    /// Absolute http(s) address.
    public var url: String
    public var type: String?
    /// Bytes, as the feed states them (advisory; `nil` when absent, zero or not a number).
    public var length: Int64?
    /// Seconds of playing time (`itunes:duration`, Media RSS `duration`, JSON Feed
    /// `duration_in_seconds`); `nil` when absent or not a duration (`FeedDuration`).
    public var duration: Int?

    public init(url: String, type: String? = nil, length: Int64? = nil, duration: Int? = nil) {
        self.url = url
        self.type = type
        self.length = length
        self.duration = duration
    }
}

/// One entry of a feed (an RSS `item`, an Atom `entry`, a JSON Feed item), with every text
/// field decoded once by its declared type into plain text.
public struct FeedEntry: Sendable, Hashable, Codable {
    /// The feed's own id (RSS `guid`, RDF `rdf:about`, Atom `id`, JSON Feed `id`) exactly as
    /// written, or a derived one (`EntryIdentity`) when the entry has none or repeats one.
    public var id: String
    /// Whether `id` was derived rather than given by the feed.
    public var isDerivedID: Bool
    /// Plain text, one line.
    public var title: String
    /// The alternate link, absolute (http or https), when the entry has one.
    public var url: String?
    /// Plain text.
    public var author: String?
    /// Unix seconds: when it was published, else when it was last updated.
    public var published: Int64?
    /// Unix seconds: when it was last updated, when the feed says.
    public var updated: Int64?
    /// RSS `description`, Atom `summary`, JSON Feed `summary`, as its declared type.
    public var summary: FeedText?
    /// The full body (RSS `content:encoded`, Atom `content`, JSON Feed `content_html`/`content_text`).
    public var content: FeedText?
    /// The address relative links inside `summary` and `content` resolve against (the
    /// `xml:base` in scope, the entry's link for JSON Feed, else the feed's URL).
    public var base: String?
    public var enclosures: [FeedEnclosure]
    /// Categories, tags, `dc:subject`s in document order, without repeats.
    public var tags: [String]
    /// The discussion page (RSS `comments`), absolute.
    public var commentsURL: String?

    public init(
        id: String, isDerivedID: Bool = false, title: String, url: String? = nil, author: String? = nil,
        published: Int64? = nil, updated: Int64? = nil, summary: FeedText? = nil, content: FeedText? = nil,
        base: String? = nil, enclosures: [FeedEnclosure] = [], tags: [String] = [], commentsURL: String? = nil
    ) {
        self.id = id
        self.isDerivedID = isDerivedID
        self.title = title
        self.url = url
        self.author = author
        self.published = published
        self.updated = updated
        self.summary = summary
        self.content = content
        self.base = base
        self.enclosures = enclosures
        self.tags = tags
        self.commentsURL = commentsURL
    }

    /// The entry's time for sorting and `time` in pipes: published, else updated.
    public var time: Int64? { published ?? updated }
}

/// The links a feed document gives for paging through its history (RFC 5005, JSON Feed
/// `next_url`) and for itself, all absolute.
public struct FeedLinks: Sendable, Hashable, Codable {
    /// `rel="self"` / JSON Feed `feed_url`.
    public var this: String?
    /// The site (RSS `link`, Atom `rel="alternate"`, JSON Feed `home_page_url`).
    public var site: String?
    /// RFC 5005 paged feeds (`next` leads to older entries in practice), JSON Feed `next_url`.
    public var next: String?
    public var previous: String?
    public var first: String?
    public var last: String?
    /// RFC 5005 archived feeds: the newer-to-older chain of archive documents.
    public var prevArchive: String?
    public var nextArchive: String?
    /// From an archive document back to the subscription document.
    public var current: String?

    public init() {}
}

/// The head of a feed document: everything but its entries.
public struct FeedHead: Sendable, Hashable, Codable {
    public var format: FeedFormat
    /// Plain text (empty when the feed has none).
    public var title: String
    public var links: FeedLinks
    /// `fh:archive`: this document is an archive and never changes.
    public var isArchive: Bool
    /// `fh:complete`: this document holds every entry of the feed.
    public var isComplete: Bool
    /// The generator's words (`WordPress`, `https://wordpress.org/?v=6.4`), for WordPress paging.
    public var generator: String?
    /// The charset the bytes were read as (`UTF-8`, `windows-1252`, …).
    public var charset: String
    /// What was repaired or tolerated on the way (undeclared entities, bare `&`, a wrong
    /// encoding declaration, a truncated document): empty for a well-formed feed.
    public var repairs: [String]

    public init(format: FeedFormat, title: String = "", links: FeedLinks = FeedLinks(), isArchive: Bool = false,
                isComplete: Bool = false, generator: String? = nil, charset: String = "UTF-8", repairs: [String] = []) {
        self.format = format
        self.title = title
        self.links = links
        self.isArchive = isArchive
        self.isComplete = isComplete
        self.generator = generator
        self.charset = charset
        self.repairs = repairs
    }

    /// Whether WordPress made the feed (its generator, RFC 5005-less `?paged=N` history).
    public var isWordPress: Bool {
        guard let generator = generator?.lowercased() else { return false }
        return generator.contains("wordpress")
    }
}

/// A whole feed document: its head and its entries in document order.
public struct FeedDocument: Sendable, Hashable, Codable {
    public var head: FeedHead
    public var entries: [FeedEntry]

    public init(head: FeedHead, entries: [FeedEntry]) {
        self.head = head
        self.entries = entries
    }
}

/// Why a body could not be read as a feed: one clear line each.
public struct FeedParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// An HTML page (an error page, a login wall), an empty body, JSON that is not a JSON
        /// Feed, XML whose root is no feed element.
        case notAFeed
        /// A feed that broke before anything usable was read (invalid JSON, XML that fails
        /// before its first entry even after repairs).
        case malformed
        /// The reader stopped the parse (`FeedParser.stream`'s `isCancelled` said so between entries).
        case cancelled
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
