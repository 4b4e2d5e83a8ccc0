import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

@Suite struct AppReduceTests {
    let now = 1_800_000_000.0

    func started(size: Size = Size(columns: 80, rows: 24), pageSize: Int = 20) -> (AppState, PageRequest?) {
        var state = AppState(sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: pageSize), size: size)
        let effects = state.reduce(.start(at: now))
        guard effects.count == 1, case let .fetch(request) = effects[0] else { return (state, nil) }
        return (state, request)
    }

    func deliver(_ state: inout AppState, _ request: PageRequest, _ page: Page) -> [AppEffect] {
        state.reduce(.fetched(.loaded(request, .success(page), latency: 0.1), at: now))
    }

    @Test func startAsksForTheFirstPage() throws {
        let (state, request) = started()
        let r = try #require(request)
        #expect(r == PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))
        #expect(state.list.paging.loadState == .loading)
        #expect(state.isAnimating)
    }

    /// 24 rows hold 11 items; a 20-item page is shorter than screen + page, so the next page
    /// is asked for as soon as the first arrives (content shorter than the lead).
    @Test func shortContentPrefetchesAtOnce() throws {
        var (state, request) = started()
        let effects = deliver(&state, try #require(request), makePage(0))
        // Page 1 is for the lead (the 20th row is off screen): prefetch, behind wanted pages.
        #expect(effects == [.fetch(PageRequest(id: RequestID(2), index: 1, key: .page(1), pageSize: 20, generation: 0, isPrefetch: true))])
        #expect(state.list.viewport.count == 20)
        #expect(state.list.viewport.capacity == 11)
    }

    @Test func keyStormWhileInFlightIssuesExactlyOneFetchPerPage() throws {
        var (state, request) = started(pageSize: 20)
        var fetches: [PageRequest] = [try #require(request)]
        var pending = fetches
        var delivered = 0
        for step in 0..<10_000 {
            let key: Key = step % 7 == 0 ? .character("G") : (step % 3 == 0 ? .pageDown : .character("j"))
            for case let .fetch(r) in state.reduce(.key(key, at: now + Double(step) / 1000)) {
                fetches.append(r)
                pending.append(r)
            }
            // A page arrives every 500 keys: the storm never stops while requests are in flight.
            if step % 500 == 499, !pending.isEmpty {
                let r = pending.removeFirst()
                delivered += 1
                for case let .fetch(next) in deliver(&state, r, makePage(r.index, last: 30)) {
                    fetches.append(next)
                    pending.append(next)
                }
            }
        }
        let pages = fetches.map(\.index)
        #expect(pages == Array(0..<pages.count), "each page once, in order")
        #expect(state.list.paging.requestsIssued == fetches.count)
        #expect(delivered == 20)
        #expect(pending.count <= 1, "never more than one page in flight")
        #expect(fetches.count == delivered + pending.count)
        #expect(state.list.paging.items.count == 400)
    }

    @Test func cursorKeepsItsItemAcrossResize() throws {
        var (state, request) = started(size: Size(columns: 80, rows: 24), pageSize: 50)
        _ = deliver(&state, try #require(request), makePage(0, size: 50))
        for _ in 0..<30 { _ = state.reduce(.key(.character("j"), at: now)) }
        let item = state.list.paging.items[state.list.viewport.cursor].id
        #expect(item == "t:30")
        for size in [Size(columns: 60, rows: 20), Size(columns: 120, rows: 40), Size(columns: 20, rows: 5)] {
            _ = state.reduce(.resized(size))
            #expect(state.list.paging.items[state.list.viewport.cursor].id == item)
            #expect(state.list.viewport.visible.contains(state.list.viewport.cursor))
            #expect(state.size == size)
        }
    }

    @Test func retryKeyAsksForTheFailedPageAgain() throws {
        var (state, request) = started()
        let r = try #require(request)
        _ = state.reduce(.fetched(.loaded(r, .failure(FeedError(.http(status: 503), "HTTP 503")), latency: 0.1), at: now))
        #expect(state.reduce(.key(.character("j"), at: now)).isEmpty)
        let effects = state.reduce(.key(.character("r"), at: now))
        #expect(effects == [.fetch(PageRequest(id: RequestID(2), index: 0, key: .page(0), pageSize: 20, generation: 0))])
    }

    @Test func refreshCancelsAndStartsOver() throws {
        var (state, request) = started()
        let r = try #require(request)
        let effects = state.reduce(.key(.character("R"), at: now))
        #expect(effects == [
            .startOver, .cancel(r.id),
            .fetch(PageRequest(id: RequestID(2), index: 0, key: .page(0), pageSize: 20, generation: 1)),
        ])
        // The old generation's answer is ignored.
        #expect(deliver(&state, r, makePage(0)).isEmpty)
        #expect(state.list.paging.items.count == 0)
    }

    @Test func refreshKeepsTheCursorItem() throws {
        var (state, request) = started(pageSize: 50)
        _ = deliver(&state, try #require(request), makePage(0, size: 50))
        for _ in 0..<5 { _ = state.reduce(.key(.character("j"), at: now)) }
        let effects = state.reduce(.key(.character("R"), at: now))
        guard case let .fetch(again) = effects.last else { Issue.record("no refetch"); return }
        // Three new items arrived at the head.
        let fresh = Page(key: .page(0), items: makeItems(100..<103) + makeItems(0..<47), next: .page(1))
        _ = deliver(&state, again, fresh)
        #expect(state.list.paging.items[state.list.viewport.cursor].id == "t:5")
        #expect(state.list.viewport.cursor == 8)
    }

    @Test func retryingNoteShowsAndClears() throws {
        var (state, request) = started()
        let r = try #require(request)
        let error = FeedError(.http(status: 503), "HTTP 503")
        _ = state.reduce(.fetched(.retrying(r, attempt: 2, delay: 1.5, error: error), at: now))
        #expect(state.list.retrying?.attempt == 2 && state.list.retrying?.delay == 1.5 && state.list.retrying?.reason == "HTTP 503" && state.list.retrying?.since == now)
        _ = deliver(&state, r, makePage(0))
        #expect(state.list.retrying == nil)
    }

    @Test func quitStopsEverything() {
        var (state, _) = started()
        #expect(state.reduce(.key(.character("q"), at: now)) == [.quit])
        #expect(state.isQuitting)
    }

    @Test func mouseWheelAndClick() throws {
        var (state, request) = started(pageSize: 50)
        _ = deliver(&state, try #require(request), makePage(0, size: 50))
        _ = state.reduce(.key(.mouse(MouseEvent(kind: .wheelDown, row: 3, column: 3)), at: now))
        #expect(state.list.viewport.cursor == 3)
        _ = state.reduce(.key(.mouse(MouseEvent(kind: .press, row: 4, column: 10)), at: now))
        #expect(state.list.viewport.cursor == state.list.viewport.top + 2)
    }
}
