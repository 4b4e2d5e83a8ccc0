import FeedModel
import FeedStore
import Synchronization

/// The subscription list as a feed of rows (`feedscroll feeds`): the river, the saved items,
/// then every subscription with its unread count from the cache.
///
/// It is one page, read from the cache when the list opens (and again after a feed opened from
/// it is left, so counts follow what was read). Counting decodes the ids of each feed's cached
/// pages: a read on the store, done in the fetch like any page load, never on the runtime thread.
public struct SubscriptionListSource: FeedSource {
    /// The row that opens the river (every subscription, newest first).
    public static let riverID = "feeds:river"
    /// The row that opens the saved items.
    public static let savedID = "feeds:saved"

    /// The row id of a subscription.
    public static func rowID(of url: String) -> String { "feeds:" + url }

    public let name = "feeds"
    public let firstKey = PageKey.page(0)
    public let defaultPageSize = 1000
    public let maxPageSize = 10_000

    private let subscriptions: [Subscription]
    private let store: CacheStore?
    private let cacheKey: @Sendable (String) -> FeedKey
    /// What `R` runs before the counts are read again (refresh-all), if the list can.
    private let refresh: SubscriptionRefresh?
    private let refreshAsked = RefreshFlag()
    /// Where refresh-all runs: the session's, so it goes on behind a feed opened meanwhile.
    private let background: BackgroundRefresh

    private final class RefreshFlag: Sendable {
        let isSet = Atomic<Bool>(false)
    }

    /// - Parameters:
    ///   - subscriptions: the config's and the imported feeds, in list order.
    ///   - store: the cache the counts come from (none: no counts).
    ///   - cacheKey: where a subscription's pages are cached, by its URL (as the run that opens
    ///     it stores them).
    ///   - refresh: refresh-all, run when the list is refreshed (`R`).
    ///   - background: where it runs (the session's: it outlives this list's run); the list's
    ///     load follows it, whoever started it, until it ends.
    public init(
        subscriptions: [Subscription], store: CacheStore?, cacheKey: @escaping @Sendable (String) -> FeedKey,
        refresh: SubscriptionRefresh? = nil, background: BackgroundRefresh = BackgroundRefresh()
    ) {
        self.refresh = refresh
        self.background = background
        self.subscriptions = subscriptions
        self.store = store
        self.cacheKey = cacheKey
    }

    public func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        guard key == firstKey else { throw FeedError(.invalidRequest, "the subscription list is one page") }
        var refreshNote: String?
        var outcomes: [String: String] = [:]
        if let refresh, refreshAsked.isSet.exchange(false, ordering: .acquiringAndReleasing) {
            let store = store, cacheKey = cacheKey
            background.start(refresh) { url in
                // The feed's first page is stored before its report: its count is read again.
                (try? store?.unreadCounts(of: [cacheKey(url)]))?[cacheKey(url)]
            }
        }
        // Every feed at once; each feed's row says how its refresh goes as it goes (the load's
        // first items, drawn over the list's rows until this page arrives), the way newsboat's
        // list shows a reload's progress. A load that ends (Enter on a row) leaves it running.
        var before: [FeedItem]?
        for await progress in background.follow() {
            let counts = before ?? rows(outcomes: [:], isRefreshing: true)
            before = counts
            context.progress?(rows(outcomes: progress.outcomes, isRefreshing: true, counts: counts, unread: progress.unread))
        }
        if Task.isCancelled { throw FeedError(.cancelled, "cancelled") }
        if let ended = background.takeEnded(), let reports = ended.reports {
            let unchanged = reports.filter { $0.outcome == .notModified }.count
            let failed = reports.filter { if case .failed = $0.outcome { true } else { false } }.count
            refreshNote = "refreshed \(ItemFact.grouped(reports.count)): \(ItemFact.grouped(reports.count - unchanged - failed)) changed, "
                + "\(ItemFact.grouped(unchanged)) not modified, \(ItemFact.grouped(failed)) failed"
            outcomes = ended.outcomes
        }
        let list = rows(outcomes: outcomes, isRefreshing: false)
        return Page(key: key, items: list, next: nil, total: list.count, endNote: refreshNote)
    }

    /// The list's rows, with each feed's unread count read from the store (or the counts of
    /// `counts`' rows, while a refresh goes on, with `unread`'s for the feeds that ended) and how
    /// its refresh ended (`outcomes`, by URL); a feed still refreshing says so.
    private func rows(
        outcomes: [String: String], isRefreshing: Bool, counts earlier: [FeedItem]? = nil, unread: [String: Int] = [:]
    ) -> [FeedItem] {
        let keys = subscriptions.map { cacheKey($0.url) }
        if let earlier {
            // The rows as they were when the refresh began, each feed's outcome in place of its
            // "refreshing…", and its count read again, as it comes.
            return earlier.map { row in
                guard let url = row.url, let outcome = outcomes[url], row.id == Self.rowID(of: url) else { return row }
                var row = row
                row.facts = row.facts.map { fact in
                    if fact.name == "refresh" { return ItemFact("refresh", .text(outcome), label: .text(outcome)) }
                    if fact.name == "unread", let count = unread[url] { return Self.unreadFact(count) }
                    return fact
                }
                return row
            }
        }
        let counts = (try? store?.unreadCounts(of: keys)) ?? [:]
        // A feed the list names not is named by its own title, once a fetch kept it.
        let titles = (try? store?.feedTitles(of: subscriptions.filter { $0.name == nil }.map(\.url))) ?? [:]
        let saved: Int? = store.flatMap { try? $0.savedItemCount() }
        var rows = [
            FeedItem(
                id: Self.riverID, title: "River: every subscription, newest first",
                facts: [ItemFact("feeds", .number(subscriptions.count), label: .text(Self.count(subscriptions.count, "feed")))]),
            FeedItem(
                id: Self.savedID, title: "Saved items",
                facts: saved.map { [ItemFact("saved", .number($0), label: .text(Self.count($0, "item") + " saved with s"))] }
                    ?? [ItemFact("saved", .text("no cache"), label: .text("saving needs the page cache"))]),
        ]
        for (subscription, feed) in zip(subscriptions, keys) {
            var facts: [ItemFact] = []
            if let unread = counts[feed] {
                facts.append(Self.unreadFact(unread))
            } else {
                facts.append(ItemFact("unread", .text("not fetched"), label: .text("not fetched yet")))
            }
            if let outcome = outcomes[subscription.url] ?? (isRefreshing ? "refreshing…" : nil) {
                facts.append(ItemFact("refresh", .text(outcome), label: .text(outcome)))
            }
            if !subscription.tags.isEmpty {
                facts.append(ItemFact("tags", .list(subscription.tags), label: .text(subscription.tags.prefix(3).joined(separator: ", "))))
            }
            let title = subscription.name ?? titles[subscription.url] ?? subscription.url
            rows.append(FeedItem(id: Self.rowID(of: subscription.url), title: title, url: subscription.url, facts: facts))
        }
        return rows
    }

    /// `R` on the list: the next load refreshes every subscription first.
    public func startOver() {
        refreshAsked.isSet.store(true, ordering: .releasing)
    }

    private static func unreadFact(_ unread: Int) -> ItemFact {
        ItemFact("unread", .number(unread), label: .text("\(ItemFact.grouped(unread)) unread"))
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(ItemFact.grouped(number)) \(noun)\(number == 1 ? "" : "s")" }
}
