import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

/// Issue 23, item 2: the request for what is on screen goes before prefetch. The pager marks
/// each list request: a page whose rows are due on screen (the first, a jump's, the next one
/// when the end of the rows is on screen, the previous one when the first row is) is wanted;
/// a page only the lead reaches is prefetch (`PageRequest.isPrefetch`), which the runtime runs
/// in `FetchLane.prefetch`, behind every wanted request for the host's turns.
@Suite struct PrefetchLaneTests {
    func fetches(_ effects: [PagingEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    /// A 1000-item offset feed of 20-item pages with its total (it can jump).
    func offsetPage(_ request: PageRequest) -> Page {
        guard case let .offset(start, _) = request.key else { return Page(key: request.key, items: [], next: nil) }
        let end = min(1000, start + 20)
        return Page(key: request.key, items: makeItems(start..<end), next: end < 1000 ? .offset(end, limit: 20) : nil, total: 1000)
    }

    /// Page 0 applied, nothing else asked for.
    func started() -> PagingState {
        var paging = PagingState(firstKey: .offset(0, limit: 20), pageSize: 20, pipeline: 2)
        let first = fetches(paging.prefetch(cursor: 0, distance: 1_000))
        #expect(first.map(\.index) == [0])
        #expect(first.map(\.isPrefetch) == [false], "the first page is what the reader waits for")
        _ = paging.receive(first[0], .success(offsetPage(first[0])))
        return paging
    }

    @Test func pagesOnlyTheLeadReachesArePrefetch() {
        var paging = started()
        // Cursor on row 0 of 20, ten rows on screen: pages 1 and 2 are for the lead.
        let ahead = fetches(paging.prefetch(cursor: 0, distance: 60, shownBelow: 10))
        #expect(ahead.map(\.index) == [1, 2])
        #expect(ahead.map(\.isPrefetch) == [true, true])
    }

    @Test func theNextPageIsWantedWhenTheEndOfTheRowsIsOnScreen() {
        var paging = started()
        // Cursor on row 15: the 20th row is on screen, so page 1 fills the screen; page 2 is ahead.
        let due = fetches(paging.prefetch(cursor: 15, distance: 60, shownBelow: 10))
        #expect(due.map(\.index) == [1, 2])
        #expect(due.map(\.isPrefetch) == [false, true])
        // A pipe (no screen): only the row it writes next, the last, makes the page wanted.
        var pipe = started()
        #expect(fetches(pipe.prefetch(cursor: 10, distance: 20)).map(\.isPrefetch) == [true])
        var waiting = started()
        #expect(fetches(waiting.prefetch(cursor: 19, distance: 1)).map(\.isPrefetch) == [false])
    }

    @Test func aJumpsPageIsWantedAndThePageAboveItOnlyWhenItsTopIsOnScreen() {
        var paging = started()
        let jump = fetches(paging.jump(toRow: 500))
        #expect(jump.map(\.index) == [25])
        #expect(jump.map(\.isPrefetch) == [false])
        _ = paging.receive(jump[0], .success(offsetPage(jump[0])))
        // The cursor on the jump's first row, the top of the screen: the page above is due there.
        var top = paging
        let above = fetches(top.prefetch(cursor: 0, distance: 10, shownBelow: 10, shownAbove: 0))
        #expect(above.first { $0.index == 24 }?.isPrefetch == false, "\(above)")
        // The cursor lower, the first row off screen: the page above is for the lead.
        var lower = paging
        let lead = fetches(lower.prefetch(cursor: 15, distance: 30, shownBelow: 5, shownAbove: 5))
        #expect(lead.first { $0.index == 24 }?.isPrefetch == true, "\(lead)")
    }

    /// Issue 23 (a): the reader reaches a page whose request was asked for as prefetch and is
    /// still on its way: it is promoted to the wanted lane, keeping its place, not asked for
    /// again, and only once.
    @Test func aPrefetchPageTheReaderReachesIsPromotedNotAskedForAgain() {
        var paging = started()
        let ahead = fetches(paging.prefetch(cursor: 0, distance: 60, shownBelow: 10))
        #expect(ahead.map(\.isPrefetch) == [true, true])
        // The cursor on row 15: page 1's rows are due on screen while its request travels.
        #expect(paging.prefetch(cursor: 15, distance: 60, shownBelow: 10) == [.promote(ahead[0].id)])
        #expect(paging.inFlight[ahead[0].id]?.isPrefetch == false)
        #expect(paging.inFlight[ahead[1].id]?.isPrefetch == true, "page 2 is still for the lead")
        #expect(paging.prefetch(cursor: 16, distance: 60, shownBelow: 10).isEmpty, "promoted once")
        #expect(paging.requestsIssued == 3)
    }

    @Test func aRetryIsWanted() {
        var paging = started()
        let next = fetches(paging.prefetch(cursor: 0, distance: 60, shownBelow: 10))
        _ = paging.receive(next[0], .failure(FeedError(.http(status: 503), "HTTP 503")))
        let again = fetches(paging.retry())
        #expect(again.map(\.index) == [1])
        #expect(again.map(\.isPrefetch) == [false], "the reader asked for it (r), and sees its error")
    }
}
