import FeedModel
import FeedRuntime
import FeedSources
import FeedStore
import Foundation
import Synchronization
import Testing

/// `R` on the subscription list: while refresh-all runs, the list's load reports its rows with
/// each feed's progress (`refreshing…`, then `✓ N new`, `304 unchanged` or `✗ why`, and its
/// count read again) as each feed ends, and its page keeps each outcome on the feed's row.
@Suite struct RefreshProgressSourceTests {
    /// Answers each feed's URL from a table; the URLs in `held` wait until released, so a test
    /// sees the list while one feed is still refreshing.
    final class GatedTransport: HTTPTransport {
        struct State {
            var held: Set<String>
            var waiting: [String: CheckedContinuation<Void, Never>] = [:]
            var requests: [String] = []
        }

        let responses: [String: (status: Int, body: String)]
        let state: Mutex<State>

        init(_ responses: [String: (status: Int, body: String)], held: Set<String>) {
            self.responses = responses
            self.state = Mutex(State(held: held))
        }

        func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse {
            let url = request.url.absoluteString
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let go = state.withLock { state -> Bool in
                    state.requests.append(url)
                    guard state.held.contains(url) else { return true }
                    state.waiting[url] = continuation
                    return false
                }
                if go { continuation.resume() }
            }
            guard let response = responses[url] else { throw FeedError(.connection, "connection refused") }
            if request.headers["If-None-Match"] == "\"v1\"" {
                return HTTPResponse(status: 304, headers: ["etag": "\"v1\""], body: Data(), url: request.url)
            }
            return HTTPResponse(
                status: response.status, headers: ["etag": "\"v1\"", "content-type": "application/rss+xml"],
                body: Data(response.body.utf8), url: request.url)
        }

        func release(_ url: String) {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.held.remove(url)
                return state.waiting.removeValue(forKey: url)
            }
            continuation?.resume()
        }

        func isWaiting(_ url: String) -> Bool { state.withLock { $0.waiting[url] != nil } }
    }

    /// What the load reported so far: each report's subscription rows as `title: labels`.
    final class Reports: Sendable {
        let lines = Mutex<[[String]]>([])
        let changed = AsyncStream<Int>.makeStream()

        func record(_ items: [FeedItem]) {
            let rows = items.filter { $0.id.hasPrefix("feeds:http") }.map { "\($0.title): " + $0.facts.map(\.labelText).joined(separator: " · ") }
            let count = lines.withLock { lines in
                lines.append(rows)
                return lines.count
            }
            changed.continuation.yield(count)
        }

        var all: [[String]] { lines.withLock { $0 } }
    }

    static func rss(_ name: String, _ count: Int) -> String {
        "<rss version=\"2.0\"><channel><title>\(name)</title>"
            + (0..<count).map { "<item><title>\(name) \($0)</title><guid>\(name)-\($0)</guid></item>" }.joined() + "</channel></rss>"
    }

    /// `feeds --refresh` names each feed as the list names its row: a feed the config and OPML
    /// leave unnamed by its own title once its document said it (it printed the URL), one that
    /// failed before any document by its URL.
    @Test func theProgressLineNamesAnUnnamedFeedByItsOwnTitle() async throws {
        let scratch = SubscriptionSourcesTests.Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        let a = "https://a.example/feed", c = "https://c.example/feed"
        let transport = GatedTransport([a: (200, Self.rss("Alpha", 2))], held: [])
        let documents = MemoryFeedDocumentCache()
        let refresh = SubscriptionRefresh(
            subscriptions: [Subscription(url: a), Subscription(url: c)], store: store, pageSize: 10, cacheKey: SubscriptionSourcesTests.key,
            makeSource: { SyndicationSource(url: $0, transport: transport, cache: documents, knownTitle: documents.title(of: $0.absoluteString)) })
        let first = await refresh.run().map { String($0.line.drop { $0 != "·" }.dropFirst(2)) }.sorted()
        #expect(first == ["Alpha: 2 entries on its first page, 2 new", "\(c): failed: connection refused"])
        // Again: A answers 304 and is not parsed; its title is the one kept.
        let second = await refresh.run().map { String($0.line.drop { $0 != "·" }.dropFirst(2)) }.sorted()
        #expect(second == ["Alpha: not modified", "\(c): failed: connection refused"])
    }

    @Test func eachFeedsRowSaysHowItsRefreshGoesAsItEnds() async throws {
        let scratch = SubscriptionSourcesTests.Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        let a = "https://a.example/feed", b = "https://b.example/feed", c = "https://c.example/feed"
        // A had 2 entries cached; its document now has 3 (one new). C fails.
        let key = SubscriptionSourcesTests.key
        try store.store(
            Page(key: .cursor(nil), items: [FeedItem(id: "A-0", title: "A 0"), FeedItem(id: "A-1", title: "A 1")], next: nil),
            index: 0, of: key(a), at: 1)
        let transport = GatedTransport([a: (200, Self.rss("A", 3)), b: (200, Self.rss("B", 4))], held: [b])
        let documents = MemoryFeedDocumentCache()
        let subscriptions = [Subscription(url: a, name: "A"), Subscription(url: b, name: "B"), Subscription(url: c, name: "C")]
        let refresh = SubscriptionRefresh(
            subscriptions: subscriptions, store: store, pageSize: 10, cacheKey: key,
            makeSource: { SyndicationSource(url: $0, transport: transport, cache: documents) })
        let source = SubscriptionListSource(subscriptions: subscriptions, store: store, cacheKey: key, refresh: refresh)
        let reports = Reports()
        source.startOver()
        let load = Task { try await source.load(source.firstKey, pageSize: 100, context: FetchContext(progress: reports.record)) }

        // First every row, its count being read and its feed refreshing; then A and C end
        // while B is held, each counted (the counts are read behind the rows, as the refresh
        // goes: which of the two comes first is the threads' business).
        await Self.wait(reports) {
            $0.contains(["A: 3 unread · ✓ 1 new", "B: not fetched yet · refreshing…", "C: not fetched yet · ✗ connection refused"])
        }
        #expect(transport.isWaiting(b))
        let lines = reports.all
        #expect(lines[0].allSatisfy { $0.contains("counting… · ") }, "\(lines)")
        // A's count is read again as it ends (its new first page stored): 3, not the 2 before;
        // no row was ever drawn with B's or C's outcome before it ended.
        #expect(lines.allSatisfy { !$0[1].contains("new") }, "\(lines)")

        // B ends: its row says so, then the page comes with the counts read again.
        transport.release(b)
        let page = try await load.value
        #expect(reports.all.last == ["A: 3 unread · ✓ 1 new", "B: 4 unread · ✓ 4 new", "C: not fetched yet · ✗ connection refused"])
        let rows = page.items.filter { $0.id.hasPrefix("feeds:http") }.map { "\($0.title): " + $0.facts.map(\.labelText).joined(separator: " · ") }
        #expect(rows == ["A: 3 unread · ✓ 1 new", "B: 4 unread · ✓ 4 new", "C: not fetched yet · ✗ connection refused"])
        #expect(page.endNote == "refreshed 3: 2 changed, 0 not modified, 1 failed")

        // A second R: A and B answer 304 (their ETag sent back), one request each; C fails again.
        let before = transport.state.withLock { $0.requests.count }
        source.startOver()
        let second = try await source.load(source.firstKey, pageSize: 100, context: FetchContext())
        #expect(second.items.filter { $0.id.hasPrefix("feeds:http") }.map { $0.facts.map(\.labelText).joined(separator: " · ") } == [
            "3 unread · 304 unchanged", "4 unread · 304 unchanged", "not fetched yet · ✗ connection refused",
        ])
        #expect(transport.state.withLock { $0.requests.count } - before == 3)
        #expect(second.endNote == "refreshed 3: 0 changed, 2 not modified, 1 failed")
    }

    /// Waits until the reports so far satisfy `done`.
    static func wait(_ reports: Reports, until done: ([[String]]) -> Bool) async {
        if done(reports.all) { return }
        for await _ in reports.changed.stream where done(reports.all) { return }
    }

    /// Enter on a row while the list refreshes ends the list's run and cancels its load, not the
    /// refresh: it goes on behind the feed, and the list, opened again, follows it to its end.
    @Test func aRefreshGoesOnBehindAFeedOpenedWhileItRuns() async throws {
        let scratch = SubscriptionSourcesTests.Scratch()
        let store = try CacheStore.openStrict(at: scratch.path)
        let a = "https://a.example/feed", b = "https://b.example/feed"
        let key = SubscriptionSourcesTests.key
        let transport = GatedTransport([a: (200, Self.rss("A", 3)), b: (200, Self.rss("B", 4))], held: [b])
        let documents = MemoryFeedDocumentCache()
        let subscriptions = [Subscription(url: a, name: "A"), Subscription(url: b, name: "B")]
        let refresh = SubscriptionRefresh(
            subscriptions: subscriptions, store: store, pageSize: 10, cacheKey: key,
            makeSource: { SyndicationSource(url: $0, transport: transport, cache: documents) })
        let background = BackgroundRefresh()
        let list = SubscriptionListSource(subscriptions: subscriptions, store: store, cacheKey: key, refresh: refresh, background: background)
        let reports = Reports()
        list.startOver()
        let load = Task { try await list.load(list.firstKey, pageSize: 100, context: FetchContext(progress: reports.record)) }
        await Self.wait(reports) { $0.last == ["A: 3 unread · ✓ 3 new", "B: not fetched yet · refreshing…"] }
        #expect(transport.isWaiting(b))

        // The list's run ends: its load is cancelled, the refresh goes on.
        load.cancel()
        await #expect(throws: (any Error).self) { try await load.value }
        #expect(background.isRunning)

        // The list again: its load follows the same refresh, where it stands, to its end.
        let again = SubscriptionListSource(subscriptions: subscriptions, store: store, cacheKey: key, refresh: refresh, background: background)
        let followed = Reports()
        let reload = Task { try await again.load(again.firstKey, pageSize: 100, context: FetchContext(progress: followed.record)) }
        await Self.wait(followed) { !$0.isEmpty }
        // Its rows come at once, A's outcome already in, its count read behind it.
        #expect(followed.all.first == ["A: counting… · ✓ 3 new", "B: counting… · refreshing…"])
        await Self.wait(followed) { $0.last == ["A: 3 unread · ✓ 3 new", "B: not fetched yet · refreshing…"] }
        transport.release(b)
        let page = try await reload.value
        let rows = page.items.filter { $0.id.hasPrefix("feeds:http") }.map { "\($0.title): " + $0.facts.map(\.labelText).joined(separator: " · ") }
        #expect(rows == ["A: 3 unread · ✓ 3 new", "B: 4 unread · ✓ 4 new"])
        #expect(page.endNote == "refreshed 2: 2 changed, 0 not modified, 0 failed")
        // One request a feed: the refresh was not started again.
        #expect(transport.state.withLock { $0.requests.count } == 2)
        #expect(!background.isRunning)
    }
}
