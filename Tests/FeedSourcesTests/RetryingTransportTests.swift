import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

/// Per-request retry, the per-host limiter, lanes and cancellation, driven by a scripted
/// transport and a manual clock: every wait is a barrier on their state, never a sleep.
struct RetryingTransportTests {
    static let base = "http://127.0.0.1:8080/hn/v0"

    static func story(_ id: Int) -> String {
        #"{"by":"u\#(id)","id":\#(id),"score":1,"time":1,"title":"Story \#(id)","type":"story"}"#
    }

    static func item(_ id: Int) -> String { "\(base)/item/\(id).json" }

    /// Item 7 answered 502 for its first `failures` attempts, then the story.
    static func storyAfter(failures: Int) -> ScriptedTransport {
        ScriptedTransport { url, attempt in
            attempt <= failures ? ScriptedTransport.json(url, "bad gateway", status: 502) : ScriptedTransport.json(url, Self.story(7))
        }
    }

    /// Item 7 sent in `lane` through a `RetryingTransport` over `scripted` on `clock` (at most
    /// four attempts, no jitter): the transport, and the send under way.
    static func sendItem7(
        _ scripted: ScriptedTransport, lane: FetchLane, clock: ManualClock, firstWindow: Int = 4
    ) -> (RetryingTransport, Task<HTTPResponse, any Error>) {
        let transport = RetryingTransport(scripted, policy: RetryPolicy(maxAttempts: 4), firstWindow: firstWindow, clock: clock.clock, random: { 1 })
        return (transport, Task { try await transport.send(HTTPRequest(url: URL(string: item(7))!, context: FetchContext(lane: lane))) })
    }

    /// HN over `scripted`, retried by a `RetryingTransport` on `clock`, with no jitter.
    static func source(
        _ scripted: ScriptedTransport, clock: ManualClock, width: Int, policy: RetryPolicy = RetryPolicy(maxAttempts: 4),
        firstWindow: Int = 4
    ) -> (HackerNewsSource, RetryingTransport) {
        let transport = RetryingTransport(
            scripted, policy: policy, width: width, firstWindow: firstWindow, clock: clock.clock, random: { 1 })
        return (HackerNewsSource(baseURL: URL(string: base)!, transport: transport, maxConcurrentItems: width), transport)
    }

    static func list(_ ids: [Int]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }

    @Test func siblingsAreInFlightTogetherAndKeepRankOrder() async throws {
        let ids = Array(1...8)
        let scripted = ScriptedTransport { url, _ in
            url.hasSuffix("topstories.json") ? ScriptedTransport.json(url, Self.list(ids)) : nil
        }
        // A host that has answered before: its send window is the lane's width (a new host's
        // starts at four; `aNewHostIsSentFourRequestsThenMoreAsItAnswers`).
        let (source, _) = Self.source(scripted, clock: ManualClock(), width: 8, firstWindow: 8)
        let load = Task { try await source.load(source.firstKey, pageSize: 8) }
        // All eight item requests are held at once: they were sent together, not one by one.
        await scripted.until { $0.held.count == 8 }
        for id in ids.reversed() { scripted.answer(Self.item(id), ScriptedTransport.json(Self.item(id), Self.story(id))) }
        let page = try await load.value
        #expect(page.items.map(\.id) == ids.map { "hn:\($0)" })
        #expect(scripted.snapshot.peakInFlight == 8)
        #expect(scripted.snapshot.started.count == 9)
    }

    @Test func fanOutNeverExceedsTheWidth() async throws {
        let ids = Array(1...12)
        let scripted = ScriptedTransport { url, _ in
            url.hasSuffix("topstories.json") ? ScriptedTransport.json(url, Self.list(ids)) : nil
        }
        let (source, _) = Self.source(scripted, clock: ManualClock(), width: 4)
        let load = Task { try await source.load(source.firstKey, pageSize: 12) }
        // Each round waits until the fan-out has filled its width (as far as items are left) and
        // then answers the oldest request held: the count is read once the fan-out has settled,
        // not while the answer before is still letting the next request go (which made the peak
        // 3 in a run where nothing else competed for the threads).
        for answered in ids.indices {
            await scripted.until { $0.held.count >= min(4, ids.count - answered) }
            let held = scripted.snapshot.held
            #expect(held.count <= 4)
            let url = try #require(held.first)
            let id = try #require(ids.first { Self.item($0) == url })
            scripted.answer(url, ScriptedTransport.json(url, Self.story(id)))
        }
        let page = try await load.value
        #expect(page.items.count == 12)
        #expect(scripted.snapshot.peakInFlight == 4 + 0)
    }

    /// A new host is sent four of a page's item requests; each answer lets one more go and
    /// grows the window a quarter, so after four answers (the list's and three items') five
    /// are in flight.
    @Test func aNewHostIsSentFourRequestsThenMoreAsItAnswers() async throws {
        let ids = Array(1...10)
        let scripted = ScriptedTransport { url, _ in
            url.hasSuffix("topstories.json") ? ScriptedTransport.json(url, Self.list(ids)) : nil
        }
        let (source, transport) = Self.source(scripted, clock: ManualClock(), width: 8)
        let window = { transport.limiter(for: URL(string: Self.base)!).pace.window }
        let load = Task { try await source.load(source.firstKey, pageSize: 10) }
        await scripted.until { $0.held.count == 4 }
        // (As a set: the four are sent together, and the tasks the fan-out starts together
        // reach the host in any order.)
        #expect(Set(scripted.snapshot.held) == Set((1...4).map(Self.item)))
        #expect(window().size == 4.25, "the list's answer")
        // The first two items' answers each free one place: one more request each.
        for id in 1...2 {
            scripted.answer(Self.item(id), ScriptedTransport.json(Self.item(id), Self.story(id)))
            await scripted.until { $0.held.contains(Self.item(id + 4)) }
            #expect(scripted.snapshot.held.count == 4)
        }
        // The third makes the window five: two go.
        scripted.answer(Self.item(3), ScriptedTransport.json(Self.item(3), Self.story(3)))
        await scripted.until { $0.held.count == 5 }
        #expect(window().size == 5)
        #expect(Set(scripted.snapshot.held) == Set((4...8).map(Self.item)))
        scripted.answer(Self.item(4), ScriptedTransport.json(Self.item(4), Self.story(4)))
        await scripted.until { $0.held.contains(Self.item(9)) }
        #expect(scripted.snapshot.held.count == 5)
        for id in 5...10 {
            await scripted.until { $0.held.contains(Self.item(id)) }
            scripted.answer(Self.item(id), ScriptedTransport.json(Self.item(id), Self.story(id)))
        }
        let page = try await load.value
        #expect(page.items.map(\.id) == ids.map { "hn:\($0)" })
        #expect(scripted.snapshot.peakInFlight == 5)
    }

    /// Issue 23: a row's retry keeps its place in the host's window while it waits out its
    /// backoff. Item 1 fails (a 502) with four in flight and four waiting; the place its answer
    /// frees is kept (before the answer frees it: a waiting item would take it at once),
    /// so item 5 waits, and when item 2's answer frees another, item 5 takes that one: the
    /// retry then starts at once. Before, items 5 and 6 took both places and the retry waited
    /// for one of them to answer (under the fault mix up to a round trip, a first-screen row last).
    @Test func aRowsRetryKeepsItsPlaceInTheWindowThroughItsBackoff() async throws {
        let ids = Array(1...8)
        let scripted = ScriptedTransport { url, attempt in
            if url.hasSuffix("topstories.json") { return ScriptedTransport.json(url, Self.list(ids)) }
            return nil
        }
        let clock = ManualClock()
        let (source, transport) = Self.source(scripted, clock: clock, width: 8)
        let pace = transport.limiter(for: URL(string: Self.base)!).pace
        let load = Task { try await source.load(source.firstKey, pageSize: 8) }
        await pace.until(.arrived, 1 + 8)  // the list and the eight items: 1 to 4 sent, 5 to 8 waiting
        await scripted.until { $0.held.count == 4 }
        scripted.answer(Self.item(1), ScriptedTransport.json(Self.item(1), "bad gateway", status: 502))
        await pace.until(.finished, 2)  // the list, then item 1's 502
        await clock.untilSleeping(1)  // item 1's backoff (a list row's: a fifth of 0.5 s, random is 1)
        await scripted.until { Set((2...4).map(Self.item)).isSubset(of: $0.held) }
        #expect(pace.waiting == 4, "items 5 to 8 wait: the place item 1's answer freed is kept for its retry")
        scripted.answer(Self.item(2), ScriptedTransport.json(Self.item(2), Self.story(2)))
        await pace.until(.finished, 3)
        await scripted.until { $0.held.contains(Self.item(5)) }
        clock.advance(by: 0.1)
        await pace.until(.arrived, 1 + 8 + 1)  // the list, the eight items, item 1's retry
        await scripted.until { $0.held.count == 4 }
        #expect(Set(scripted.snapshot.held) == Set([1, 3, 4, 5].map(Self.item)), "the retry started at once, before item 6")
        // The rest answered in the order they are held: items 3 to 8 and item 1's retry.
        for _ in 1...7 {
            await scripted.until { !$0.held.isEmpty }
            let url = scripted.snapshot.held[0]
            let id = Int(url.split(separator: "/").last!.dropLast(5))!
            scripted.answer(url, ScriptedTransport.json(url, Self.story(id)))
        }
        let page = try await load.value
        #expect(page.items.map(\.id) == ids.map { "hn:\($0)" })
        #expect(scripted.snapshot.started.filter { $0 == Self.item(1) }.count == 2)
        #expect(clock.slept == [0.1])
    }

    @Test(arguments: [
        (200, nil, HostPace.Outcome.answered), (404, nil, .answered), (500, nil, .answered), (502, nil, .answered),
        (503, nil, .overloaded), (429, FeedError.Kind.rateLimited, .refused), (403, .rateLimited, .refused),
        (200, .decoding, .answered),
    ])
    func whatAnAttemptTellsTheWindow(status: Int, error: FeedError.Kind?, expected: HostPace.Outcome) {
        let response = HTTPResponse(status: status, headers: [:], body: Data(), url: URL(string: Self.item(1))!)
        let result: Result<Int, FeedError> = error.map { .failure(FeedError($0, "x")) } ?? .success(1)
        #expect(RetryingTransport.outcome(response: response, result: result) == expected)
    }

    @Test func anAttemptWithNoAnswerFreesItsPlaceWithoutGrowingTheWindow() {
        let result: Result<Int, FeedError> = .failure(FeedError(.timeout, "timed out"))
        #expect(RetryingTransport.outcome(response: nil, result: result) == .unanswered)
    }

    @Test func aFailedItemIsRetriedAloneWithExactRequestCounts() async throws {
        let ids = Array(1...6)
        let scripted = ScriptedTransport { url, attempt in
            if url.hasSuffix("topstories.json") { return ScriptedTransport.json(url, Self.list(ids)) }
            if url == Self.item(3) && attempt == 1 { return ScriptedTransport.json(url, "oops", status: 503) }
            if url == Self.item(5) && attempt == 1 { return ScriptedTransport.json(url, #"{"id":5,"title":"#) }  // truncated
            let id = Int(url.split(separator: "/").last!.dropLast(5))!
            return ScriptedTransport.json(url, Self.story(id))
        }
        let clock = ManualClock()
        let (source, _) = Self.source(scripted, clock: clock, width: 8)
        let load = Task { try await source.load(source.firstKey, pageSize: 6) }
        await clock.untilSleeping(2)
        clock.advance(by: 0.1)  // random = 1: a list row's first backoff is a fifth of the 0.5 s ceiling
        let page = try await load.value
        #expect(page.items.map(\.id) == ids.map { "hn:\($0)" })
        let started = scripted.snapshot.started
        #expect(started.count == 1 + 6 + 2)
        #expect(started.filter { $0 == Self.item(3) }.count == 2)
        #expect(started.filter { $0 == Self.item(5) }.count == 2)
        for id in [1, 2, 4, 6] { #expect(started.filter { $0 == Self.item(id) }.count == 1) }
        #expect(clock.slept == [0.1, 0.1])
    }

    /// GitHub decodes its page inside the exchange, so a garbled body is retried, not the end of the feed.
    @Test func aGarbledGitHubPageIsRetried() async throws {
        let repo = #"{"id":42,"name":"x","full_name":"someone/x","owner":{"login":"someone"},"html_url":"https://github.com/someone/x","stargazers_count":3}"#
        let scripted = ScriptedTransport { url, attempt in
            attempt == 1 ? ScriptedTransport.json(url, #"{"total_count":1,"items":[{"id""#)
                : ScriptedTransport.json(url, #"{"total_count":1,"incomplete_results":false,"items":["# + repo + "]}")
        }
        // No backoff (base 0): without the retry the load fails at once instead of waiting on the clock.
        let transport = RetryingTransport(scripted, policy: RetryPolicy(maxAttempts: 4, base: 0), width: 4, clock: ManualClock().clock, random: { 1 })
        let source = GitHubSearchSource(query: "swift", baseURL: URL(string: "http://127.0.0.1:8080/github")!, transport: transport)
        let page = try await source.load(source.firstKey, pageSize: 30)
        #expect(page.items.map(\.title) == ["someone/x"])
        #expect(scripted.snapshot.started.count == 2)
    }

    /// Stack Exchange decodes its page inside the exchange too: a truncated body is sent again.
    @Test func aTruncatedStackExchangePageIsRetried() async throws {
        let question = #"{"tags":[],"owner":{"display_name":"someone"},"answer_count":0,"score":1,"creation_date":1603030000,"question_id":7,"link":"https://stackoverflow.com/questions/7","title":"Q"}"#
        let scripted = ScriptedTransport { url, attempt in
            attempt == 1 ? ScriptedTransport.json(url, #"{"items":[{"tags":["#)
                : ScriptedTransport.json(url, #"{"items":["# + question + #"],"has_more":false}"#)
        }
        let transport = RetryingTransport(scripted, policy: RetryPolicy(maxAttempts: 4, base: 0), width: 4, clock: ManualClock().clock, random: { 1 })
        let source = StackExchangeSource(baseURL: URL(string: "http://127.0.0.1:8080/stackexchange/2.3")!, transport: transport)
        let page = try await source.load(source.firstKey, pageSize: 30)
        #expect(page.items.map(\.title) == ["Q"])
        #expect(scripted.snapshot.started.count == 2)
    }

    @Test func aRequestFailingForGoodFailsThePageAndSaysSo() async throws {
        let scripted = ScriptedTransport { url, _ in
            if url.hasSuffix("topstories.json") { return ScriptedTransport.json(url, "[1,2]") }
            if url == Self.item(2) { return ScriptedTransport.json(url, "down", status: 502) }
            return ScriptedTransport.json(url, Self.story(1))
        }
        let clock = ManualClock()
        let (source, _) = Self.source(scripted, clock: clock, width: 8, policy: RetryPolicy(maxAttempts: 3))
        let load = Task { await loadError(source, source.firstKey, pageSize: 2) }
        await clock.untilSleeping(1)
        clock.advance(by: 0.5)
        await clock.untilSleeping(1)
        clock.advance(by: 1)
        let error = try #require(await load.value)
        #expect(error.kind == .http(status: 502))
        #expect(error.message == "hn: HTTP 502 (down) after 3 attempts")
        #expect(!error.isRetryable)
        #expect(scripted.snapshot.started.filter { $0 == Self.item(2) }.count == 3)
        #expect(scripted.snapshot.started.filter { $0 == Self.item(1) }.count == 1)
    }

    /// One 429 with `Retry-After: 5` pauses every request to the host, not just its own, and
    /// teaches the host's pace: after the pause, its starts are spaced.
    @Test func rateLimitPausesEveryRequestOfTheSource() async throws {
        let ids = Array(1...4)
        let scripted = ScriptedTransport { url, _ in
            url.hasSuffix("topstories.json") ? ScriptedTransport.json(url, Self.list(ids)) : nil
        }
        let clock = ManualClock()
        let (source, transport) = Self.source(scripted, clock: clock, width: 2)
        let load = Task { try await source.load(source.firstKey, pageSize: 4) }
        await scripted.until { $0.held.count == 2 }
        scripted.answer(Self.item(1), ScriptedTransport.json(Self.item(1), #"{"error":"slow down"}"#, status: 429, headers: ["retry-after": "5"]))
        scripted.answer(Self.item(2), ScriptedTransport.json(Self.item(2), Self.story(2)))
        // Item 1 waits out the pause in its place in line, and item 3, which got item 2's
        // slot, waits behind it: one pacer sleeps the pause out for both.
        let pace = transport.limiter(for: URL(string: Self.base)!).pace
        await pace.until(.waiting, 2)
        await clock.untilSleeping(1)
        #expect(scripted.snapshot.started.count == 3)
        #expect(scripted.snapshot.held.isEmpty)
        clock.advance(by: 4.9)
        #expect(scripted.snapshot.started.count == 3)
        clock.advance(by: 0.1)
        // The pace was learned from the starts before the refused one in its second (the list
        // and maybe item 2, whichever the fan-out started first): one start now, one a pace later.
        let interval = try #require(pace.interval)
        #expect(interval == 1.1 || interval == 0.55)
        #expect(pace.refusals == 1)
        await scripted.until { $0.held.count == 1 }
        await clock.untilSleeping(1)
        #expect(scripted.snapshot.held == [Self.item(1)], "the refused item, asked for first, goes first")
        clock.advance(by: interval)
        await scripted.until { $0.held.count == 2 }
        for id in [1, 3] { scripted.answer(Self.item(id), ScriptedTransport.json(Self.item(id), Self.story(id))) }
        // Item 4 keeps the pace too.
        await clock.untilSleeping(1)
        #expect(scripted.snapshot.held.isEmpty)
        clock.advance(by: interval)
        await scripted.until { $0.held.count == 1 }
        scripted.answer(Self.item(4), ScriptedTransport.json(Self.item(4), Self.story(4)))
        let page = try await load.value
        #expect(page.items.map(\.id) == ids.map { "hn:\($0)" })
        #expect(scripted.snapshot.started.count == 1 + 4 + 1)
        #expect(clock.slept.allSatisfy { $0 <= 5 })
    }

    /// A success that says the quota is spent (`X-RateLimit-Remaining: 0`) holds the host until
    /// the reset: the next request waits instead of being refused.
    @Test func aSpentQuotaHoldsTheHostUntilItsReset() async throws {
        let scripted = ScriptedTransport { url, attempt in
            attempt == 1 && url.hasSuffix("/1.json")
                ? ScriptedTransport.json(url, "{}", headers: ["x-ratelimit-remaining": "0", "x-ratelimit-reset": "3"])
                : ScriptedTransport.json(url, "{}")
        }
        let clock = ManualClock()
        let transport = RetryingTransport(scripted, width: 2, clock: clock.clock, random: { 1 })
        _ = try await transport.send(HTTPRequest(url: URL(string: Self.item(1))!))
        let second = Task { try await transport.send(HTTPRequest(url: URL(string: Self.item(2))!)) }
        await clock.untilSleeping(1)
        #expect(scripted.snapshot.started.count == 1)
        clock.advance(by: 3)
        #expect(try await second.value.status == 200)
        #expect(clock.slept == [3])
        #expect(scripted.snapshot.started.count == 2)
    }

    /// A zero wait is clamped to the shortest pause; a value that is not delta-seconds (`-5`,
    /// `0x10`, RFC 9110) is no server wait at all: the policy's own backoff applies. Neither
    /// makes the client hammer.
    @Test(arguments: [("0", 1.0), ("-5", 0.5), ("0x10", 0.5)])
    func aBadRetryAfterIsNeverAHammer(value: String, expected: Double) async throws {
        let scripted = ScriptedTransport { url, attempt in
            attempt == 1
                ? ScriptedTransport.json(url, "{}", status: 429, headers: ["retry-after": value])
                : ScriptedTransport.json(url, "[]")
        }
        let clock = ManualClock()
        let transport = RetryingTransport(scripted, width: 2, clock: clock.clock, random: { 1 })
        let url = URL(string: "\(Self.base)/topstories.json")!
        let load = Task { try await transport.fetchJSON([Int].self, from: url, api: "hn", context: FetchContext()).0 }
        await clock.untilSleeping(1)
        #expect(scripted.snapshot.started.count == 1)
        clock.advance(by: expected)
        #expect(try await load.value == [])
        #expect(clock.slept == [expected])
    }

    /// Issue 24: every answer a 429 with `Retry-After: 120` kept one request waiting an hour
    /// (30 waits), whatever `--timeout` said. Past its wait budget it fails, in one line.
    @Test func rateLimitWaitsStopAtTheRequestsBudget() async throws {
        let scripted = ScriptedTransport { url, _ in
            ScriptedTransport.json(url, #"{"error":"slow down"}"#, status: 429, headers: ["retry-after": "120"])
        }
        let clock = ManualClock()
        let transport = RetryingTransport(scripted, width: 2, maxWaitSeconds: 300, clock: clock.clock, random: { 1 })
        let url = URL(string: "\(Self.base)/topstories.json")!
        let load = Task { try await transport.fetchJSON([Int].self, from: url, api: "hn", context: FetchContext()).0 }
        for _ in 1...2 {
            await clock.untilSleeping(1)
            clock.advance(by: 120)
        }
        let result = await load.result
        guard case let .failure(failure) = result, let error = failure as? FeedError else {
            Issue.record("a request told to wait for ever did not fail with a FeedError")
            return
        }
        #expect(error.kind == .rateLimited && !error.isRetryable)
        #expect(error.message == "hn: HTTP 429 (slow down) (told to wait 120.0 s more after 240.0 s of waiting; gave up)")
        #expect(clock.slept == [120, 120])
        #expect(scripted.snapshot.started.count == 3)
    }

    /// Cancelling a load closes its requests in flight and starts none after, including the
    /// retry that was waiting for its backoff.
    @Test func aCancelledLoadStartsNoRequest() async throws {
        let ids = Array(1...6)
        let scripted = ScriptedTransport { url, attempt in
            if url.hasSuffix("topstories.json") { return ScriptedTransport.json(url, Self.list(ids)) }
            if url == Self.item(1) && attempt == 1 { return ScriptedTransport.json(url, "", status: 500) }
            return nil
        }
        let clock = ManualClock()
        let (source, _) = Self.source(scripted, clock: clock, width: 3)
        let load = Task { await loadError(source, source.firstKey, pageSize: 6) }
        await scripted.until { $0.held.count == 2 }
        await clock.untilSleeping(1)
        let before = scripted.snapshot.started.count
        load.cancel()
        let error = await load.value
        #expect(error?.kind == .cancelled)
        #expect(scripted.snapshot.cancelled == 2)
        clock.advance(by: 60)
        #expect(scripted.snapshot.started.count == before)
        #expect(scripted.snapshot.inFlight == 0)
    }

    /// A detail's requests have their own lane: they start at once while the list's hang.
    @Test func aDetailRequestStartsWhileListRequestsHang() async throws {
        let scripted = ScriptedTransport()
        let transport = RetryingTransport(scripted, width: 2, clock: ManualClock().clock)
        let listURLs = (1...4).map { URL(string: Self.item($0))! }
        let list = Task {
            try await FanOut.map(listURLs, width: 4) { url throws(FeedError) in try await transport.send(HTTPRequest(url: url)) }
        }
        await scripted.until { $0.held.count == 2 }
        let detailURL = URL(string: Self.item(99))!
        let detail = Task {
            try await transport.send(HTTPRequest(url: detailURL, context: FetchContext(lane: .detail)))
        }
        await scripted.until { $0.held.contains(Self.item(99)) }
        #expect(scripted.snapshot.held.count == 3)
        scripted.answer(Self.item(99), ScriptedTransport.json(Self.item(99), "{}"))
        #expect(try await detail.value.status == 200)
        list.cancel()
        _ = await list.result
        #expect(scripted.snapshot.started.count == 3)
    }

    /// Issue 23 (c): the reader waits on the open detail's requests (Enter → first comment) and
    /// on the list's wanted pages (the first screen), so a failed one is tried again after a
    /// fifth of the backoff a prefetch or picture request waits (its place, its lane and the
    /// host's pace still hold it, so the host sees no burst).
    @Test(arguments: [(FetchLane.detail, [0.1, 0.2]), (.list, [0.1, 0.2]), (.prefetch, [0.5, 1.0]), (.pictures, [0.5, 1.0])])
    func aRequestTheReaderWaitsForBacksOffLess(lane: FetchLane, expected: [Double]) async throws {
        let scripted = Self.storyAfter(failures: 2)
        let clock = ManualClock()
        let (_, sent) = Self.sendItem7(scripted, lane: lane, clock: clock)
        for count in expected.indices {
            await clock.untilSleeping(1)
            #expect(clock.slept.count == count + 1)
            clock.advance(by: clock.slept.last ?? 0)
        }
        #expect(try await sent.value.status == 200)
        #expect(clock.slept == expected)
    }

    /// RFC 9110 §10.2.3: a `Retry-After` in delta-seconds counts from when the response was
    /// received. A 429 answered 0.9 s after its request started, with `Retry-After: 1`, holds the
    /// host a whole second from the answer: counted from the start (as `f2a4210` did, because
    /// the replica then answered its refusals after the backend's latency), the retry went 0.1 s
    /// after the answer and, against a server that refuses at once, came back before it asked.
    @Test func aRetryAfterIsCountedFromTheAnswer() async throws {
        let url = Self.item(7)
        let scripted = ScriptedTransport { _, _ in nil }
        let clock = ManualClock()
        let retries = Mutex<[Double]>([])
        let transport = RetryingTransport(scripted, width: 2, clock: clock.clock, random: { 1 })
        var context = FetchContext()
        context.onRetry = { _, delay, _ in retries.withLock { $0.append(delay) } }
        let sent = Task { [context] in try await transport.send(HTTPRequest(url: URL(string: url)!, context: context)) }
        await scripted.until { $0.held.count == 1 }
        clock.advance(by: 0.9)
        scripted.answer(url, ScriptedTransport.json(url, #"{"error":"Too many requests"}"#, status: 429, headers: ["retry-after": "1"]))
        await clock.untilSleeping(1)
        let hold = try #require(clock.slept.last)
        #expect(retries.withLock { $0 } == [1.0])
        guard abs(hold - 1.0) < 1e-6 else {
            Issue.record("the hold is a second from the answer, not \(hold) s")
            sent.cancel()
            return
        }
        #expect(scripted.snapshot.started.count == 1)
        clock.advance(by: hold)  // 1.9 s from the start: past the learned pace (1.1 s) too
        await scripted.until { $0.held.count == 1 }
        scripted.answer(url, ScriptedTransport.json(url, Self.story(7)))
        #expect(try await sent.value.status == 200)
        #expect(scripted.snapshot.started.count == 2)
    }

    /// A reset header keeps its own meaning: Reddit's `x-ratelimit-reset` is the seconds until
    /// the window resets, counted from the answer that carries it, however long the request
    /// took; GitHub's is an epoch instant, measured against the answer's `Date`.
    @Test(arguments: [("2", 2.0), ("1700000003", 3.0)])
    func aResetHeaderHoldsTheHostUntilTheResetItNames(reset: String, expected: Double) async throws {
        let url = Self.item(7)
        let scripted = ScriptedTransport { _, _ in nil }
        let clock = ManualClock()
        let transport = RetryingTransport(scripted, width: 2, clock: clock.clock, random: { 1 })
        let sent = Task { try await transport.send(HTTPRequest(url: URL(string: url)!)) }
        await scripted.until { $0.held.count == 1 }
        clock.advance(by: 0.9)
        scripted.answer(url, ScriptedTransport.json(url, #"{"error":"slow down"}"#, status: 429, headers: [
            "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset, "date": "Tue, 14 Nov 2023 22:13:20 GMT",
        ]))
        await clock.untilSleeping(1)
        let hold = try #require(clock.slept.last)
        #expect(abs(hold - expected) < 1e-6, "held until the reset: \(hold)")
        #expect(scripted.snapshot.started.count == 1)
        clock.advance(by: hold)
        await scripted.until { $0.held.count == 1 }
        scripted.answer(url, ScriptedTransport.json(url, Self.story(7)))
        #expect(try await sent.value.status == 200)
        #expect(scripted.snapshot.started.count == 2)
    }
}
