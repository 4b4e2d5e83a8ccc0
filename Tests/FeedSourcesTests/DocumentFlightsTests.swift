import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// Two sources of one feed in the same run (refresh-all, and the feed opened from the list while
/// the refresh still fetches it) share the fetch under way: one request, the same entries.
@Suite struct DocumentFlightsTests {
    static let address = "https://example.org/feed.xml"

    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Shared</title>
        <item><guid>a</guid><title>First</title></item>
        <item><guid>b</guid><title>Second</title></item>
        <item><guid>c</guid><title>Third</title></item>
        </channel></rss>
        """

    static func feed(etag: String = "\"v1\"") -> Result<HTTPResponse, FeedError> {
        .success(HTTPResponse(
            status: 200, headers: ["content-type": "application/rss+xml", "etag": etag], body: Data(rss.utf8), url: URL(string: address)!))
    }

    static let notModified = Result<HTTPResponse, FeedError>.success(
        HTTPResponse(status: 304, headers: [:], body: Data(), url: URL(string: address)!))

    /// A shared set of flights that reports each source starting to wait, and a way to await it.
    static func observedFlights() -> (DocumentFlights, AsyncStream<String>) {
        let (waits, continuation) = AsyncStream<String>.makeStream()
        return (DocumentFlights(observeWait: { continuation.yield($0) }), waits)
    }

    static func source(_ transport: ScriptedTransport, _ flights: DocumentFlights?, cache: any FeedDocumentCache = MemoryFeedDocumentCache())
        -> SyndicationSource
    {
        SyndicationSource(url: URL(string: address)!, transport: transport, cache: cache, flights: flights)
    }

    /// Two sources sharing flights: the leader's first-page load sent and held by the transport,
    /// then the waiter's load waiting for it (observed, never slept for).
    struct Pair {
        var flights: DocumentFlights
        var leader: SyndicationSource
        var waiter: SyndicationSource
        var first: Task<Page, any Error>
        var second: Task<Page, any Error>
    }

    static func leaderAndWaiter(_ transport: ScriptedTransport, cache: any FeedDocumentCache = MemoryFeedDocumentCache()) async -> Pair {
        let (flights, waits) = observedFlights()
        let leader = source(transport, flights, cache: cache)
        let waiter = source(transport, flights, cache: cache)
        let first = Task { try await leader.load(leader.firstKey, pageSize: 2) }
        await transport.until { $0.held.count == 1 }
        let second = Task { try await waiter.load(waiter.firstKey, pageSize: 2) }
        var iterator = waits.makeAsyncIterator()
        _ = await iterator.next()
        return Pair(flights: flights, leader: leader, waiter: waiter, first: first, second: second)
    }

    @Test(.timeLimit(.minutes(1))) func aSecondSourceWaitsForTheFetchUnderWayInsteadOfSendingItAgain() async throws {
        let transport = ScriptedTransport()
        let pair = await Self.leaderAndWaiter(transport)
        let (refresh, opened, flights) = (pair.leader, pair.waiter, pair.flights)
        transport.answer(Self.address, Self.feed())
        let (a, b) = (try await pair.first.value, try await pair.second.value)
        #expect(a.items.map(\.id) == ["a", "b"])
        #expect(b.items.map(\.id) == ["a", "b"])
        #expect(b.next == a.next)
        #expect(transport.snapshot.started == [Self.address])
        #expect(refresh.counters == SyndicationCounters(fetched: 1, parsed: 1))
        #expect(opened.counters == SyndicationCounters(shared: 1))
        #expect(flights.count == 0)
        // The shared document is the opened feed's own from now: its next page needs no request.
        let rest = try await opened.load(try #require(b.next), pageSize: 2)
        #expect(rest.items.map(\.id) == ["c"])
        #expect(transport.snapshot.started.count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func withoutSharedFlightsEachSourceSendsItsOwn() async throws {
        let transport = ScriptedTransport()
        let refresh = Self.source(transport, nil)
        let opened = Self.source(transport, nil)
        let first = Task { try await refresh.load(refresh.firstKey, pageSize: 2) }
        let second = Task { try await opened.load(opened.firstKey, pageSize: 2) }
        await transport.until { $0.held.count == 2 }
        transport.answer(Self.address, Self.feed())
        transport.answer(Self.address, Self.feed())
        _ = (try await first.value, try await second.value)
        #expect(transport.snapshot.started.count == 2)
    }

    @Test(.timeLimit(.minutes(1))) func aWaiterThatLeavesDoesNotCancelTheFetchTheOthersWant() async throws {
        let transport = ScriptedTransport()
        let pair = await Self.leaderAndWaiter(transport)
        // Esc in the opened feed: its load ends at once, the refresh's request stays on the wire.
        pair.second.cancel()
        await #expect(throws: FeedError.self) { try await pair.second.value }
        #expect(transport.snapshot.cancelled == 0)
        transport.answer(Self.address, Self.feed())
        #expect(try await pair.first.value.items.map(\.id) == ["a", "b"])
        #expect(transport.snapshot.started.count == 1)
    }

    @Test(.timeLimit(.minutes(1))) func whenTheLeaderLeavesAWaiterThatStillWantsTheDocumentFetchesItItself() async throws {
        let transport = ScriptedTransport()
        let pair = await Self.leaderAndWaiter(transport)
        pair.first.cancel()
        await #expect(throws: FeedError.self) { try await pair.first.value }
        // The leader's request was cancelled on the wire; the waiter sends its own.
        await transport.until { $0.cancelled == 1 && $0.held.count == 1 }
        transport.answer(Self.address, Self.feed())
        #expect(try await pair.second.value.items.map(\.id) == ["a", "b"])
        #expect(transport.snapshot.started.count == 2)
        #expect(pair.waiter.counters == SyndicationCounters(fetched: 1, parsed: 1))
    }

    @Test(.timeLimit(.minutes(1))) func aSharedNotModifiedCountsAsOneForTheWaiterToo() async throws {
        let transport = ScriptedTransport { _, attempt in attempt == 1 ? Self.feed() : nil }
        let cache = MemoryFeedDocumentCache()
        // A first run keeps the document with its ETag.
        let earlier = Self.source(transport, nil, cache: cache)
        _ = try await earlier.load(earlier.firstKey, pageSize: 2)
        await earlier.waitForParses()
        let pair = await Self.leaderAndWaiter(transport, cache: cache)
        transport.answer(Self.address, Self.notModified)
        #expect(try await pair.first.value.items.map(\.id) == ["a", "b"])
        #expect(try await pair.second.value.items.map(\.id) == ["a", "b"])
        #expect(transport.snapshot.started.count == 2)
        #expect(pair.leader.counters.notModified == 1)
        #expect(pair.waiter.counters == SyndicationCounters(notModified: 1, shared: 1))
    }
}
