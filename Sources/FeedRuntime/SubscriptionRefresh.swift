import FeedModel
import FeedSources
import FeedStore
import Foundation

/// Refresh-all: every subscription's own document fetched again at once (conditionally: its
/// stored `ETag`/`Last-Modified`, so an unchanged feed costs one 304), its first page stored in
/// the cache where the list's counts and the feed's run read it.
///
/// The feeds are fetched concurrently through the one transport, whose per-host limiter keeps
/// each host to its width; each result is reported as it comes, for the progress line.
public struct SubscriptionRefresh: Sendable {
    /// How one feed's refresh ended.
    public enum Outcome: Sendable, Equatable {
        /// The server said 304: nothing new.
        case notModified
        /// A new document: its first page has `entries` entries, `new` of them not on the first
        /// page the cache held before (all of them for a feed never fetched).
        case changed(entries: Int, new: Int)
        case failed(String)
    }

    /// One feed's result, with how many are done so far.
    public struct Report: Sendable, Equatable {
        public var subscription: Subscription
        public var outcome: Outcome
        public var done: Int
        public var total: Int
        /// The feed's own title (`SyndicationSource.ownTitle`), which names a subscription the
        /// config and OPML leave unnamed, as the list names its row.
        public var feedTitle: String? = nil
    }

    /// How one feed's refresh ended, and the title its document gave.
    private struct Refreshed: Sendable {
        var outcome: Outcome
        var feedTitle: String?
    }

    private let subscriptions: [Subscription]
    private let store: CacheStore?
    private let pageSize: Int
    private let cacheKey: @Sendable (String) -> FeedKey
    private let makeSource: @Sendable (URL) -> SyndicationSource

    /// - Parameters:
    ///   - subscriptions: the list.
    ///   - store: where first pages are stored (none: fetched and counted only).
    ///   - pageSize: entries of the first page.
    ///   - cacheKey: where a subscription's pages are cached, by URL.
    ///   - makeSource: a feed's source, over the run's transport and document cache (where the
    ///     validators are kept).
    public init(
        subscriptions: [Subscription], store: CacheStore?, pageSize: Int, cacheKey: @escaping @Sendable (String) -> FeedKey,
        makeSource: @escaping @Sendable (URL) -> SyndicationSource
    ) {
        self.subscriptions = subscriptions
        self.store = store
        self.pageSize = pageSize
        self.cacheKey = cacheKey
        self.makeSource = makeSource
    }

    /// Refreshes every feed concurrently.
    /// - Parameter progress: called with each feed's report as it ends (on any thread).
    /// - Returns: every report, in the order they ended.
    public func run(progress: @escaping @Sendable (Report) -> Void = { _ in }) async -> [Report] {
        let total = subscriptions.count
        var reports: [Report] = []
        await withTaskGroup(of: (Subscription, Refreshed).self) { group in
            for subscription in subscriptions {
                group.addTask {
                    // Awaited before the tuple is built: see `scripts/check-async-tuples`.
                    let refreshed = await refresh(subscription)
                    return (subscription, refreshed)
                }
            }
            for await (subscription, refreshed) in group {
                let report = Report(
                    subscription: subscription, outcome: refreshed.outcome, done: reports.count + 1, total: total,
                    feedTitle: refreshed.feedTitle)
                reports.append(report)
                progress(report)
            }
        }
        return reports
    }

    // MARK: - Helpers

    private func refresh(_ subscription: Subscription) async -> Refreshed {
        guard let url = URL(string: subscription.url) else { return Refreshed(outcome: .failed("not a URL")) }
        let source = makeSource(url)
        let outcome = await refresh(subscription, through: source)
        return Refreshed(outcome: outcome, feedTitle: source.ownTitle)
    }

    private func refresh(_ subscription: Subscription, through source: SyndicationSource) async -> Outcome {
        let feed = cacheKey(subscription.url)
        // What the first page held before the refresh, to say how many entries are new: read
        // first, as a feed opened meanwhile stores the same fresh page (it shares this fetch).
        let before = Set(((try? store?.pages(of: feed, from: source.firstKey, limit: 1)) ?? []).first?.page.items.map(\.id) ?? [])
        let page: Page
        do throws(FeedError) {
            page = try await source.load(source.firstKey, pageSize: pageSize)
        } catch {
            return .failed(error.message)
        }
        // The document kept with its validators before this feed counts as done.
        await source.waitForParses()
        let sanitized = Page(
            key: page.key, items: page.items.map { $0.sanitized() }, next: page.next, total: page.total, cap: page.cap,
            endNote: page.endNote.map { TextSanitizer.clean($0, mode: .line) })
        try? store?.store(sanitized, index: 0, of: feed, at: Date().timeIntervalSince1970)
        if source.counters.notModified > 0 { return .notModified }
        return .changed(entries: page.items.count, new: page.items.filter { !before.contains($0.id) }.count)
    }
}

extension SubscriptionRefresh.Report {
    /// The progress line: `refresh 2/5 · Name: not modified`, the feed named as the list names
    /// it (the subscription's name, else the feed's own title, else its URL).
    public var line: String {
        let what = switch outcome {
        case .notModified: "not modified"
        case let .changed(entries, new): "\(ItemFact.grouped(entries)) entr\(entries == 1 ? "y" : "ies") on its first page, \(ItemFact.grouped(new)) new"
        case let .failed(message): "failed: \(message)"
        }
        let name = subscription.name ?? feedTitle ?? subscription.url
        return "refresh \(ItemFact.grouped(done))/\(ItemFact.grouped(total)) · \(TextSanitizer.clean(name)): \(what)"
    }
}

extension SubscriptionRefresh.Outcome {
    /// How a feed's row on the list says it: `✓ 3 new`, `304 unchanged`, `✗ timed out`.
    public var rowLabel: String {
        switch self {
        case .notModified: "304 unchanged"
        case let .changed(_, new): "✓ \(ItemFact.grouped(new)) new"
        case let .failed(message): "✗ \(message)"
        }
    }
}
