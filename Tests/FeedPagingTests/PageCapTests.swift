import FeedDiff
import FeedModel
import FeedPaging
import FeedTestSupport
import PropertyBased
import Testing

/// The page cap: drops at both ends, fetching dropped pages again, absolute positions, jumps.
@Suite struct PageCapTests {
    /// Fetches and delivers whatever `prefetch` asks for at `cursor`, then trims, until nothing
    /// more is asked for. Returns the requests, in order.
    @discardableResult
    func settle(_ paging: inout PagingState, cursor: inout Int, distance: Int, screen: Int = 11,
                page: (PageRequest) -> Page = { makePage($0.index) }) -> [PageRequest] {
        var requests: [PageRequest] = []
        for _ in 0..<100 {
            let effects = paging.prefetch(cursor: cursor, distance: distance)
            let fetches = effects.compactMap { effect -> PageRequest? in
                if case let .fetch(request) = effect { return request }
                return nil
            }
            if fetches.isEmpty { return requests }
            for request in fetches {
                requests.append(request)
                let id = cursor < paging.items.count ? paging.items[cursor].id : nil
                #expect(paging.receive(request, .success(page(request))).effects.isEmpty)
                if let id, let row = paging.items.index(of: id) { cursor = row }
                let top = max(0, cursor - screen / 2)
                let before = paging.items
                let dropped = paging.trim(visible: top..<min(paging.items.count, top + screen), cursor: cursor)
                #expect(apply(dropped, to: before) == paging.items, "the drop replays")
                cursor -= dropped.deleteCount(above: cursor)
            }
        }
        Issue.record("prefetch and trim did not settle")
        return requests
    }

    func checkBookkeeping(_ paging: PagingState, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let range = paging.applier.pageRange else { return }
        #expect(paging.rowsAbove == paging.droppedRows.entries.filter { $0.page < range.lowerBound }.reduce(0) { $0 + Int($1.value) },
                sourceLocation: sourceLocation)
        #expect(paging.rowsBelow == paging.droppedRows.entries.filter { $0.page > range.upperBound }.reduce(0) { $0 + Int($1.value) },
                sourceLocation: sourceLocation)
        #expect(paging.droppedRows.entries.allSatisfy { !range.contains($0.page) }, sourceLocation: sourceLocation)
        if let maxPages = paging.maxPages { #expect(paging.pagesLoaded <= maxPages, sourceLocation: sourceLocation) }
    }

    @Test func scrollingDownDropsPagesAboveAndKeepsPositionsAbsolute() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, maxPages: 5)
        var cursor = 0
        settle(&paging, cursor: &cursor, distance: 31)
        #expect(paging.applier.pageRange == 0...1)
        // Walk down to item 200 (page 10), a row at a time.
        while paging.absoluteRow(cursor) < 200 {
            cursor += 1
            settle(&paging, cursor: &cursor, distance: 31)
            checkBookkeeping(paging)
        }
        #expect(paging.items[cursor].id == "t:200")
        #expect(paging.pagesLoaded == 5)
        let range = try #require(paging.applier.pageRange)
        #expect(range.contains(10))
        #expect(paging.rowsAbove == range.lowerBound * 20)
        #expect(paging.knownRowCount == (range.upperBound + 1) * 20)
        // Keys of dropped pages are kept, so they can be fetched again.
        #expect((0...range.upperBound + 1).allSatisfy { paging.keys[$0] == .page($0) })
        #expect(paging.resultsDropped == 0)
    }

    @Test func scrollingBackFetchesDroppedPagesAgainAndPrependsThem() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, maxPages: 5)
        var cursor = 0
        settle(&paging, cursor: &cursor, distance: 31)
        while paging.absoluteRow(cursor) < 300 {
            cursor += 7
            settle(&paging, cursor: &cursor, distance: 31)
        }
        var refetched: [Int] = []
        while paging.absoluteRow(cursor) > 0 {
            cursor -= 1
            refetched += settle(&paging, cursor: &cursor, distance: 31).map(\.index)
            checkBookkeeping(paging)
            #expect(paging.items[cursor].id == "t:\(paging.absoluteRow(cursor))")
        }
        // Every page above was fetched again exactly once, in order, on the way up.
        #expect(refetched.filter { $0 < 13 } == Array((0..<13).reversed()).filter { refetched.contains($0) })
        #expect(refetched.contains(0))
        #expect(paging.applier.pageRange?.lowerBound == 0)
        #expect(paging.rowsAbove == 0)
        #expect(paging.items.ids.prefix(3) == ["t:0", "t:1", "t:2"])
        #expect(paging.pagesLoaded <= 5)
    }

    @Test func cursorKeysOfDroppedPagesAreReused() throws {
        // Opaque cursors: page i+1's key is only known from page i's answer.
        func cursorPage(_ request: PageRequest) -> Page {
            let items = makeItems((request.index * 10)..<((request.index + 1) * 10))
            return Page(key: request.key, items: items, next: .cursor("c\(request.index + 1)"))
        }
        var paging = PagingState(firstKey: .cursor(nil), pageSize: 10, maxPages: 4)
        var cursor = 0
        while paging.absoluteRow(cursor) < 100 {
            cursor += 1
            settle(&paging, cursor: &cursor, distance: 12, page: cursorPage)
        }
        #expect(paging.applier.pageRange?.lowerBound ?? 0 > 2)
        var upward: [PageRequest] = []
        while paging.absoluteRow(cursor) > 0 {
            cursor -= 1
            upward += settle(&paging, cursor: &cursor, distance: 12, page: cursorPage)
        }
        #expect(upward.contains { $0.index == 0 && $0.key == .cursor(nil) })
        #expect(upward.contains { $0.index == 2 && $0.key == .cursor("c2") })
        #expect(paging.items.ids.first == "t:0")
    }

    @Test func theCapHoldsTheLeadBelowHalfTheRows() {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, maxPages: 3)
        var cursor = 0
        // A lead of 500 would ask for page after page, and trim would drop what the other end
        // asks for again; held to (3 − 1) × 20 / 2 − 1 = 19 rows, the pager settles.
        settle(&paging, cursor: &cursor, distance: 500)
        cursor = paging.items.count - 1
        let requests = settle(&paging, cursor: &cursor, distance: 500)
        #expect(requests.count <= 2)
        #expect(paging.pagesLoaded <= 3)
    }

    @Test func visiblePagesAreNeverDropped() {
        var paging = PagingState(firstKey: .page(0), pageSize: 5, maxPages: 3)
        for _ in 0..<4 {
            for case let .fetch(request) in paging.prefetch(cursor: paging.items.count, distance: 0) {
                #expect(paging.receive(request, .success(makePage(request.index, size: 5))).effects.isEmpty)
            }
        }
        #expect(paging.pagesLoaded == 4)
        // A screen over rows 4…18 touches all four pages: none can go, whatever the cap.
        #expect(paging.trim(visible: 4..<19, cursor: 14).deletes.isEmpty)
        #expect(paging.applier.pageRange == 0...3)
        // With the screen on pages 1–3, page 0 goes, and the cursor's row moves up by its 5 rows.
        let dropped = paging.trim(visible: 5..<16, cursor: 14)
        #expect(dropped.deletes == Array(0..<5) && dropped.deleteCount(above: 14) == 5)
        #expect(paging.applier.pageRange == 1...3)
        #expect(paging.rowsAbove == 5)
    }

    @Test func jumpToTheFirstPageReplacesTheRowsWhenItArrives() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, maxPages: 4)
        var cursor = 0
        while paging.absoluteRow(cursor) < 150 {
            cursor += 5
            settle(&paging, cursor: &cursor, distance: 25)
        }
        let before = paging.items
        let effects = paging.jump(toPage: 0)
        #expect(effects.count == 1)
        guard case let .fetch(request) = effects.first else { return }
        #expect(request.index == 0 && request.key == .page(0))
        #expect(paging.items == before)  // the rows stay until it arrives
        #expect(paging.prefetch(cursor: cursor, distance: 25).isEmpty)
        #expect(paging.receive(request, .success(makePage(0))).effects.isEmpty)
        #expect(paging.applier.pageRange == 0...0)
        #expect(paging.items.ids.first == "t:0")
        #expect(paging.rowsAbove == 0)
        checkBookkeeping(paging)
        #expect(paging.knownRowCount >= 160)
    }

    @Test func aPageNoLongerNextToTheRowsIsDropped() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 20, maxPages: 3)
        var cursor = 0
        while paging.absoluteRow(cursor) < 100 {
            cursor += 3
            settle(&paging, cursor: &cursor, distance: 15)
        }
        // Ask for the page above, then jump to page 0 before it arrives.
        cursor = 0
        let up = paging.prefetch(cursor: 0, distance: 15)
        guard case let .fetch(above)? = up.first else {
            Issue.record("expected a request for the page above, got \(up)")
            return
        }
        guard case let .fetch(first)? = paging.jump(toPage: 0).first else { return }
        #expect(paging.receive(first, .success(makePage(0))).effects.isEmpty)
        #expect(above.index > 1)
        let dropsBefore = paging.resultsDropped
        #expect(paging.receive(above, .success(makePage(above.index))).outcome == .dropped)
        #expect(paging.resultsDropped == dropsBefore + 1)
        checkBookkeeping(paging)
        #expect(paging.items.ids.first == "t:0")
    }

    /// Any walk over an endless feed with the cap on: rows are always the contiguous pages in
    /// order with absolute positions, at most `maxPages` pages, and the cursor's item is the one
    /// at its absolute position.
    @Test func anyWalkKeepsTheRowsTrue() async {
        let steps = Gen.int(in: -60...60).array(of: 1...40)
        await propertyCheck(count: 100, input: steps, Gen.int(in: 3...6)) { steps, maxPages in
            var paging = PagingState(firstKey: .page(0), pageSize: 10, maxPages: maxPages)
            var cursor = 0
            settle(&paging, cursor: &cursor, distance: 12, page: { makePage($0.index, size: 10) })
            for step in steps {
                cursor = max(0, min(paging.items.count - 1, cursor + step))
                settle(&paging, cursor: &cursor, distance: 12, page: { makePage($0.index, size: 10) })
                checkBookkeeping(paging)
                let ids = paging.items.ids
                let first = paging.rowsAbove
                #expect(ids == (first..<(first + ids.count)).map { "t:\($0)" })
                #expect(paging.items[cursor].id == "t:\(paging.absoluteRow(cursor))")
            }
        }
    }
}

/// Refresh that keeps your place, and live updates.
@Suite struct RefreshAndLiveTests {
    func loaded(pages: Int, pageSize: Int = 10) -> PagingState {
        var paging = PagingState(firstKey: .page(0), pageSize: pageSize)
        for index in 0..<pages {
            for case let .fetch(request) in paging.prefetch(cursor: paging.items.count, distance: 0) {
                #expect(paging.receive(request, .success(makePage(index, size: pageSize))).effects.isEmpty)
            }
        }
        return paging
    }

    func fetches(_ effects: [PagingEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    @Test func refreshLoadsUntilTheAnchorAndCountsNewItemsAbove() throws {
        var paging = loaded(pages: 3)
        #expect(paging.items.count == 30)
        // The cursor is on t:14 (page 1). Five new items arrived at the top of the feed.
        let feed = makeItems(100..<105) + makeItems(0..<40)
        func page(_ index: Int) -> Page {
            Page(key: .page(index), items: Array(feed[(index * 10)..<((index + 1) * 10)]), next: .page(index + 1))
        }
        let effects = paging.refresh(anchor: "t:14")
        let first = try #require(fetches(effects).first)
        #expect(first.generation == 1 && first.index == 0)
        #expect(paging.receive(first, .success(page(0))).effects.isEmpty)
        #expect(paging.isRefreshing)
        #expect(paging.items.count == 30 && paging.items.ids.first == "t:0")  // old rows stay
        let second = try #require(fetches(paging.prefetch(cursor: 14, distance: 5)).first)
        #expect(second.index == 1 && second.generation == 1)
        #expect(paging.prefetch(cursor: 14, distance: 5).isEmpty)  // one at a time
        let outcome = paging.receive(second, .success(page(1))).outcome
        #expect(!paging.isRefreshing)
        #expect(paging.items.ids == feed.prefix(20).map(\.id))
        #expect(paging.items.index(of: "t:14") == 19)
        #expect(outcome.changeset?.insertCount(above: 19) == 5)
        #expect(paging.keys[2] == .page(2))
    }

    @Test func refreshGivesUpOnAVanishedAnchorAfterThePagesItHeld() throws {
        var paging = loaded(pages: 2)
        var requests = fetches(paging.refresh(anchor: "t:15"))
        var arrived = 0
        var outcome = PagingOutcome.pending
        while let request = requests.first {
            outcome = paging.receive(request, .success(Page(key: request.key, items: makeItems((request.index * 10)..<(request.index * 10 + 10), prefix: "n"), next: .page(request.index + 1)))).outcome
            arrived += 1
            requests = fetches(paging.prefetch(cursor: 0, distance: 0))
        }
        // t:15 was on page 1: pages 0…2 are searched, then the refresh gives up and commits.
        #expect(arrived == 3)
        #expect(!paging.isRefreshing)
        #expect(outcome.changeset?.newRow(ofOldRow: 15) == nil)  // the anchor is gone
        #expect(paging.items.ids.first == "n:0")
    }

    @Test func oldGenerationResultsAreIgnoredDuringRefresh() throws {
        var paging = loaded(pages: 1)
        let inFlight = try #require(fetches(paging.prefetch(cursor: 9, distance: 5)).first)
        let effects = paging.refresh(anchor: "t:3")
        #expect(effects.first == .cancel(inFlight.id))
        #expect(paging.receive(inFlight, .success(makePage(1, size: 10))).outcome == .dropped)
        let first = try #require(fetches(effects).first)
        let outcome = paging.receive(first, .success(makePage(0, size: 10))).outcome
        #expect(paging.items.ids == (0..<10).map { "t:\($0)" })
        #expect(outcome == .refreshed(Changeset()))  // same rows: nothing new above
    }

    @Test func liveUpdateAppliesTheVisiblePagesInPlace() throws {
        var paging = loaded(pages: 3)
        let effects = paging.refreshLive(pages: 1...2)
        let requests = fetches(effects)
        #expect(requests.map(\.index) == [1, 2])
        #expect(paging.refreshLive(pages: 1...2).isEmpty)  // one batch at a time
        #expect(paging.loadState == .idle)  // a live update is not "loading more"
        var page1 = makeItems(10..<20)
        page1[3].score = 99  // t:13 changed
        page1.remove(at: 5)  // t:15 removed
        var page2 = makeItems(20..<30)
        page2.insert(FeedItem(id: "new", title: "New"), at: 0)
        page2.removeLast()  // t:29 pushed to page 3: it stays
        #expect(paging.receive(requests[0], .success(Page(key: .page(1), items: page1, next: .page(2)))).effects.isEmpty)
        #expect(paging.items.count == 30)  // nothing applied until the batch is whole
        #expect(paging.receive(requests[1], .success(Page(key: .page(2), items: page2, next: .page(3)))).effects.isEmpty)
        #expect(paging.items[id: "t:13"]?.score == 99)
        #expect(!paging.items.contains(id: "t:15"))
        #expect(paging.items.index(of: "new") == 19)
        #expect(paging.items.contains(id: "t:29"))
        #expect(paging.items.count == 30)
        #expect(paging.liveBatch == nil)
    }

    @Test func aFailedLiveUpdateChangesNothing() throws {
        var paging = loaded(pages: 2)
        let before = paging.items
        let requests = fetches(paging.refreshLive(pages: 0...1))
        // The batch ends: its other request is closed on the wire, not left running.
        #expect(paging.receive(requests[0], .failure(FeedError(.http(status: 500), "HTTP 500"))).effects == [.cancel(requests[1].id)])
        #expect(paging.inFlight.isEmpty)
        #expect(paging.items == before)
        #expect(paging.failure == nil)
        #expect(paging.liveBatch == nil)
        #expect(paging.receive(requests[1], .success(makePage(1, size: 10))).outcome == .dropped)
    }
}
