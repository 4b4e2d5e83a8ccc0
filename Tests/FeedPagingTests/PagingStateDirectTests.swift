import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

/// Random access on addressable feeds with a known total: a far page is fetched directly, its
/// rows take their absolute positions, and paging goes on both ways from there.
@Suite struct PagingStateDirectTests {
    /// Page `index` of a 1000-item offset feed of 20-item pages.
    func offsetPage(_ request: PageRequest, total: Int = 1000) -> Page {
        guard case let .offset(start, _) = request.key else { return Page(key: request.key, items: [], next: nil) }
        let end = min(total, start + 20)
        return Page(key: request.key, items: makeItems(start..<end), next: end < total ? .offset(end, limit: 20) : nil, total: total)
    }

    func request(_ effects: [PagingEffect]) -> PageRequest? {
        guard effects.count == 1, case let .fetch(request) = effects[0] else { return nil }
        return request
    }

    @Test func jumpToTheLastRowFetchesOnlyTheLastPage() throws {
        var paging = PagingState(firstKey: .offset(0, limit: 0), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(paging.receive(first, .success(offsetPage(first))).effects.isEmpty)
        #expect(paging.canJump)
        #expect(paging.reachableTotal == 1000)

        let last = try #require(request(paging.jump(toRow: 999)))
        #expect(last.index == 49 && last.key == .offset(980, limit: 20))
        #expect(paging.jumpTarget == 49)
        guard case .jumped = paging.receive(last, .success(offsetPage(last))).outcome else { Issue.record("not jumped"); return }
        #expect(paging.items.ids == (980..<1000).map { "t:\($0)" })
        #expect(paging.rowsAbove == 980, "never-loaded pages above count as full pages")
        #expect(paging.absoluteRow(19) == 999)
        #expect(paging.knownRowCount == 1000)
        #expect(paging.isAtEnd)
        #expect(paging.requestsIssued == 2, "page 0 and page 49, nothing between")

        // Upwards from there: the previous page by its position.
        let previous = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(previous.index == 48 && previous.key == .offset(960, limit: 20))
        #expect(paging.receive(previous, .success(offsetPage(previous))).effects.isEmpty)
        #expect(paging.rowsAbove == 960)
        #expect(paging.items.ids.first == "t:960")
        #expect(paging.knownRowCount == 1000)
    }

    @Test func aJumpDuringARefreshGivesTheRefreshUp() throws {
        var paging = PagingState(firstKey: .offset(0, limit: 0), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(paging.receive(first, .success(offsetPage(first))).effects.isEmpty)
        let refresh = try #require(request(paging.refresh(anchor: "t:3").filter { if case .fetch = $0 { true } else { false } }))
        #expect(paging.isRefreshing)
        // G while the refresh travels: its request is closed and the last page asked for.
        let effects = paging.jump(toRow: 999)
        #expect(effects.first == .cancel(refresh.id))
        let last = try #require(request(Array(effects.dropFirst())))
        #expect(last.index == 49 && last.generation == refresh.generation)
        #expect(!paging.isRefreshing && paging.jumpTarget == 49)
        // The rows stay until the jump's page replaces them; the refresh's answer is dropped.
        #expect(paging.items.count == 20)
        #expect(paging.receive(refresh, .success(offsetPage(refresh))).outcome == .dropped)
        guard case .jumped = paging.receive(last, .success(offsetPage(last))).outcome else { Issue.record("not jumped"); return }
        #expect(paging.items.ids == (980..<1000).map { "t:\($0)" })
        #expect(paging.requestsIssued == 3)
    }

    @Test func aJumpThatCannotStartLeavesTheRefreshAlone() throws {
        var paging = PagingState(firstKey: .offset(0, limit: 0), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(paging.receive(first, .success(offsetPage(first))).effects.isEmpty)
        _ = paging.refresh(anchor: "t:3")
        // Page 0 is on screen: nothing to jump to, so the refresh goes on.
        #expect(paging.jump(toPage: 0).isEmpty)
        #expect(paging.isRefreshing && paging.inFlight.count == 1)
    }

    @Test func jumpIntoTheMiddleThenBackToTheTop() throws {
        var paging = PagingState(firstKey: .page(1), pageSize: 20)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(paging.receive(first, .success(Page(key: .page(1), items: makeItems(0..<20), next: .page(2), total: 500))).effects.isEmpty)
        let middle = try #require(request(paging.jump(toRow: 250)))
        #expect(middle.index == 12 && middle.key == .page(13))
        #expect(paging.receive(middle, .success(Page(key: .page(13), items: makeItems(240..<260), next: .page(14), total: 500))).effects.isEmpty)
        #expect(paging.rowsAbove == 240)
        // A loaded row is not a jump.
        #expect(paging.jump(toRow: 245).isEmpty)
        let top = try #require(request(paging.jump(toRow: 0)))
        #expect(top.index == 0 && top.key == .page(1))
        #expect(paging.receive(top, .success(Page(key: .page(1), items: makeItems(0..<20), next: .page(2), total: 500))).effects.isEmpty)
        #expect(paging.rowsAbove == 0)
        #expect(paging.items.ids.first == "t:0")
    }

    @Test func cursorFeedsAndFeedsWithoutATotalCannotJump() throws {
        var cursor = PagingState(firstKey: .cursor(nil), pageSize: 20)
        let first = try #require(request(cursor.prefetch(cursor: 0, distance: 10)))
        #expect(cursor.receive(first, .success(Page(key: .cursor(nil), items: makeItems(0..<20), next: .cursor("x"), total: 1000))).effects.isEmpty)
        #expect(!cursor.isAddressable && !cursor.canJump)
        #expect(cursor.jump(toRow: 999).isEmpty)

        var noTotal = PagingState(firstKey: .page(1), pageSize: 20)
        let page = try #require(request(noTotal.prefetch(cursor: 0, distance: 10)))
        #expect(noTotal.receive(page, .success(Page(key: .page(1), items: makeItems(0..<20), next: .page(2)))).effects.isEmpty)
        #expect(noTotal.isAddressable && !noTotal.canJump)
        #expect(noTotal.jump(toRow: 999).isEmpty)
    }

    @Test func theAPIsCapBoundsTheJump() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 30)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(paging.receive(first, .success(Page(key: .page(0), items: makeItems(0..<30), next: .page(1), total: 5623, cap: 1000))).effects.isEmpty)
        #expect(paging.reachableTotal == 1000)
        let last = try #require(request(paging.jump(toRow: 5622)))
        #expect(last.key == .page(33), "row 999 is on page 33: the API hands out no more")
    }

    @Test func idSlicesAddressPagesToo() throws {
        var paging = PagingState(firstKey: .idSlice(start: 0, count: 0), pageSize: 30)
        let first = try #require(request(paging.prefetch(cursor: 0, distance: 10)))
        #expect(paging.receive(first, .success(Page(key: first.key, items: makeItems(0..<28), next: .idSlice(start: 30, count: 30), total: 500, omittedCount: 2))).effects.isEmpty)
        #expect(paging.omittedCount == 2)
        let last = try #require(request(paging.jump(toRow: 499)))
        #expect(last.key == .idSlice(start: 480, count: 30))
    }

    @Test func droppedPageHoldingARowIsFound() throws {
        var paging = PagingState(firstKey: .cursor(nil), pageSize: 20, maxPages: 3)
        var key: PageKey = .cursor(nil)
        for index in 0..<6 {
            let effects = paging.prefetch(cursor: paging.items.count - 1, distance: 5)
            let next = try #require(request(effects))
            #expect(paging.receive(next, .success(Page(key: key, items: makeItems(index * 20..<(index + 1) * 20), next: .cursor("c\(index + 1)")))).effects.isEmpty)
            key = .cursor("c\(index + 1)")
            // Past three pages, the top one goes: its 20 rows, the first of the rows before.
            let dropped = paging.trim(visible: (paging.items.count - 5)..<paging.items.count, cursor: paging.items.count - 1)
            #expect(dropped.deletes == (index >= 3 ? Array(0..<20) : []))
        }
        #expect(paging.rowsAbove == 60)
        #expect(paging.droppedPage(containingAbsoluteRow: 0) == 0)
        #expect(paging.droppedPage(containingAbsoluteRow: 45) == 2)
        #expect(paging.droppedPage(containingAbsoluteRow: 60) == nil, "row 60 is loaded")
    }
}
