/// One page as a source returns it.
public struct Page: Sendable, Equatable {
    /// The key this page was loaded with.
    public var key: PageKey
    /// Items in the API's order. May be shorter than the page size without meaning the end.
    public var items: [FeedItem]
    /// The key of the following page, or `nil` when the feed ends here.
    public var next: PageKey?
    /// The total the API reports, when it does.
    public var total: Int?
    /// The most items the API hands out for this feed, when that is fewer than `total`
    /// (GitHub's and Algolia's 1000): paging stops there whatever the total says.
    public var cap: Int?
    /// How many items the API listed on this page that the adapter left out on purpose (Hacker
    /// News `null`, deleted and dead items), so counts can say what was omitted. Not errors:
    /// those are `itemFailures`.
    public var omittedCount: Int
    /// Why each item the page should have held but that failed for good was left out (an HN
    /// item answering 404 after its list named it). Never silent: the runtimes count and report
    /// them. Items left out on purpose are `omittedCount`.
    public var itemFailures: [FeedError]
    /// What each of `itemFailures` left out: an item, or a whole feed of a merged list (the
    /// river, whose feed that fails is left out from there on).
    public var failedPart: FailedPart = .item
    /// On the first page of a thread (a comments feed): the item the thread belongs to, as the
    /// API gives it now, so a detail opened by its id alone (`hn --thread ID`) can show it.
    public var subject: FeedItem?
    /// On the last page, in the source's own words, why the feed ends here when that says more
    /// than "end of feed" ("end of history", "this feed keeps only its latest 10 entries").
    public var endNote: String?
    /// The name the source learned for itself from this page, when it had none of its own: a
    /// feed given only by its URL is named by its title once its first document is in, so the
    /// status line says "Replica Atom" on the first run, not "feed 127.0.0.1".
    public var sourceName: String?

    public init(
        key: PageKey, items: [FeedItem], next: PageKey?, total: Int? = nil, cap: Int? = nil, omittedCount: Int = 0,
        itemFailures: [FeedError] = [], subject: FeedItem? = nil, endNote: String? = nil, sourceName: String? = nil
    ) {
        self.key = key
        self.items = items
        self.next = next
        self.total = total
        self.cap = cap
        self.itemFailures = itemFailures
        self.omittedCount = omittedCount
        self.subject = subject
        self.endNote = endNote
        self.sourceName = sourceName
    }

    /// Whether the feed ends with this page.
    public var isLast: Bool { next == nil }

    /// What a page's failure left out.
    public enum FailedPart: String, Sendable, Equatable {
        case item, feed
    }
}
