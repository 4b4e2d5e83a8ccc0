// Page cache benchmarks (issue 13): the first frame from the SQLite cache against the first
// frame from the network, and the cost of storing a page.
import Benchmark
import FeedModel
import FeedPaging
import FeedReplica
import FeedSources
import FeedStore
import FeedUI
import Foundation

/// The feed the cache benchmarks store and read: `feedscroll hn` with no arguments.
let hackerNewsFeed = FeedKey(source: "hn top", parameters: "")

/// HN's first page (30 ids; dead and deleted stories left out) from `replica` over loopback, through the runtime's transports:
/// a `RetryingTransport` over an `AsyncHTTPTransport`, as `Network.transport` makes them.
///
/// - Returns: the page, and the client to shut down when done with it.
func hackerNewsFirstPage(from replica: RunningReplica) async throws -> (page: Page, client: AsyncHTTPTransport) {
    let client = AsyncHTTPTransport(limits: .init(timeout: 10, connectionsPerHost: 8 * FetchLane.allCases.count))
    let source = HackerNewsSource(list: .top, baseURL: replica.baseURLs["hn"]!, transport: RetryingTransport(client, width: 8))
    let page = try await source.load(source.firstKey, pageSize: source.defaultPageSize)
    // Dead and deleted stories are left out, so a page may hold fewer than 30.
    precondition(!page.items.isEmpty, "hn first page is empty")
    return (page, client)
}

/// A run's first frame: the app state started, its first page reduced in (from the cache when
/// `cachedAt` is set), the screen rendered into a `Grid` (what the terminal then diffs).
func firstFrame(_ page: Page, cachedAt: Double?, cache: CacheState, size: Size) -> Grid {
    var state = AppState(
        sourceName: hackerNewsFeed.source, paging: PagingState(firstKey: page.key, pageSize: 30), size: size, cache: cache)
    let effects = state.reduce(.start(at: 0))
    // With the cache on, the reducer asks the cache first (the runtime answers from SQLite);
    // without it, the network.
    if let cachedAt, let read = effects.lazy.compactMap({ effect -> CacheRead? in
        if case let .readCache(read) = effect { return read } else { return nil }
    }).first {
        _ = state.reduce(.cacheRead(read, CachedCopy(page: page, fetchedAt: cachedAt), at: 0.1))
    } else {
        guard let request = effects.lazy.compactMap({ effect -> PageRequest? in
            if case let .fetch(request) = effect { return request } else { return nil }
        }).first else { preconditionFailure("no first fetch in \(effects)") }
        let result: FetchResult = cachedAt.map { .cached(request, page, fetchedAt: $0) } ?? .loaded(request, .success(page), latency: 0.1)
        _ = state.reduce(.fetched(result, at: 0.1))
    }
    precondition(state.list.paging.items.count == page.items.count, "first frame holds \(state.list.paging.items.count) items")
    return render(state, size: size)
}

let cacheBenchmarks: @Sendable () -> Void = {
    let size = Size(columns: 80, rows: 24)
    let path = NSTemporaryDirectory() + "feedscroll-bench-cache-\(getpid()).sqlite"
    func removeDatabase() {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
    }
    let page = Fixture<Page>()
    /// HN's first page fetched from a replica (latency 0) and stored in a fresh cache file.
    let cachedFirstPage: Benchmark.BenchmarkSetupHook = {
        removeDatabase()
        let replica = try await Replica.start(ReplicaConfiguration())
        let (fetched, client) = try await hackerNewsFirstPage(from: replica)
        await client.shutdown()
        await replica.stop()
        try CacheStore.openStrict(at: path).store(fetched, index: 0, of: hackerNewsFeed, at: Date().timeIntervalSince1970)
        page.value = fetched
    }
    let teardown: Benchmark.BenchmarkTeardownHook = {
        page.value = nil
        removeDatabase()
    }

    // 10. The first frame from the cache: open the SQLite file (WAL, migrations checked), read
    //     the read marks and visits and the first page, reduce it in, render 80×24.
    Benchmark(
        "first frame hn from cache (open, read, render 80x24)",
        configuration: .init(metrics: [.wallClock, .mallocCountTotal], setup: cachedFirstPage, teardown: teardown)
    ) { benchmark in
        let store = try CacheStore.openStrict(at: path)
        let marks = CacheState(
            isEnabled: true, readIDs: try store.readItemIDs(), visits: try store.visits().mapValues(\.commentCount))
        guard let hit = try store.pages(of: hackerNewsFeed, from: .idSlice(start: 0, count: 0), limit: 2).first else {
            preconditionFailure("nothing cached at \(path)")
        }
        blackHole(firstFrame(hit.page, cachedAt: hit.fetchedAt, cache: marks, size: size))
    }

    // 11. The first frame from the network: a new client (connections not yet open, as at a
    //     run's start), HN's id list and its 30 items from an in-process replica over loopback,
    //     reduced in and rendered 80×24. At the replica's default latency (0 ms) and at 100 ms a
    //     request. Shutting the client down is not measured.
    let replica = Fixture<RunningReplica>()
    for latency in [0, 100] {
        Benchmark(
            "first frame hn from network latency \(latency) ms (fetch, render 80x24)",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(latency > 0 ? 10 : 3),
                maxIterations: latency > 0 ? 15 : 1_000,
                setup: { replica.value = try await Replica.start(ReplicaConfiguration(latencyMs: latency)) },
                teardown: {
                    await replica.value?.stop()
                    replica.value = nil
                })
        ) { benchmark async throws in
            benchmark.startMeasurement()
            let (fetched, client) = try await hackerNewsFirstPage(from: replica.value!)
            blackHole(firstFrame(fetched, cachedAt: nil, cache: CacheState(), size: size))
            benchmark.stopMeasurement()
            await client.shutdown()
        }
    }

    // 12. Storing one 30-item page (what the writer queue does for every page fetched): the
    //     page replaces the feed's page at the same index, as a refresh does.
    let store = Fixture<CacheStore>()
    Benchmark(
        "cache store one 30-item hn page",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal],
            setup: {
                try await cachedFirstPage()
                store.value = try CacheStore.openStrict(at: path)
            },
            teardown: {
                store.value = nil
                try await teardown()
            })
    ) { benchmark in
        try store.value!.store(page.value!, index: 0, of: hackerNewsFeed, at: Date().timeIntervalSince1970)
    }

    // 13. The subscription list's unread counts (issue 22), as `feedscroll feeds` reads them on
    //     every opening: 50 feeds of 1,000 cached entries each (40 pages of 25, every entry with
    //     a 400-character summary and 1,600 characters of content, as feed entries are stored),
    //     one in ten read.
    let countsPath = NSTemporaryDirectory() + "feedscroll-bench-counts-\(getpid()).sqlite"
    let countedFeeds = (0..<50).map { FeedKey(source: "feed", parameters: "https://feed\($0).example/rss 25") }
    Benchmark(
        "feeds list unread counts 50 feeds x 1,000 entries",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(20), maxIterations: 20,
            setup: {
                for suffix in ["", "-wal", "-shm"] { unlink(countsPath + suffix) }
                let store = try CacheStore.openStrict(at: countsPath, limitBytes: 1 << 30)
                let summary = String(repeating: "A summary sentence of an entry. ", count: 12)
                let content = String(repeating: "Content of the entry, paragraph after paragraph. ", count: 32)
                for (number, feed) in countedFeeds.enumerated() {
                    let pages = (0..<40).map { index in
                        PageWrite(
                            page: Page(
                                key: .cursor(index == 0 ? nil : "\(index * 25) https://feed\(number).example/rss"),
                                items: (0..<25).map { offset in
                                    let entry = index * 25 + offset
                                    return FeedItem(
                                        id: "tag:feed\(number).example,2024:\(entry)", title: "Entry \(entry) of feed \(number)",
                                        url: "https://feed\(number).example/\(entry)", author: "Author", time: 1_700_000_000 + Int64(entry),
                                        body: summary, facts: [
                                            ItemFact("summary", .paragraphs(summary), label: .hidden),
                                            ItemFact("content", .paragraphs(content), label: .hidden),
                                        ])
                                },
                                next: index == 39 ? nil : .cursor("\((index + 1) * 25) https://feed\(number).example/rss")),
                            index: index, feed: feed, time: 1)
                    }
                    try store.store(pages)
                    for entry in stride(from: 0, to: 1_000, by: 10) { try store.setRead("tag:feed\(number).example,2024:\(entry)", true, at: 2) }
                }
            },
            teardown: { for suffix in ["", "-wal", "-shm"] { unlink(countsPath + suffix) } })
    ) { benchmark in
        let store = try CacheStore.openStrict(at: countsPath, limitBytes: 1 << 30)
        let counts = try store.unreadCounts(of: countedFeeds)
        precondition(counts.count == 50 && counts.values.allSatisfy { $0 == 900 }, "counts: \(counts.values.sorted().prefix(3))")
        blackHole(counts)
    }
}
