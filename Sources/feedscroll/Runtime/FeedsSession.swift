import CursesTerminal
import FeedModel
import FeedRuntime
import FeedSources
import FeedStore
import FeedUI
import Foundation
import Logging

/// `feedscroll feeds` on the terminal: the subscription list and what is opened from it, one
/// `Runtime` run after another on the same curses terminal. Enter on the list ends its run with
/// the row chosen; the feed's run ends when the reader goes back (the list comes back with its
/// counts read again and the cursor on that row) or quits.
struct FeedsSession {
    /// The run's settings and network.
    var context: RunContext
    var options: FeedOptions
    var transport: any HTTPTransport
    /// The cache: counts, pages, read marks, saved items (nil with `--no-cache`).
    var store: CacheStore?
    var subscriptions: [Subscription]
    /// Feed fetches under way, shared by refresh-all and the feeds opened while it runs: a feed
    /// opened before its refresh came back waits for that fetch instead of sending its own.
    let flights = DocumentFlights()

    /// Entries per page of a feed (the flag's, the config's, else the feed source's 25).
    var pageSize: Int { options.pageSize ?? context.settings.pageSize ?? 25 }

    /// Where a subscription's pages are cached: as `feedscroll feed URL` caches them, so both
    /// share pages, read marks and counts.
    static func cacheKey(of url: String, pageSize: Int) -> FeedKey {
        FeedKey(source: SyndicationSource.cacheName(of: url), parameters: PageCache.feedParameters(["feed", url], pageSize: pageSize))
    }

    /// - Parameter background: the session's refresh-all, which outlives each of the list's runs.
    func listSource(background: BackgroundRefresh = BackgroundRefresh()) -> SubscriptionListSource {
        let pageSize = pageSize
        return SubscriptionListSource(
            subscriptions: subscriptions, store: store, cacheKey: { Self.cacheKey(of: $0, pageSize: pageSize) },
            refresh: options.offline ? nil : makeRefresh(), background: background)
    }

    /// Refresh-all over the run's transport and the cache's documents (their validators).
    func makeRefresh() -> SubscriptionRefresh {
        let documents: any FeedDocumentCache = store.map(StoredFeedDocuments.init(store:)) ?? MemoryFeedDocumentCache()
        let transport = transport
        let pageSize = pageSize
        let flights = flights
        return SubscriptionRefresh(
            subscriptions: subscriptions, store: store, pageSize: pageSize, cacheKey: { Self.cacheKey(of: $0, pageSize: pageSize) },
            makeSource: {
                SyndicationSource(
                    url: $0, transport: transport, cache: documents, parseQueue: ParseQueue.shared,
                    knownTitle: documents.title(of: $0.absoluteString), flights: flights)
            })
    }

    /// Runs the list and what it opens until the reader quits.
    /// - Returns: the exit status.
    func runTerminal() -> Int32 {
        let settings = context.settings
        let (logger, logSink) = FileLogHandler.bootstrap(path: options.log, reportsAtOnce: false)
        defer { logSink?.reportFailure() }
        guard let opened = TerminalRuntime.openTerminal(theme: options.theme ?? settings.theme) else { return 1 }
        let (terminal, theme) = opened
        defer { terminal.restore() }
        // Every run has cancelled its loads by the time it returns; then the client closes.
        defer { context.network.shutdown() }
        // Refresh-all goes on behind a feed opened while it runs; it ends before the client closes.
        let background = BackgroundRefresh()
        defer { background.cancelAndWait() }
        let documents: any FeedDocumentCache = store.map(StoredFeedDocuments.init(store:)) ?? MemoryFeedDocumentCache()
        var chosen: String?
        // The list's first opening shows the counts from the cache at once and refreshes every
        // subscription behind them, as `R` does (`refresh_on_start = false`: only `R` does);
        // coming back to it from a feed reads the counts again without the network.
        var refreshes = settings.refreshesOnStart && !options.offline && !subscriptions.isEmpty
        // Keys typed right after Esc or Enter, read with it by the run it ended, go to the next run.
        var typedAhead: [Key] = []
        while true {
            let source = listSource(background: background)
            if refreshes { source.startOver() }
            refreshes = false
            var list = runtime(
                source: source, pageSize: 1000, feed: FeedKey(source: "feeds", parameters: "list"), role: .chooser,
                logger: logger, cursorTarget: chosen)
            list.typedAhead = typedAhead
            let (code, ending, keys) = list.run(on: terminal, theme: theme)
            typedAhead = keys
            guard case let .chose(row) = ending else { return code }
            chosen = row
            guard var opened = open(row, documents: documents, logger: logger) else { continue }
            opened.typedAhead = typedAhead
            let (feedCode, feedEnding, feedKeys) = opened.run(on: terminal, theme: theme)
            typedAhead = feedKeys
            guard feedEnding == .left else { return feedCode }
        }
    }

    /// `feeds --refresh`: every subscription fetched again at once, a progress line each on
    /// stderr as it ends, the sum on stdout.
    /// - Returns: the exit status: 1 when any feed failed.
    func refreshAll() -> Int32 {
        // The work suspends in the transport on the cooperative pool; this thread only waits.
        let inbox = Inbox<[SubscriptionRefresh.Report]>()
        let refresh = makeRefresh()
        Task.detached {
            let reports = await refresh.run { report in printError(report.line) }
            inbox.post(reports)
        }
        var reports: [SubscriptionRefresh.Report]?
        while reports == nil {
            inbox.wait()
            reports = inbox.drain().first
        }
        context.network.shutdown()
        let all = reports ?? []
        let unchanged = all.filter { $0.outcome == .notModified }.count
        let failed = all.filter { if case .failed = $0.outcome { true } else { false } }.count
        print("refreshed \(ItemFact.grouped(all.count)) feed\(all.count == 1 ? "" : "s"): \(ItemFact.grouped(all.count - unchanged - failed)) changed, "
            + "\(ItemFact.grouped(unchanged)) not modified, \(ItemFact.grouped(failed)) failed")
        return failed > 0 ? 1 : 0
    }

    // MARK: - Helpers

    /// The run for a row of the list: a subscription, the river or the saved items.
    private func open(_ row: String, documents: any FeedDocumentCache, logger: Logger) -> TerminalRuntime? {
        let pageSize = pageSize
        switch row {
        case SubscriptionListSource.riverID:
            // Each row names its feed as the list does: the list's name, the feed's own title, the URL.
            let titles = (try? store?.feedTitles(of: subscriptions.map(\.url))) ?? [:]
            let feeds = subscriptions.compactMap { subscription -> RiverSource.Feed? in
                guard let url = URL(string: subscription.url) else { return nil }
                let name = subscription.name ?? titles[subscription.url] ?? subscription.url
                return RiverSource.Feed(name: name, source: feedSource(url, documents: documents, pageSize: pageSize))
            }
            let identity = subscriptions.map(\.url).joined(separator: " ")
            return runtime(
                source: RiverSource(feeds: feeds, feedPageSize: pageSize), pageSize: pageSize,
                feed: FeedKey(source: "river", parameters: "\(identity) page_size=\(pageSize)"), role: .opened, logger: logger)
        case SubscriptionListSource.savedID:
            guard let store else { return nil }
            return runtime(
                source: SavedItemsSource(store: store), pageSize: 25, feed: FeedKey(source: "saved", parameters: "saved"),
                role: .opened, logger: logger, keepsOwnPages: true)
        default:
            guard let subscription = subscriptions.first(where: { SubscriptionListSource.rowID(of: $0.url) == row }),
                  let url = URL(string: subscription.url)
            else { return nil }
            return runtime(
                source: feedSource(url, name: subscription.name, documents: documents, pageSize: pageSize), pageSize: pageSize,
                feed: Self.cacheKey(of: subscription.url, pageSize: pageSize), role: .opened, logger: logger)
        }
    }

    /// A subscription's source: from the network, or from the cache alone with `--offline`.
    /// - Parameter name: the subscription's name, which the status line shows over the feed's title.
    private func feedSource(_ url: URL, name: String? = nil, documents: any FeedDocumentCache, pageSize: Int) -> any FeedSource {
        let network = SyndicationSource(
            url: url, transport: transport, cache: documents, parseQueue: ParseQueue.shared,
            knownTitle: documents.title(of: url.absoluteString), givenName: name, flights: flights)
        guard options.offline, let store else { return network }
        return OfflineSource(standingInFor: network, store: store, feed: Self.cacheKey(of: url.absoluteString, pageSize: pageSize))
    }

    /// - Parameter keepsOwnPages: the source reads the cache itself (the saved items): offline
    ///   it is not told to read pages from the cache instead.
    private func runtime(
        source: any FeedSource, pageSize: Int, feed: FeedKey, role: ListRole, logger: Logger, cursorTarget: String? = nil,
        keepsOwnPages: Bool = false
    ) -> TerminalRuntime {
        let settings = context.settings
        // The list reads its counts from the store itself and keeps no pages: a cached first
        // screen would be revalidated with a refresh, and a refresh of the list is refresh-all.
        let cache = role == .chooser ? nil : store.map { PageCache(store: $0, feed: feed, logger: logger) }
        var run = TerminalRuntime(
            source: source, pageSize: pageSize, prefetch: options.prefetch ?? settings.prefetch ?? .automatic,
            maxPages: options.pageCap(configured: settings.maxPages), livePeriod: nil, logger: logger, keyMap: settings.keyMap,
            theme: options.theme ?? settings.theme, showsPictures: false, network: context.network, pictureTransport: nil, cache: cache,
            isOfflineOnly: options.offline && !keepsOwnPages && role != .chooser, hidesRead: options.hideRead || settings.hideRead,
            browser: settings.browser, browserTerminal: settings.browserTerminal, commentWidth: settings.commentWidth)
        run.listRole = role
        run.cursorTarget = cursorTarget
        return run
    }
}
