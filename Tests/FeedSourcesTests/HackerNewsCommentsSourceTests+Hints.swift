import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

/// A thread opened from the list fetches its story and the replies the list saw in one round,
/// and still walks the story's fresh `kids`. Every round is asserted exactly: the requests
/// held at once by a scripted transport, answered together, then the next round.
extension HackerNewsCommentsSourceTests {
    static let timeout = FeedError(.timeout, "timed out")

    /// Loads `key` and answers its requests a round at a time: round `i` must be exactly the
    /// items `rounds[i]` held at once. Bodies come from `thread` (others 404), failures from
    /// `failing` (answered last in their round, so no answer races a cancellation).
    private func load(
        _ source: HackerNewsCommentsSource, _ key: PageKey? = nil, pageSize: Int, over transport: ScriptedTransport,
        rounds: [[Int]], failing: [Int: FeedError] = [:], progress: PageProgress? = nil
    ) async throws -> Page {
        let startedBefore = transport.snapshot.started.count
        let load = Task {
            try await source.load(key ?? source.firstKey, pageSize: pageSize, context: FetchContext(progress: progress))
        }
        for round in rounds {
            let urls = Set(round.map(Self.item))
            await transport.until { Set($0.held) == urls }
            if Task.isCancelled {
                // The time limit: the round never came (its requests are in `started`).
                load.cancel()
                Issue.record("round \(round) never held alone; started: \(transport.snapshot.started)")
                throw CancellationError()
            }
            for id in round.sorted(by: { failing[$0] == nil && failing[$1] != nil }) {
                let url = Self.item(id)
                if let error = failing[id] {
                    transport.answer(url, .failure(error))
                } else if let body = Self.thread[id] {
                    transport.answer(url, ScriptedTransport.json(url, body))
                } else {
                    transport.answer(url, ScriptedTransport.json(url, "not found", status: 404))
                }
            }
        }
        let page = try await load.value
        #expect(transport.snapshot.started.count - startedBefore == rounds.joined().count, "exactly the rounds' requests")
        return page
    }

    private func source(_ transport: ScriptedTransport, knownKids: [Int]?, width: Int = 8) -> HackerNewsCommentsSource {
        HackerNewsCommentsSource(itemID: 1, baseURL: URL(string: Self.base)!, transport: transport, maxConcurrentItems: width, knownKids: knownKids)
    }

    /// The walk, the deleted 5 and the dead 3 kept as placeholders for their replies.
    private static let walk = ["hn:2", "hn:4", "hn:6", "hn:5", "hn:7", "hn:3", "hn:8"]

    @Test(.timeLimit(.minutes(1))) func aCurrentHintSavesTheRootsRoundAndNoRequest() async throws {
        let hinted = ScriptedTransport()
        let page = try await load(source(hinted, knownKids: [2, 3, 9]), pageSize: 100, over: hinted, rounds: [[1, 2, 3, 9], [4, 5, 8], [6, 7]])
        #expect(page.items.map(\.id) == Self.walk)
        #expect(page.items.map(\.depth) == [0, 1, 2, 1, 2, 0, 1])
        #expect(page.subject?.id == "hn:1")
        #expect(page.next == nil)
        // The same walk without a hint: one round more, the same nine requests.
        let plain = ScriptedTransport()
        let unhinted = try await load(source(plain, knownKids: nil), pageSize: 100, over: plain, rounds: [[1], [2, 3, 9], [4, 5, 8], [6, 7]])
        #expect(unhinted == page)
    }

    @Test(.timeLimit(.minutes(1))) func aHintedWalkPagesLikeAnUnhintedOne() async throws {
        let transport = ScriptedTransport()
        let source = source(transport, knownKids: [2, 3, 9])
        // A page of 2 guesses the first two replies: 3 is fetched ahead and kept for page two.
        let first = try await load(source, pageSize: 2, over: transport, rounds: [[1, 2, 3], [4]])
        #expect(first.items.map(\.id) == ["hn:2", "hn:4"])
        #expect(first.next == .cursor("6:2,5:1,3:0,9:0"))
        // The deleted 5 keeps its reply's place; the dead 3, fetched ahead, is page three's.
        let second = try await load(source, first.next, pageSize: 2, over: transport, rounds: [[6, 5]])
        #expect(second.items.map(\.id) == ["hn:6", "hn:5"])
        let third = try await load(source, second.next, pageSize: 2, over: transport, rounds: [[7]])
        #expect(third.items.map(\.id) == ["hn:7", "hn:3"])
        let fourth = try await load(source, third.next, pageSize: 2, over: transport, rounds: [[8, 9]])
        #expect(fourth.items.map(\.id) == ["hn:8"])
        #expect(fourth.next == nil)
        #expect(Set(transport.snapshot.started).count == transport.snapshot.started.count, "no comment requested twice")
    }

    /// The list saw 10, which is gone from the story now, and not 9, which is new: 10 is
    /// dropped (its failure too), 9 comes in the next round, and the walk is the fresh one.
    @Test(.timeLimit(.minutes(1))) func aStaleHintIsCheckedAgainstTheFreshRoot() async throws {
        let transport = ScriptedTransport()
        let page = try await load(source(transport, knownKids: [2, 10, 3]), pageSize: 100, over: transport, rounds: [[1, 2, 10, 3], [4, 5, 8, 9], [6, 7]])
        #expect(page.items.map(\.id) == Self.walk)
        #expect(page.itemFailures.isEmpty)
        let failed = ScriptedTransport()
        let same = try await load(
            source(failed, knownKids: [2, 10, 3]), pageSize: 100, over: failed, rounds: [[1, 2, 10, 3], [4, 5, 8, 9], [6, 7]],
            failing: [10: Self.timeout])
        #expect(same == page)
    }

    /// A guess that failed and is still one of the story's replies fails the page, as fetching
    /// it in the walk would have; one that 404s is left out and reported.
    @Test(.timeLimit(.minutes(1))) func aFailedGuessStillNamedCountsAsTheWalks() async throws {
        let transport = ScriptedTransport()
        await #expect(throws: FeedError.self) {
            _ = try await load(source(transport, knownKids: [2, 3]), pageSize: 100, over: transport, rounds: [[1, 2, 3]], failing: [3: Self.timeout])
        }
        let gone = ScriptedTransport()
        let page = try await load(
            source(gone, knownKids: [2, 3, 9]), pageSize: 100, over: gone, rounds: [[1, 2, 3, 9], [4, 5], [6, 7]],
            failing: [3: FeedError(.http(status: 404), "gone")])
        #expect(page.items.map(\.id) == ["hn:2", "hn:4", "hn:6", "hn:5", "hn:7"])
        #expect(page.itemFailures.map(\.kind) == [.http(status: 404)])
    }

    /// `--thread ID` has no list, so no hint: the root first, then its replies.
    @Test(.timeLimit(.minutes(1))) func noHintFetchesTheRootAlone() async throws {
        let transport = ScriptedTransport()
        let url = URL(string: Self.base)!
        let hints = HackerNewsThreadHints()
        hints.record(1, kids: [2, 3, 9])
        #expect(HackerNewsCommentsSource.forItem("hn:1", baseURL: url, transport: transport, hints: hints)?.knownKids == [2, 3, 9])
        #expect(HackerNewsCommentsSource.forItem("hn:2", baseURL: url, transport: transport, hints: hints)?.knownKids == nil)
        let source = try #require(HackerNewsCommentsSource.forItem("hn:1", baseURL: url, transport: transport))
        let page = try await load(source, pageSize: 100, over: transport, rounds: [[1], [2, 3, 9], [4, 5, 8], [6, 7]])
        #expect(page.items.map(\.id) == Self.walk)
    }

    /// The first round leaves the root a place in the fan-out: with 3 connections it guesses two
    /// replies; with one connection a guess could only delay the root, so there is none.
    @Test(.timeLimit(.minutes(1))) func theGuessesFitTheFanOutBesideTheRoot() async throws {
        let narrow = ScriptedTransport()
        let page = try await load(source(narrow, knownKids: [2, 3, 9], width: 3), pageSize: 2, over: narrow, rounds: [[1, 2, 3], [4]])
        #expect(page.items.map(\.id) == ["hn:2", "hn:4"])
        #expect(narrow.snapshot.peakInFlight == 3)
        let serial = ScriptedTransport()
        let alone = try await load(source(serial, knownKids: [2, 3, 9], width: 1), pageSize: 1, over: serial, rounds: [[1], [2]])
        #expect(alone.items.map(\.id) == ["hn:2"])
    }

    /// The root failing fails the page and closes the guesses still in flight; loading the
    /// page again starts over, root and guesses together.
    @Test(.timeLimit(.minutes(1))) func theRootFailingFailsThePageAndCancelsTheGuesses() async throws {
        let transport = ScriptedTransport()
        let source = source(transport, knownKids: [2, 3, 9])
        let load = Task { try await source.load(source.firstKey, pageSize: 100) }
        await transport.until { Set($0.held) == Set([1, 2, 3, 9].map(Self.item)) }
        try #require(!Task.isCancelled, "the first round never held the root and its three replies")
        transport.answer(Self.item(1), .failure(Self.timeout))
        await #expect(throws: FeedError.self) { try await load.value }
        #expect(transport.snapshot.started.count == 4)
        #expect(transport.snapshot.cancelled == 3)
        let page = try await self.load(source, pageSize: 100, over: transport, rounds: [[1, 2, 3, 9], [4, 5, 8], [6, 7]])
        #expect(page.items.map(\.id) == Self.walk)
    }

    /// Before each round, the comments the page already has go to the load's `context.progress`:
    /// every one before the first unknown, a longer run each time, never the same run twice.
    @Test(.timeLimit(.minutes(1))) func eachRoundReportsTheCommentsKnownBeforeIt() async throws {
        let reports = Mutex<[[String]]>([])
        let transport = ScriptedTransport()
        let page = try await load(
            source(transport, knownKids: [2, 3, 9]), pageSize: 100, over: transport, rounds: [[1, 2, 3, 9], [4, 5, 8], [6, 7]],
            progress: { items in reports.withLock { $0.append(items.map(\.id)) } })
        #expect(reports.withLock { $0 } == [["hn:2"], ["hn:2", "hn:4"]])
        #expect(page.items.map(\.id) == Self.walk)
        // A page whose comments are all known after one round reports them as its round
        // brings them (the story and its first reply), once.
        reports.withLock { $0 = [] }
        let small = ScriptedTransport()
        _ = try await load(
            source(small, knownKids: [2, 3, 9]), pageSize: 1, over: small, rounds: [[1, 2]],
            progress: { items in reports.withLock { $0.append(items.map(\.id)) } })
        #expect(reports.withLock { $0 } == [["hn:2"]])
    }

    /// Issue 23: the first round's first reply is drawn as it comes, while the round's other
    /// requests are still on the wire (under a rate limit, seconds later).
    @Test(.timeLimit(.minutes(1))) func theFirstReplyIsHeardBeforeTheFirstRoundEnds() async throws {
        let transport = ScriptedTransport()
        let (heard, hear) = AsyncStream.makeStream(of: [String].self)
        let source = source(transport, knownKids: [2, 3, 9])
        let load = Task { try await source.load(source.firstKey, pageSize: 100, context: FetchContext(progress: { hear.yield($0.map(\.id)) })) }
        await transport.until { Set($0.held) == Set([1, 2, 3, 9].map(Self.item)) }
        var reports = heard.makeAsyncIterator()
        transport.answer(Self.item(2), ScriptedTransport.json(Self.item(2), Self.thread[2]!))
        transport.answer(Self.item(1), ScriptedTransport.json(Self.item(1), Self.thread[1]!))
        #expect(await reports.next() == ["hn:2"])
        #expect(Set(transport.snapshot.held) == Set([3, 9].map(Self.item)))
        load.cancel()
        _ = await load.result
    }

    /// The first reply the list saw is drawn when it arrives, while the story's own request is
    /// still on the wire (failing and retried, under the fault mix, for seconds): the reader
    /// opened it from that list. (Before, nothing was drawn until the story came.)
    @Test(.timeLimit(.minutes(1))) func theFirstReplyIsDrawnBeforeTheStoryArrives() async throws {
        let transport = ScriptedTransport()
        let (heard, hear) = AsyncStream.makeStream(of: [String].self)
        let source = source(transport, knownKids: [2, 3, 9])
        let load = Task { try await source.load(source.firstKey, pageSize: 100, context: FetchContext(progress: { hear.yield($0.map(\.id)) })) }
        await transport.until { Set($0.held) == Set([1, 2, 3, 9].map(Self.item)) }
        var reports = heard.makeAsyncIterator()
        transport.answer(Self.item(2), ScriptedTransport.json(Self.item(2), Self.thread[2]!))
        #expect(await reports.next() == ["hn:2"])
        #expect(Set(transport.snapshot.held) == Set([1, 3, 9].map(Self.item)), "the story is still on the wire")
        load.cancel()
        _ = await load.result
    }

    /// A story whose fresh replies are not the ones the list saw: the stale first reply drawn
    /// before the story came (10, gone from it since) is replaced by the page, walked from the
    /// story's replies, and the next report is that walk's.
    @Test(.timeLimit(.minutes(1))) func aReplyDrawnFromAStaleHintIsReplacedByThePage() async throws {
        let reports = Mutex<[[String]]>([])
        let transport = ScriptedTransport()
        let page = try await load(
            source(transport, knownKids: [10, 2, 3]), pageSize: 100, over: transport, rounds: [[10, 2, 1, 3], [4, 5, 8, 9], [6, 7]],
            progress: { items in reports.withLock { $0.append(items.map(\.id)) } })
        #expect(reports.withLock { $0 } == [["hn:10"], ["hn:2", "hn:4"]])
        #expect(page.items.map(\.id) == Self.walk)
    }
}
