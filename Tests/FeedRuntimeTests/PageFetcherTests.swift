import Dispatch
import FeedModel
import FeedPaging
import FeedRuntime
import FeedTestSupport
import Synchronization
import Testing

@Suite(.timeLimit(.minutes(1))) struct PageFetcherTests {
    /// Events as an async sequence, so a test awaits them instead of sleeping.
    final class Collector: Sendable {
        let stream: AsyncStream<FetchResult>
        private let continuation: AsyncStream<FetchResult>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream() }
        func deliver(_ event: FetchResult) { continuation.yield(event) }
        func next(_ count: Int) async -> [FetchResult] {
            var events: [FetchResult] = []
            for await event in stream {
                events.append(event)
                if events.count == count { break }
            }
            return events
        }
    }

    /// A source whose loads all wait at one gate until `opened` loads are waiting together:
    /// if the fetcher ran loads one after another, the first would never get through.
    final class GatedSource: FeedSource {
        let name = "gated"
        let firstKey = PageKey.page(0)
        let defaultPageSize = 20
        let maxPageSize = 20
        let inner: ListSource
        private let state = Mutex<(waiting: Int, lanes: [FetchLane], continuations: [CheckedContinuation<Void, Never>])>((0, [], []))
        let opened: Int

        init(inner: ListSource, opened: Int) {
            self.inner = inner
            self.opened = opened
        }

        var lanes: [FetchLane] { state.withLock { $0.lanes } }

        func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                    state.waiting += 1
                    state.lanes.append(context.lane)
                    state.continuations.append(continuation)
                    guard state.waiting >= opened else { return [] }
                    defer { state.continuations = [] }
                    return state.continuations
                }
                for waiting in release { waiting.resume() }
            }
            return try await inner.load(key, pageSize: pageSize)
        }
    }

    @Test func loadsConcurrentlyAndSanitises() async throws {
        let list = ListSource(items: [FeedItem(id: "x:1", title: "evil\u{1B}]0;pwned\u{07} title")] + makeItems(1..<40))
        let source = GatedSource(inner: list, opened: 2)
        let collector = Collector()
        let fetcher = PageFetcher(source: source, lane: .detail, executor: FetchExecutor(label: "test.fetch")) { collector.deliver($0) }
        fetcher.fetch(PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))
        fetcher.fetch(PageRequest(id: RequestID(2), index: 1, key: .page(1), pageSize: 20, generation: 0))
        let events = await collector.next(2)
        var pages: [Int: Page] = [:]
        for event in events { if case let .loaded(.success(page), _) = event.outcome { pages[event.request.index] = page } }
        #expect(pages[0]?.items.first?.title == "evil title")
        #expect(pages[1]?.items.count == 20)
        #expect(Set(list.loads) == [.page(0), .page(1)])
        #expect(source.lanes == [.detail, .detail])
    }

    /// A thread's story and the name a feed learns from its title are remote text: they reach
    /// the screen through the same sanitiser as the items.
    @Test func aPagesSubjectAndSourceNameArriveSanitised() async throws {
        final class Named: FeedSource {
            let name = "named"
            let firstKey = PageKey.page(0)
            let defaultPageSize = 20
            let maxPageSize = 20
            func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
                Page(
                    key: key, items: makeItems(0..<3), next: nil,
                    subject: FeedItem(id: "s", title: "story\u{1B}[2J\u{1B}]0;x\u{07} here"),
                    sourceName: "Feed\u{1B}[31m title\u{9B}2J")
            }
        }
        let collector = Collector()
        let fetcher = PageFetcher(source: Named(), lane: .list, executor: FetchExecutor(label: "test.named")) { collector.deliver($0) }
        fetcher.fetch(PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))
        let events = await collector.next(1)
        guard case let .loaded(.success(page), _) = events.first?.outcome else {
            Issue.record("no page: \(events)")
            return
        }
        #expect(page.subject?.title == "story here")
        #expect(page.sourceName == "Feed title")
    }

    /// Every string of a page that can be drawn arrives without a control character, whatever
    /// field it is in: the fixture sets every optional field of `Page` and `FeedItem` (checked
    /// by reflection, so a field added later and left out of it fails here), and the check walks
    /// every string the page holds. The exceptions are named: identities and fetch keys the
    /// screen never draws (ids, page keys, the picture's address).
    @Test func everyStringAPageCanDrawArrivesSanitised() async throws {
        let hostile = "a\u{1B}[2J\u{1B}]0;t\u{07}b\u{9B}31m\u{7F}c\u{85}d"
        let facts: [ItemFact] = [
            ItemFact("t" + hostile, .text(hostile), label: .text(hostile)),
            ItemFact("l", .list([hostile, hostile]), label: .age(prefix: hostile)),
            ItemFact("p", .paragraphs(hostile + "\n\n" + hostile), label: .hidden),
            ItemFact("m", .media([.init(url: "https://m.example/" + hostile), .init(url: "https://m.example/a.mp3", type: hostile)]), label: .hidden),
            ItemFact("n", .number(1), label: .hidden), ItemFact("f", .flag(true), label: .hidden), ItemFact("w", .time(1), label: .hidden),
        ]
        func item(_ id: String) -> FeedItem {
            var item = FeedItem(
                id: id + hostile, title: hostile, url: "https://example.com/" + hostile, author: hostile, score: 1, commentCount: 2,
                time: 3, body: hostile + "\n" + hostile, discussionURL: "https://example.com/d" + hostile,
                bodyHTML: "<p>" + hostile + "</p>", depth: 1, parentID: "p" + hostile, facts: facts,
                pictureURL: "https://example.com/p.png" + hostile)
            item.refusedLinks = [hostile]
            return item
        }
        let sent = Page(
            key: .cursor(hostile), items: [item("i")], next: .cursor(hostile), total: 9, cap: 9, omittedCount: 1,
            itemFailures: [FeedError(.http(status: 500), hostile, retryAfter: 1)], subject: item("s"),
            endNote: hostile, sourceName: hostile)
        // The fixture leaves nothing unset, so a new optional field must be added to it.
        func unset(_ value: Any, _ path: String) -> [String] {
            Mirror(reflecting: value).children.flatMap { child -> [String] in
                let label = path + "." + (child.label ?? "?")
                let mirror = Mirror(reflecting: child.value)
                if mirror.displayStyle == .optional {
                    guard let some = mirror.children.first?.value else { return [label] }
                    return some is FeedItem ? unset(some, label) : []
                }
                return child.value is FeedItem ? unset(child.value, label) : []
            }
        }
        #expect(unset(sent, "page") + sent.items.flatMap { unset($0, "page.items") } == [])

        final class Fixed: FeedSource, @unchecked Sendable {
            let name = "fixed"
            let firstKey = PageKey.page(0)
            let defaultPageSize = 20
            let maxPageSize = 20
            let page: Page
            init(_ page: Page) { self.page = page }
            func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page { page }
        }
        let collector = Collector()
        let fetcher = PageFetcher(source: Fixed(sent), lane: .list, executor: FetchExecutor(label: "test.fixed")) { collector.deliver($0) }
        fetcher.fetch(PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))
        guard case let .loaded(.success(page), _) = await collector.next(1).first?.outcome else {
            Issue.record("no page")
            return
        }
        // Never drawn: identities, the API's page keys, the address a picture is fetched from.
        let undrawn: Set<String> = ["key", "next", "id", "parentID", "pictureURL"]
        func strings(_ value: Any, _ path: [String]) -> [(path: String, text: String)] {
            if let text = value as? String { return [(path.joined(separator: "."), text)] }
            return Mirror(reflecting: value).children.flatMap { child -> [(path: String, text: String)] in
                if let label = child.label, undrawn.contains(label) { return [] }
                return strings(child.value, path + [child.label ?? "·"])
            }
        }
        let found = strings(page, ["page"])
        #expect(found.count > 20)
        for (path, text) in found {
            let bad = text.unicodeScalars.filter { scalar in
                let v = scalar.value
                return (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v)
            }
            #expect(bad.isEmpty, "\(path) kept \(bad.map { String($0.value, radix: 16) }) in \(text.debugDescription)")
        }
        // The media link with a hidden character is left out, not cleaned into another link.
        let media = page.items[0].facts.compactMap { fact -> [ItemFact.Media]? in
            if case let .media(files) = fact.value { files } else { nil }
        }.first
        #expect(media?.map(\.url) == ["https://m.example/a.mp3"])
    }

    /// Issue 23: a list page the pager asked for ahead runs in the prefetch lane, behind the
    /// pages the reader waits for; a detail's pages keep the detail lane whatever they are.
    @Test func aPageAskedForAheadRunsInThePrefetchLane() async throws {
        let list = ListSource(items: makeItems(0..<60))
        let source = GatedSource(inner: list, opened: 2)
        let collector = Collector()
        let fetcher = PageFetcher(source: source, executor: FetchExecutor(label: "test.fetch")) { collector.deliver($0) }
        fetcher.fetch(PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))
        fetcher.fetch(PageRequest(id: RequestID(2), index: 1, key: .page(1), pageSize: 20, generation: 0, isPrefetch: true))
        _ = await collector.next(2)
        #expect(source.lanes.sorted { $0.rawValue < $1.rawValue } == [.list, .prefetch])
        let detailSource = GatedSource(inner: list, opened: 1)
        let detailCollector = Collector()
        let detail = PageFetcher(source: detailSource, lane: .detail, executor: FetchExecutor(label: "test.fetch")) { detailCollector.deliver($0) }
        detail.fetch(PageRequest(id: RequestID(3), index: 1, key: .page(1), pageSize: 20, generation: 0, isPrefetch: true))
        _ = await detailCollector.next(1)
        #expect(detailSource.lanes == [.detail])
    }

    /// Issue 23 (a): the pager promotes a prefetch page the reader reached; the load in flight
    /// hears it on its context's lane switch (which the transport turns into a move of each
    /// request in its place), and only that load: a wanted page has no switch, and another
    /// prefetch page stays where it is.
    @Test func aPromotedPrefetchPageMovesToTheListLaneWhileItLoads() async throws {
        /// Loads that keep their context's lane switch and wait at a gate until the test opens it.
        final class Parked: FeedSource {
            let name = "parked"
            let firstKey = PageKey.page(0)
            let defaultPageSize = 20
            let maxPageSize = 20
            private let state = Mutex<(switches: [PageKey: LaneSwitch?], gate: [CheckedContinuation<Void, Never>], open: Bool)>(([:], [], false))
            let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
            func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
                await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                    let isOpen = state.withLock { state in
                        state.switches[key] = context.laneSwitch
                        if !state.open { state.gate.append(continuation) }
                        return state.open
                    }
                    arrived.yield()
                    if isOpen { continuation.resume() }
                }
                return Page(key: key, items: [], next: nil)
            }
            func lane(of key: PageKey) -> FetchLane?? { state.withLock { $0.switches[key].map { $0?.lane } } }
            func hasSwitch(_ key: PageKey) -> Bool { state.withLock { $0.switches[key] != nil && $0.switches[key]! != nil } }
            func open() {
                let gate = state.withLock { state in
                    state.open = true
                    defer { state.gate = [] }
                    return state.gate
                }
                for waiting in gate { waiting.resume() }
            }
        }
        let source = Parked()
        let collector = Collector()
        let fetcher = PageFetcher(source: source, executor: FetchExecutor(label: "test.fetch")) { collector.deliver($0) }
        fetcher.fetch(PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))
        fetcher.fetch(PageRequest(id: RequestID(2), index: 1, key: .page(1), pageSize: 20, generation: 0, isPrefetch: true))
        fetcher.fetch(PageRequest(id: RequestID(3), index: 2, key: .page(2), pageSize: 20, generation: 0, isPrefetch: true))
        var arrivals = source.arrivals.makeAsyncIterator()
        for _ in 1...3 { await arrivals.next() }
        #expect(!source.hasSwitch(.page(0)), "a wanted page's lane never changes")
        fetcher.promote(RequestID(2))
        #expect(source.lane(of: .page(1)) == .some(.list), "the promoted load is moved to the list lane")
        #expect(source.lane(of: .page(2)) == .some(nil), "the other prefetch page stays where it is")
        source.open()
        _ = await collector.next(3)
        fetcher.promote(RequestID(3))  // over: nothing to move, and nothing kept for it
        #expect(source.lane(of: .page(2)) == .some(nil))
    }

    /// The transport is the one retry site: a load that fails, retryably or not, is made once
    /// and its failure delivered as it came.
    @Test func aFailureIsDeliveredOnceAndNotRetriedHere() async throws {
        final class Failing: FeedSource {
            let name = "failing"
            let firstKey = PageKey.page(0)
            let defaultPageSize = 20
            let maxPageSize = 20
            let loads = Mutex(0)
            func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
                loads.withLock { $0 += 1 }
                throw FeedError(.http(status: 503), "HTTP 503", retryAfter: 0.01)
            }
        }
        let source = Failing()
        let collector = Collector()
        let fetcher = PageFetcher(source: source, executor: FetchExecutor(label: "test.fetch")) { collector.deliver($0) }
        let request = PageRequest(id: RequestID(7), index: 0, key: .page(0), pageSize: 20, generation: 0)
        fetcher.fetch(request)
        let first = await collector.next(1)
        guard case let .loaded(.failure(error), _)? = first.first?.outcome else {
            Issue.record("expected the failure at once, got \(first)")
            return
        }
        // Delivered as the source gave it: still retryable (`r` tries again), no attempts added.
        #expect(error == FeedError(.http(status: 503), "HTTP 503", retryAfter: 0.01))
        // Nothing else comes for it: a sentinel posted after it is the next event.
        collector.deliver(.loaded(PageRequest(id: RequestID(99), index: 9, key: .page(9), pageSize: 1, generation: 0), .success(makePage(9)), latency: 0))
        #expect(await collector.next(1).first?.request.id == RequestID(99))
        #expect(source.loads.withLock { $0 } == 1)
    }

    /// A source whose loads never finish by themselves: they end when their task is cancelled.
    final class HangingSource: FeedSource {
        let name = "hanging"
        let firstKey = PageKey.page(0)
        let defaultPageSize = 20
        let maxPageSize = 20
        let started = AsyncStream<Int>.makeStream()
        let ended = AsyncStream<Int>.makeStream()
        func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
            guard case let .page(number) = key else { throw FeedError(.invalidRequest, "bad key") }
            started.continuation.yield(number)
            let stream = AsyncStream<Never>.makeStream()
            await withTaskCancellationHandler {
                for await _ in stream.stream {}
            } onCancel: {
                stream.continuation.finish()
            }
            ended.continuation.yield(number)
            throw FeedError(.cancelled, "cancelled")
        }
    }

    /// `cancel` reaches the load (its task is cancelled) and nothing is delivered for it; the
    /// other request goes on until `cancelAll`.
    @Test func cancelCancelsTheLoadsTaskAndDeliversNothing() async throws {
        let source = HangingSource()
        let collector = Collector()
        let fetcher = PageFetcher(source: source, executor: FetchExecutor(label: "test.fetch")) { collector.deliver($0) }
        fetcher.fetch(PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))
        fetcher.fetch(PageRequest(id: RequestID(2), index: 1, key: .page(1), pageSize: 20, generation: 0))
        var started = source.started.stream.makeAsyncIterator()
        let first = await started.next()
        let second = await started.next()
        #expect(Set([first, second]) == [0, 1])
        #expect(fetcher.inFlight == 2)
        fetcher.cancel(RequestID(1))
        var ended = source.ended.stream.makeAsyncIterator()
        #expect(await ended.next() == 0)
        fetcher.cancelAll()
        #expect(await ended.next() == 1)
        #expect(fetcher.inFlight == 0)
        // Nothing was delivered: a sentinel from the collector's own stream arrives first.
        collector.deliver(.loaded(PageRequest(id: RequestID(99), index: 9, key: .page(9), pageSize: 1, generation: 0), .success(makePage(9)), latency: 0))
        let next = await collector.next(1)
        #expect(next.first?.request.id == RequestID(99))
    }

    /// A retry observer bound by the fetcher reports a source's own retries as `.retrying`.
    @Test func retriesInsideALoadAreReported() async throws {
        struct Retrying: FeedSource {
            let name = "retrying"
            let firstKey = PageKey.page(0)
            let defaultPageSize = 20
            let maxPageSize = 20
            func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
                context.onRetry?(2, 1.5, FeedError(.timeout, "slow \u{1B}[31mhost"))
                return makePage(0)
            }
        }
        let collector = Collector()
        let fetcher = PageFetcher(source: Retrying(), executor: FetchExecutor(label: "test.fetch")) { collector.deliver($0) }
        let request = PageRequest(id: RequestID(3), index: 0, key: .page(0), pageSize: 20, generation: 0)
        fetcher.fetch(request)
        let events = await collector.next(2)
        #expect(events.first == .retrying(request, attempt: 2, delay: 1.5, error: FeedError(.timeout, "slow host")))
    }

    /// A source's first items, reported through the load's `context.progress`, arrive sanitised and
    /// tagged with the pager before the page; a cancelled load's are never delivered.
    @Test func aPagesFirstItemsArriveBeforeIt() async throws {
        struct Stepwise: FeedSource {
            let name = "stepwise"
            let firstKey = PageKey.page(0)
            let defaultPageSize = 20
            let maxPageSize = 20
            func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
                let items = [FeedItem(id: "x:0", title: "first\u{1B}[2J")] + makeItems(1..<3, prefix: "x")
                context.progress?(Array(items.prefix(1)))
                context.progress?(Array(items.prefix(2)))
                return Page(key: key, items: items, next: nil)
            }
        }
        let collector = Collector()
        let fetcher = PageFetcher(source: Stepwise(), pager: .comments(serial: 4), executor: FetchExecutor(label: "test.fetch")) { collector.deliver($0) }
        let request = PageRequest(id: RequestID(5), index: 0, key: .page(0), pageSize: 20, generation: 0)
        fetcher.fetch(request)
        let events = await collector.next(3)
        let first = FeedItem(id: "x:0", title: "first")
        #expect(events.prefix(2).map(\.outcome) == [.partial([first]), .partial([first] + makeItems(1..<2, prefix: "x"))])
        #expect(events.last?.result == .success(Page(key: .page(0), items: [first] + makeItems(1..<3, prefix: "x"), next: nil)))
        #expect(events.allSatisfy { $0.pager == .comments(serial: 4) && $0.request == request })
    }
}
