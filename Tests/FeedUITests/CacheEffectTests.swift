import FeedModel
import FeedPaging
import FeedTestSupport
@testable import FeedUI
import Testing

/// The page cache as effects: the reducer decides when the cache answers (`.readCache`), the
/// answer comes back as `.cacheRead`, fresh pages are stored with `.writeCache`. Nothing here
/// waits for a store: a read still pending is just a request in flight.
@Suite struct CacheEffectTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func state(offline: Bool = false, comments: Bool = false) -> AppState {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5),
            cache: CacheState(isEnabled: true, isOfflineOnly: offline))
        if comments { state.commentPageSize = 20 }
        return state
    }

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    /// While the first page is read from the cache, keys are reduced as ever (the help opens and
    /// closes, the spinner turns) and nothing is asked twice; the copy then draws the screen.
    @Test func keysAreAnsweredWhileTheFirstPageIsReadFromTheCache() throws {
        var store = TestStore(state())
        var pager = store.state.list.paging
        guard case let .fetch(request)? = pager.prefetch(cursor: 0, distance: 5).first else {
            Issue.record("the pager asks for nothing")
            return
        }
        let read = CacheRead(request: request, purpose: .firstScreen)
        store.send(.start(at: now), effects: [.readCache(read)]) {
            $0.now = now
            $0.list.lastLiveAt = now
            $0.list.paging = pager
            $0.loadingSince = now
        }
        store.send(.key(.character("?"), at: now + 1)) {
            $0.now = now + 1
            $0.isHelpShown = true
        }
        store.send(.key(.character("x"), at: now + 2)) {
            $0.now = now + 2
            $0.isHelpShown = false
        }
        store.send(.tick(at: now + 3)) { $0.now = now + 3 }
        #expect(render(store.state, size: size).lines.joined().contains("Loading"))
        // The copy arrives: the rows are drawn from it, and the revalidation starts.
        let effects = store.skip(.cacheRead(read, CachedCopy(page: makePage(0), fetchedAt: now - 60), at: now + 4))
        #expect(store.state.list.paging.items.count == 20)
        #expect(store.state.cacheNote == "cached 1 min ago")
        #expect(effects.first == .startOver)
        #expect(fetches(effects).map(\.generation) == [1], "the revalidation goes to the network: \(effects)")
    }

    /// A miss sends the request on to the network; from then on first-screen pages do not ask
    /// the cache (it ends where the cache did), and nothing is revalidated.
    @Test func aMissGoesToTheNetworkAndTheFirstScreenStopsAskingTheCache() throws {
        var state = state()
        let read = try #require(cacheReads(state.reduce(.start(at: now))).first)
        #expect(state.reduce(.cacheRead(read, nil, at: now)) == [.fetch(read.request)])
        #expect(state.list.paging.inFlight[read.request.id] != nil)
        let page = makePage(0)
        let effects = state.reduce(.fetched(.loaded(read.request, .success(page), latency: 0.1), at: now + 1))
        #expect(effects.first == .writeCache(page, index: 0, threadID: nil), "a fresh page is stored")
        var next: [AppEffect] = []
        for _ in 0..<16 { next += state.reduce(.key(.character("j"), at: now + 2)) }
        #expect(cacheReads(next).isEmpty)
        #expect(fetches(next).map(\.index) == [1])
    }

    /// A read whose request was given up meanwhile (the detail closed) sends nothing to the
    /// network on a miss, and its copy is not drawn.
    @Test func theAnswerForARequestGivenUpIsDropped() throws {
        var state = state(comments: true)
        let read = try #require(cacheReads(state.reduce(.start(at: now))).first)
        _ = state.reduce(.cacheRead(read, CachedCopy(page: makePage(0), fetchedAt: now - 60), at: now))
        let opened = state.reduce(.key(.enter, at: now + 1))
        let thread = try #require(cacheReads(opened).first)
        let serial = try #require(state.detail?.serial)
        let closed = state.reduce(.key(.escape, at: now + 2))
        #expect(closed.contains(.cancelComments(thread.request.id, serial: serial)))
        let missed = state.reduce(.cacheRead(thread, nil, at: now + 3))
        #expect(!missed.contains { if case .fetchComments = $0 { true } else { false } })
        // Opened again: a new detail, whose first page is asked of the cache again.
        let again = state.reduce(.key(.enter, at: now + 4))
        let second = try #require(cacheReads(again).first)
        #expect(second.pager != thread.pager)
        // The first opening's copy, late, is not drawn in the second.
        let comment = FeedItem(id: "c:1", title: "", author: "a", depth: 0)
        _ = state.reduce(.cacheRead(thread, CachedCopy(page: Page(key: thread.request.key, items: [comment], next: nil), fetchedAt: now), at: now + 5))
        #expect(state.detail?.comments?.items.isEmpty == true)
    }

    /// A final failure is not shown at once: the cache is asked for its copy (the network is
    /// down). With none, the failure is delivered as it came.
    @Test func aFailureAsksTheCacheAndIsShownWhenItHasNoCopy() throws {
        var state = state()
        let read = try #require(cacheReads(state.reduce(.start(at: now))).first)
        _ = state.reduce(.cacheRead(read, nil, at: now))
        let error = FeedError(.http(status: 503), "HTTP 503")
        let standIn = CacheRead(request: read.request, purpose: .standIn(error))
        #expect(state.reduce(.fetched(.loaded(read.request, .failure(error), latency: 0.2), at: now + 1)) == [.readCache(standIn)])
        #expect(state.list.paging.failure == nil && state.footer?.text != "✗ HTTP 503 — press r to retry")
        _ = state.reduce(.cacheRead(standIn, nil, at: now + 2))
        #expect(state.list.paging.failure == error)
        #expect(state.cacheNote == nil)
    }

    /// Offline, the cache is the only source: a thread not read before says so, and nothing is
    /// stored or asked of the network.
    @Test func offlineAThreadNotCachedSaysSo() throws {
        var state = state(offline: true, comments: true)
        let read = try #require(cacheReads(state.reduce(.start(at: now))).first)
        var page = makePage(0)
        page.next = nil
        let effects = state.reduce(.cacheRead(read, CachedCopy(page: page, fetchedAt: now - 60), at: now))
        #expect(effects.isEmpty)
        let opened = state.reduce(.key(.enter, at: now + 1))
        let serial = try #require(state.detail?.serial)
        let thread = try #require(cacheReads(opened).first)
        #expect(thread == CacheRead(request: thread.request, pager: .comments(serial: serial), threadID: "t:0", purpose: .offline))
        #expect(thread.endsWhereCacheEnds)
        #expect(!opened.contains { if case .fetchComments = $0 { true } else { false } })
        let answered = state.reduce(.cacheRead(thread, nil, at: now + 2))
        #expect(!answered.contains { if case .writeCache = $0 { true } else { false } })
        #expect(state.detail?.comments?.failure?.message == "offline: this thread was not read before")
    }

    /// A thread's fresh pages are stored under its item, and a failed one stands in from the cache.
    @Test func threadPagesAreStoredUnderTheirItem() throws {
        var state = state(comments: true)
        let read = try #require(cacheReads(state.reduce(.start(at: now))).first)
        _ = state.reduce(.cacheRead(read, nil, at: now))
        _ = state.reduce(.fetched(.loaded(read.request, .success(makePage(0)), latency: 0.1), at: now))
        let opened = state.reduceWithEmptyCache(.key(.enter, at: now + 1))
        let serial = try #require(state.detail?.serial)
        let request = try #require(opened.compactMap { effect -> PageRequest? in
            if case let .fetchComments(request, "t:0", _) = effect { request } else { nil }
        }.first)
        let comments = Page(key: request.key, items: [FeedItem(id: "c:1", title: "", author: "a", depth: 0)], next: nil)
        let effects = state.reduce(.fetched(.loaded(request, .success(comments), latency: 0.1, for: .comments(serial: serial)), at: now + 2))
        #expect(effects.first == .writeCache(comments, index: 0, threadID: "t:0"))
    }
}
