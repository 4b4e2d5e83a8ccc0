import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

@testable import FeedUI

/// Issue 23: footers and the status line say what is happening where it happens; offline says
/// offline; positions and numbers read alike; counts, thread back, latency and links.
@Suite struct WorkWhereItIsTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 100, rows: 24)
    let limited = FeedError(.rateLimited, "HTTP 429 Too Many Requests")

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    /// Pages of 20; the feed ends after page `last`.
    func page(_ request: PageRequest, last: Int) -> Page { makePage(request.index, last: last) }

    func deliverAll(_ state: inout AppState, _ effects: [AppEffect], last: Int = 100) {
        var pending = fetches(effects)
        while !pending.isEmpty {
            let request = pending.removeFirst()
            pending += fetches(state.reduce(.fetched(.loaded(request, .success(page(request, last: last)), latency: 0.05), at: now)))
        }
    }

    func started(maxPages: Int? = nil, last: Int = 100, cache: CacheState = CacheState()) -> AppState {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20, maxPages: maxPages), size: size,
            prefetch: .fixed(20), cache: cache)
        deliverAll(&state, state.reduce(.start(at: now)), last: last)
        return state
    }

    func status(_ state: AppState) -> String { render(state, size: state.size).trimmedLines.last ?? "" }
    func screen(_ state: AppState) -> [String] { render(state, size: state.size).trimmedLines }

    // MARK: - Footers and status where the work is

    @Test func aRefreshSaysRefreshingWithItsRetriesOnTheStatusLine() throws {
        var state = started()
        let effects = state.reduce(.key(.character("R"), at: now))
        let refresh = try #require(fetches(effects).first)
        #expect(status(state).contains("refreshing…"))
        _ = state.reduce(.fetched(.retrying(refresh, attempt: 2, delay: 1.5, error: limited), at: now))
        #expect(state.list.retrying?.place == .refresh)
        #expect(status(state).contains("refreshing… · HTTP 429 Too Many Requests — retrying in 1.5s (attempt 2)"))
        _ = state.reduce(.tick(at: now + 1))
        #expect(status(state).contains("retrying in 0.5s (attempt 2)"))
        // Not in the footer: the end of the list is not where the refresh happens.
        #expect(state.footer?.text.contains("HTTP 429") != true)
        _ = state.reduce(.fetched(.loaded(refresh, .success(makePage(0)), latency: 0.1), at: now + 2))
        #expect(!status(state).contains("refreshing"))
    }

    @Test func theEndFooterStaysTheEndWhileAPageAboveIsRetried() throws {
        // Five pages of 20 (the last is 4), three held at most: G, then back up.
        var state = started(maxPages: 3, last: 4)
        for _ in 0..<120 { deliverAll(&state, state.reduce(.key(.character("j"), at: now)), last: 4) }
        #expect(state.list.paging.isAtEnd)
        #expect(state.list.paging.rowsAbove > 0)
        // Up until the page above is asked for.
        var request: PageRequest?
        for _ in 0..<100 where request == nil {
            request = fetches(state.reduce(.key(.character("k"), at: now))).first
        }
        let above = try #require(request)
        #expect(above.index < (state.list.paging.applier.pageRange?.lowerBound ?? 0))
        #expect(status(state).contains("loading above…"))
        _ = state.reduce(.fetched(.retrying(above, attempt: 3, delay: 0.4, error: limited), at: now))
        #expect(state.list.retrying?.place == .above)
        #expect(state.footer?.text == "— end of feed · 100 items —")
        #expect(status(state).contains("loading above… · HTTP 429 Too Many Requests — retrying in 0.4s (attempt 3)"))
        // It fails for good: the end is still the end; the status line says what failed above.
        _ = state.reduce(.fetched(.loaded(above, .failure(limited), latency: 1), at: now + 1))
        #expect(state.footer?.text == "— end of feed · 100 items —")
        #expect(status(state).contains("✗ above: HTTP 429 Too Many Requests · press r to retry"))
    }

    @Test func aRetryOfTheNextPageStaysInTheFooter() throws {
        var state = started(last: 100)
        var request: PageRequest?
        for _ in 0..<100 where request == nil {
            request = fetches(state.reduce(.key(.character("j"), at: now))).first
        }
        let next = try #require(request)
        _ = state.reduce(.fetched(.retrying(next, attempt: 2, delay: 2, error: limited), at: now))
        #expect(state.list.retrying?.place == .below)
        #expect(state.footer?.text.hasSuffix("HTTP 429 Too Many Requests — retrying in 2.0s (attempt 2)") == true)
        #expect(state.workNote.isEmpty)
    }

    @Test func aDetailsCommentRetriesShowReasonAndCountdown() throws {
        var state = started()
        state.commentPageSize = 5
        let open = state.reduce(.key(.enter, at: now))
        guard case let .fetchComments(request, _, serial)? = open.first(where: { if case .fetchComments = $0 { true } else { false } }) else {
            Issue.record("no comment fetch: \(open)")
            return
        }
        _ = state.reduce(.fetched(.retrying(request, attempt: 3, delay: 0.8, error: limited, for: .comments(serial: serial)), at: now))
        #expect(state.commentFooter?.text.hasSuffix("HTTP 429 Too Many Requests — retrying in 0.8s (attempt 3)") == true)
        #expect(screen(state).contains { $0.contains("HTTP 429 Too Many Requests — retrying in 0.8s (attempt 3)") })
        #expect(state.isAnimating)
        _ = state.reduce(.fetched(.loaded(request, .success(Page(key: request.key, items: [], next: nil)), latency: 1,
                                          for: .comments(serial: serial)), at: now + 1))
        #expect(state.detail?.retrying == nil)
        #expect(state.commentFooter?.text == "— no comments —")
    }

    // MARK: - Offline

    @Test func offlineGFollowsTheCachedPagesToTheLastAndSaysSo() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5),
            cache: CacheState(isEnabled: true, isOfflineOnly: true))
        // Offline, every page is asked of the cache, never of the network.
        var pending = cacheReads(state.reduce(.start(at: now)))
        #expect(pending.map(\.purpose) == [.offline])
        // The cache holds pages 0…3 (with a total the feed could jump by, were it online).
        func answer(_ read: CacheRead) -> [CacheRead] {
            let index = read.request.index
            let page = Page(key: read.request.key, items: makeItems((index * 20)..<(index * 20 + 20)),
                            next: index < 3 ? .page(index + 1) : nil, total: 500)
            let effects = state.reduce(.cacheRead(read, CachedCopy(page: page, fetchedAt: now - 60), at: now))
            #expect(fetches(effects).isEmpty)
            return cacheReads(effects)
        }
        pending = answer(pending.removeFirst()) + pending
        #expect(state.list.paging.canJump)
        let effects = state.reduce(.key(.character("G"), at: now))
        // No jump to row 500: its page is not cached. The cursor follows the cached pages instead.
        #expect(cacheReads(effects).allSatisfy { $0.request.index == 1 })
        #expect(state.notice == "G: going to the last cached item (offline)")
        pending += cacheReads(effects)
        while !pending.isEmpty { pending = answer(pending.removeFirst()) + pending }
        #expect(state.list.paging.isAtEnd)
        #expect(state.list.viewport.cursor == 79)
        #expect(state.notice == "G: the last cached item (offline)")
        #expect(status(state).contains("80/80"))
        #expect(state.footer?.text == "— end of the cached pages · 80 items (offline) —")
        // :N past the cache goes as far as it and says why.
        _ = state.reduce(.key(.character("g"), at: now))
        for key in "300" { _ = state.reduce(.key(.character(key), at: now)) }
        #expect(fetches(state.reduce(.key(.enter, at: now))).isEmpty)
        #expect(state.notice == "300 not loaded (offline: not cached)")
    }

    @Test func offlineFailuresDoNotOfferARetryThatCannotWork() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5),
            cache: CacheState(isEnabled: true, isOfflineOnly: true))
        let first = try #require(cacheReads(state.reduce(.start(at: now))).first)
        // Nothing cached: the reducer ends the offline feed itself, nothing goes to the network.
        #expect(state.reduce(.cacheRead(first, nil, at: now)) == [])
        #expect(state.list.paging.failure?.message == "offline: nothing cached for t")
        #expect(screen(state).contains { $0.contains("not in the cache (offline): q quits") })
        #expect(!screen(state).contains { $0.contains("press r") })
        var online = started(last: 100)
        var request: PageRequest?
        for _ in 0..<100 where request == nil { request = fetches(online.reduce(.key(.character("j"), at: now))).first }
        guard let next = request else { return }
        _ = online.reduce(.fetched(.loaded(next, .failure(limited), latency: 0), at: now))
        #expect(online.footer?.text == "✗ HTTP 429 Too Many Requests — press r to retry")
    }

    // MARK: - Positions and numbers

    @Test func positionsAndTotalsAreGroupedAlike() {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
        guard let first = fetches(state.reduce(.start(at: now))).first else { return }
        _ = state.reduce(.fetched(.loaded(first, .success(Page(key: .page(0), items: makeItems(0..<20), next: .page(1), total: 49_471)), latency: 0), at: now))
        #expect(status(state).contains("1/20 of 49,471"))
        #expect(Int(1_020).grouped == "1,020")
        #expect(Int(999).grouped == "999")
        #expect(Int(1_000_000).grouped == "1,000,000")
    }

    @Test(arguments: [
        (0.014, "14 ms"), (0.9994, "999 ms"), (0.9996, "1.0 s"), (14.821, "14.8 s"), (59.96, "1 m 0 s"), (65.2, "1 m 5 s"),
    ])
    func latencyReadsInSecondsFromOne(seconds: Double, shown: String) {
        #expect(formatLatency(seconds) == shown)
    }

    @Test func theStatusLineShowsSlowLatencyInSeconds() {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
        guard let first = fetches(state.reduce(.start(at: now))).first else { return }
        _ = state.reduce(.fetched(.loaded(first, .success(makePage(0)), latency: 14.821), at: now))
        #expect(status(state).contains("14.8 s"))
        #expect(!status(state).contains("14821"))
    }

    // MARK: - Small things

    @Test func aCountBeforeAMovementKeyMovesThatManyTimes() {
        var state = started()
        for key in "3j" { _ = state.reduce(.key(.character(key), at: now)) }
        #expect(state.list.viewport.cursor == 3)
        for key in "2k" { _ = state.reduce(.key(.character(key), at: now)) }
        #expect(state.list.viewport.cursor == 1)
        #expect(state.list.goTo == nil)
        // Still a position with g and Enter.
        for key in "12g" { _ = state.reduce(.key(.character(key), at: now)) }
        #expect(state.list.viewport.cursor == 11)
        let capacity = state.list.viewport.capacity
        _ = state.reduce(.key(.character("g"), at: now))
        _ = state.reduce(.key(.character("2"), at: now))
        _ = state.reduce(.key(.pageDown, at: now))
        #expect(state.list.viewport.cursor == 2 * capacity)
    }

    @Test func backFromAThreadOpenedByIDLandsOnItsStory() throws {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5))
        state.commentPageSize = 5
        let list = try #require(fetches(state.reduce(.start(at: now))).first)
        _ = state.reduce(.openThread(itemID: "t:7"))
        #expect(state.detail?.item.id == "t:7")
        // The list loads behind the thread.
        _ = state.reduce(.fetched(.loaded(list, .success(makePage(0)), latency: 0), at: now))
        _ = state.reduce(.key(.escape, at: now))
        #expect(state.detail == nil)
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:7")
        #expect(status(state).contains("8/20"))
    }

    @Test func backBeforeTheListArrivesLandsOnTheStoryWhenItDoes() throws {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5))
        state.commentPageSize = 5
        let list = try #require(fetches(state.reduce(.start(at: now))).first)
        _ = state.reduce(.openThread(itemID: "t:12"))
        _ = state.reduce(.key(.escape, at: now))
        _ = state.reduce(.fetched(.loaded(list, .success(makePage(0)), latency: 0), at: now))
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:12")
    }

    @Test func aThreadOpenedFromTheListGoesBackToItsRow() throws {
        var state = started()
        state.commentPageSize = 5
        _ = state.reduce(.key(.character("j"), at: now))
        _ = state.reduce(.key(.enter, at: now))
        _ = state.reduce(.key(.escape, at: now))
        #expect(state.list.viewport.cursor == 1)
        #expect(state.list.cursorTarget == nil)
    }

    @Test(arguments: [
        ("https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC", "https://ja.wikipedia.org/wiki/東京"),
        ("https://x.org/caf%C3%A9?q=%41%62", "https://x.org/café?q=Ab"),
        // Escapes that mean something in a URL, or hide something, stay as written.
        ("https://x.org/a%2Fb%3Fc%25d%20e", "https://x.org/a%2Fb%3Fc%25d%20e"),
        ("https://x.org/%E2%80%AEevil", "https://x.org/%E2%80%AEevil"),
        ("https://x.org/%1B%5B2J", "https://x.org/%1B%5B2J"),
        // Not UTF-8, or cut short: left alone.
        ("https://x.org/%FF%FE", "https://x.org/%FF%FE"),
        ("https://x.org/%E6%9D", "https://x.org/%E6%9D"),
        ("https://x.org/100%", "https://x.org/100%"),
        ("https://x.org/%zz", "https://x.org/%zz"),
    ])
    func linksAreShownDecodedWhereDecodingHidesNothing(link: String, shown: String) {
        #expect(LinkText.display(link) == shown)
    }

    @Test func copyAndTheDetailShowTheDecodedLinkAndCopyTheRawOne() {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size)
        guard let first = fetches(state.reduce(.start(at: now))).first else { return }
        var item = FeedItem(id: "t:0", title: "Tokyo")
        item.url = "https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC"
        _ = state.reduce(.fetched(.loaded(first, .success(Page(key: .page(0), items: [item], next: nil)), latency: 0), at: now))
        #expect(state.reduce(.key(.character("y"), at: now)) == [.copy("https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC")])
        #expect(state.notice == "copied https://ja.wikipedia.org/wiki/東京")
        _ = state.reduce(.key(.enter, at: now))
        #expect(screen(state).contains(" https://ja.wikipedia.org/wiki/東京"))
    }
}
