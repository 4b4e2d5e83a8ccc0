import FeedModel
import FeedStore
import Synchronization

/// The subscription list as a feed of rows (`feedscroll feeds`): the river, the saved items,
/// then every subscription with its unread count from the cache.
///
/// It is one page, read from the cache when the list opens (and again after a feed opened from
/// it is left, so counts follow what was read). The rows come first, each count `counting…`,
/// as the load's first items; the counts follow feed by feed (`CacheStore.unreadCounts(of:each:)`
/// reads the ids of each feed's cached pages), the page last. Reads on the store, done in the
/// fetch like any page load, never on the runtime thread.
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
        if let refresh, refreshAsked.isSet.exchange(false, ordering: .acquiringAndReleasing) {
            let store = store, cacheKey = cacheKey
            background.start(refresh) { url in
                // The feed's first page is stored before its report: its count is read again.
                (try? store?.unreadCounts(of: [cacheKey(url)]))?[cacheKey(url)]
            }
        }
        // Where a refresh under way stands (nil: none is). A count it read before this load
        // began is older than this load's own; one reported later was read after its page was
        // stored, and wins.
        var following = background.follow().makeAsyncIterator()
        var refresh = await following.next()
        let isRefreshing = refresh != nil
        let reportedBefore = Set(refresh?.outcomes.keys.map { $0 } ?? [])
        // The rows at once, from the names (issue 22: the list's first rows within 100 ms, cold):
        // each count says it is being counted, and is filled in behind, feed by feed, as a
        // refresh's outcomes are. Counting reads every cached id of each feed (a feed of 100,000
        // entries: 30 ms warm, up to 180 ms from the disk), which the rows do not wait for.
        let named = names()
        var counts = Counts(isDone: store == nil)
        if store != nil || isRefreshing {
            context.progress?(rows(named, counts: counts, progress: refresh, reportedBefore: reportedBefore, isRefreshing: isRefreshing))
        }
        let keys = subscriptions.map { cacheKey($0.url) }
        var urls: [FeedKey: [String]] = [:]
        for (subscription, key) in zip(subscriptions, keys) { urls[key, default: []].append(subscription.url) }
        do {
            try store?.unreadCounts(of: keys) { feed, count in
                for url in urls[feed] ?? [] { counts.byURL[url] = count }
                // A load that ended (Enter on a row, q) stops counting.
                if Task.isCancelled { throw CancellationError() }
                // A feed with nothing cached changes only its words; the next count, or the
                // end, draws it.
                if count != nil {
                    context.progress?(rows(named, counts: counts, progress: refresh, reportedBefore: reportedBefore, isRefreshing: isRefreshing))
                }
            }
        } catch {
            // A feed that could not be read has no count ("not fetched yet"), as before.
        }
        counts.isDone = true
        if Task.isCancelled { throw FeedError(.cancelled, "cancelled") }
        // Every feed at once; each feed's row says how its refresh goes as it goes (the load's
        // first items, drawn over the list's rows until this page arrives), the way newsboat's
        // list shows a reload's progress. A load that ends (Enter on a row) leaves it running.
        if isRefreshing {
            context.progress?(rows(named, counts: counts, progress: refresh, reportedBefore: reportedBefore, isRefreshing: true))
        }
        while isRefreshing, let progress = await following.next() {
            refresh = progress
            context.progress?(rows(named, counts: counts, progress: refresh, reportedBefore: reportedBefore, isRefreshing: true))
        }
        if Task.isCancelled { throw FeedError(.cancelled, "cancelled") }
        var refreshNote: String?
        var ended: BackgroundRefresh.Progress?
        if let taken = background.takeEnded(), let reports = taken.reports {
            let unchanged = reports.filter { $0.outcome == .notModified }.count
            let failed = reports.filter { if case .failed = $0.outcome { true } else { false } }.count
            refreshNote = "refreshed \(ItemFact.grouped(reports.count)): \(ItemFact.grouped(reports.count - unchanged - failed)) changed, "
                + "\(ItemFact.grouped(unchanged)) not modified, \(ItemFact.grouped(failed)) failed"
            ended = taken
        }
        // A refresh that ended before this load began has every count older than this load's;
        // a refresh may have learnt a feed's own title, or that a feed moved.
        let listed = isRefreshing || ended != nil ? names() : named
        let list = rows(
            listed, counts: counts, progress: ended,
            reportedBefore: isRefreshing ? reportedBefore : Set(subscriptions.map(\.url)), isRefreshing: false)
        // A feed that moved for good says so on this list, then no more: it is fetched at its
        // new address from now on and the reader need not be told again (docs/FEEDS.md).
        if let store, !listed.newMoves.isEmpty { try? store.markFeedMovesAnnounced(Array(listed.newMoves.keys)) }
        return Page(key: key, items: list, next: nil, total: list.count, endNote: refreshNote)
    }

    /// Each feed's count, by URL, as the load reads them.
    struct Counts {
        /// A feed counted: its count, or nil when nothing of it is cached.
        var byURL: [String: Int?] = [:]
        /// Whether every feed was counted (one that could not be read has no count then).
        var isDone = false
    }

    /// What the rows are named by, read once a load: the feeds' own titles and the saved items.
    struct Names {
        var titles: [String: String]
        var saved: Int?
        /// Feeds that moved for good and have not been said to, by subscribed URL.
        var newMoves: [String: FeedMove] = [:]
    }

    /// The names of the rows: cheap reads (a row a feed), done before any count.
    private func names() -> Names {
        // A feed the list names not is named by its own title, once a fetch kept it.
        let titles = (try? store?.feedTitles(of: subscriptions.filter { $0.name == nil }.map(\.url))) ?? [:]
        let moves = (try? store?.feedMoves(of: subscriptions.map(\.url))) ?? [:]
        return Names(
            titles: titles, saved: store.flatMap { try? $0.savedItemCount() },
            newMoves: moves.compactMapValues { $0.isAnnounced ? nil : $0.move })
    }

    /// What a feed's row says until its count is read.
    public static let countingLabel = "counting…"

    /// The list's rows: each feed's unread count as counted so far (`counting…` until it is),
    /// or as a refresh's report read it again when that is the later reading (a feed reported
    /// after this load began: not in `reportedBefore`), and how its refresh went (`refreshing…`
    /// while `isRefreshing`, until its outcome comes).
    private func rows(
        _ named: Names, counts: Counts, progress: BackgroundRefresh.Progress?, reportedBefore: Set<String>, isRefreshing: Bool
    ) -> [FeedItem] {
        let saved = named.saved
        var rows = [
            FeedItem(
                id: Self.riverID, title: "River: every subscription, newest first",
                facts: [ItemFact("feeds", .number(subscriptions.count), label: .text(Self.count(subscriptions.count, "feed")))]),
            FeedItem(
                id: Self.savedID, title: "Saved items",
                facts: saved.map { [ItemFact("saved", .number($0), label: .text(Self.count($0, "item") + " saved with s"))] }
                    ?? [ItemFact("saved", .text("no cache"), label: .text("saving needs the page cache"))]),
        ]
        for subscription in subscriptions {
            let url = subscription.url
            var facts: [ItemFact] = []
            let reported = reportedBefore.contains(url) ? nil : progress?.unread[url]
            if let unread = reported ?? counts.byURL[url] ?? nil {
                facts.append(Self.unreadFact(unread))
            } else if counts.byURL.index(forKey: url) == nil, !counts.isDone {
                facts.append(ItemFact("unread", .text("counting"), label: .text(Self.countingLabel)))
            } else {
                facts.append(ItemFact("unread", .text("not fetched"), label: .text("not fetched yet")))
            }
            if let outcome = progress?.outcomes[url] ?? (isRefreshing ? "refreshing…" : nil) {
                facts.append(ItemFact("refresh", .text(outcome), label: .text(outcome)))
            }
            if let move = named.newMoves[url] {
                facts.append(ItemFact("moved", .text(move.url), label: .text(move.note)))
            }
            if !subscription.tags.isEmpty {
                facts.append(ItemFact("tags", .list(subscription.tags), label: .text(subscription.tags.prefix(3).joined(separator: ", "))))
            }
            let title = subscription.name ?? named.titles[url] ?? url
            rows.append(FeedItem(id: Self.rowID(of: url), title: title, url: url, facts: facts))
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
