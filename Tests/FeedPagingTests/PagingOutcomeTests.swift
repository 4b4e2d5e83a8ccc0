import FeedDiff
import FeedModel
import FeedPaging
import FeedTestSupport
import Testing

/// `receive` says what happened, in one `PagingOutcome`, and the pager is in one `Mode`: every
/// outcome that changes the rows carries a changeset that replays them.
@Suite struct PagingOutcomeTests {
    func fetches(_ effects: [PagingEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    /// A pager with `pages` pages of ten applied in order.
    func loaded(pages: Int, maxPages: Int? = nil) -> PagingState {
        var paging = PagingState(firstKey: .page(0), pageSize: 10, maxPages: maxPages)
        for index in 0..<pages {
            for request in fetches(paging.prefetch(cursor: paging.items.count, distance: 0)) {
                #expect(paging.receive(request, .success(makePage(index, size: 10))).effects.isEmpty)
            }
        }
        return paging
    }

    /// The outcome's changeset replays the rows before into the rows after.
    func expectReplays(_ outcome: PagingOutcome, from before: Snapshot<FeedItem>, to after: Snapshot<FeedItem>,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        guard let changes = outcome.changeset else {
            Issue.record("no changeset in \(outcome)", sourceLocation: sourceLocation)
            return
        }
        #expect(apply(changes, to: before) == after, sourceLocation: sourceLocation)
    }

    @Test func appendingAndPrependingReplayTheirChanges() throws {
        var paging = loaded(pages: 2)
        let before = paging.items
        let next = try #require(fetches(paging.prefetch(cursor: 19, distance: 5)).first)
        let outcome = paging.receive(next, .success(makePage(2, size: 10))).outcome
        #expect(outcome.changeset?.inserts.map(\.index) == Array(20..<30))
        expectReplays(outcome, from: before, to: paging.items)
        #expect(paging.mode == .browsing)
    }

    @Test func aFailureIsAModeUntilRetry() throws {
        var paging = loaded(pages: 1)
        let next = try #require(fetches(paging.prefetch(cursor: 9, distance: 5)).first)
        let error = FeedError(.http(status: 503), "HTTP 503")
        #expect(paging.receive(next, .failure(error)).outcome == .failed(error))
        #expect(paging.mode == .failed(error, page: 1))
        #expect(paging.failure == error)
        #expect(paging.prefetch(cursor: 9, distance: 5).isEmpty)
        let again = try #require(fetches(paging.retry()).first)
        #expect(again.index == 1 && paging.mode == .browsing)
        #expect(paging.retry().isEmpty)  // nothing to retry now
    }

    @Test func aJumpReplacesEveryRowAndSaysSo() throws {
        var paging = loaded(pages: 6, maxPages: 3)
        #expect(paging.trim(visible: 50..<60, cursor: 55).deletes == Array(0..<30))
        #expect(paging.applier.pageRange == 3...5)
        let before = paging.items
        let first = try #require(fetches(paging.jump(toPage: 0)).first)
        #expect(paging.mode == .jumping(toPage: 0))
        #expect(paging.trim(visible: 0..<10, cursor: 0).deletes.isEmpty)  // nothing drops while jumping
        let outcome = paging.receive(first, .success(makePage(0, size: 10))).outcome
        guard case let .jumped(changes) = outcome else {
            Issue.record("expected a jump, got \(outcome)")
            return
        }
        #expect(changes.deletes == Array(0..<before.count))
        #expect(changes.inserts.map(\.item.id) == (0..<10).map { "t:\($0)" })
        expectReplays(outcome, from: before, to: paging.items)
        #expect(paging.mode == .browsing)
    }

    @Test func aFailedJumpGoesOnAsAJumpWhenRetried() throws {
        var paging = loaded(pages: 6, maxPages: 3)
        #expect(paging.trim(visible: 50..<60, cursor: 55).deletes == Array(0..<30))
        #expect(paging.applier.pageRange == 3...5)  // page 0 is not next to the rows
        let first = try #require(fetches(paging.jump(toPage: 0)).first)
        let error = FeedError(.timeout, "timed out")
        #expect(paging.receive(first, .failure(error)).outcome == .failed(error))
        let again = try #require(fetches(paging.retry()).first)
        #expect(again.index == 0 && paging.mode == .jumping(toPage: 0))
        guard case .jumped = paging.receive(again, .success(makePage(0, size: 10))).outcome else {
            Issue.record("the retried jump should land")
            return
        }
        #expect(paging.items.ids.first == "t:0")
    }

    @Test func aRefreshGathersThenReplacesWithTheNewRowsAboveCounted() throws {
        var paging = loaded(pages: 3)
        let before = paging.items
        let feed = makeItems(100..<105) + makeItems(0..<40)
        func page(_ index: Int) -> Page {
            Page(key: .page(index), items: Array(feed[(index * 10)..<((index + 1) * 10)]), next: .page(index + 1))
        }
        let first = try #require(fetches(paging.refresh(anchor: "t:14")).first)
        #expect(paging.receive(first, .success(page(0))).outcome == .pending)
        #expect(paging.items == before)
        let second = try #require(fetches(paging.prefetch(cursor: 14, distance: 5)).first)
        let outcome = paging.receive(second, .success(page(1))).outcome
        guard case let .refreshed(changes) = outcome else {
            Issue.record("expected the refresh to commit, got \(outcome)")
            return
        }
        let anchorRow = try #require(changes.newRow(ofOldRow: 14))
        #expect(anchorRow == 19 && changes.insertCount(above: anchorRow) == 5)
        #expect(changes.inserts.map(\.item.id) == (100..<105).map { "t:\($0)" })
        expectReplays(outcome, from: before, to: paging.items)
        #expect(paging.mode == .browsing)
    }

    @Test func aFailedRefreshPageRetriesTheRefresh() throws {
        var paging = loaded(pages: 2)
        let first = try #require(fetches(paging.refresh(anchor: "t:3")).first)
        let error = FeedError(.http(status: 500), "HTTP 500")
        #expect(paging.receive(first, .failure(error)).outcome == .failed(error))
        #expect(paging.isRefreshing && paging.failure == error)
        #expect(paging.prefetch(cursor: 3, distance: 5).isEmpty)
        let again = try #require(fetches(paging.retry()).first)
        #expect(again.index == 0 && again.generation == 1 && paging.failure == nil)
        guard case .refreshed = paging.receive(again, .success(makePage(0, size: 10))).outcome else {
            Issue.record("the retried refresh should commit")
            return
        }
    }

    @Test func aLiveBatchSaysWhatItChanged() throws {
        var paging = loaded(pages: 2)
        let before = paging.items
        let requests = fetches(paging.refreshLive(pages: 0...1))
        #expect(paging.liveBatch?.pages == 0...1)
        var page0 = makeItems(0..<10)
        page0[2].score = 7
        #expect(paging.receive(requests[0], .success(Page(key: .page(0), items: page0, next: .page(1)))).outcome == .pending)
        let outcome = paging.receive(requests[1], .success(makePage(1, size: 10))).outcome
        guard case let .updated(changes) = outcome else {
            Issue.record("expected the live batch to apply, got \(outcome)")
            return
        }
        #expect(changes.updates.map(\.index) == [2] && changes.inserts.isEmpty && changes.deletes.isEmpty)
        expectReplays(outcome, from: before, to: paging.items)
    }

    @Test func aPageFailureEndsALiveBatchAndItsLateResultsAreDropped() throws {
        var paging = loaded(pages: 2)
        let live = fetches(paging.refreshLive(pages: 0...1))
        let next = try #require(fetches(paging.prefetch(cursor: 19, distance: 5)).first)
        #expect(next.index == 2)
        let error = FeedError(.timeout, "timed out")
        // Loading stops, the live batch with it: both of its requests are closed on the wire.
        #expect(paging.receive(next, .failure(error)) == PagingReceipt(.failed(error), effects: live.map { .cancel($0.id) }))
        #expect(paging.liveBatch == nil && paging.mode == .failed(error, page: 2))
        #expect(paging.receive(live[0], .success(makePage(0, size: 10))).outcome == .dropped)
        #expect(paging.inFlight.isEmpty)
    }

    @Test func aLiveBatchFailingHalfWayClosesItsOtherRequests() throws {
        var paging = loaded(pages: 4)
        let live = fetches(paging.refreshLive(pages: 0...3))
        #expect(live.map(\.index) == [0, 1, 2, 3])
        #expect(paging.receive(live[0], .success(makePage(0, size: 10))) == PagingReceipt(.pending))
        let error = FeedError(.http(status: 502), "HTTP 502")
        // Page 1 fails with 2 and 3 still on their way: those two are cancelled, nothing else.
        let receipt = paging.receive(live[1], .failure(error))
        #expect(receipt == PagingReceipt(.liveFailed(error), effects: [.cancel(live[2].id), .cancel(live[3].id)]))
        #expect(paging.inFlight.isEmpty && paging.mode == .browsing)
        // Loading goes on as before the batch.
        #expect(fetches(paging.prefetch(cursor: 39, distance: 5)).map(\.index) == [4])
    }

    @Test func aHeldFailureReleasedDuringALiveBatchClosesTheBatch() throws {
        var paging = PagingState(firstKey: .page(0), pageSize: 10, pipeline: 2)
        let first = try #require(fetches(paging.prefetch(cursor: 0, distance: 5)).first)
        #expect(paging.receive(first, .success(makePage(0, size: 10))).effects.isEmpty)
        // Pages 1 and 2 in flight (2 fetched ahead), then a live batch over page 0.
        let ahead = fetches(paging.prefetch(cursor: 0, distance: 25))
        #expect(ahead.map(\.index) == [1, 2])
        let live = fetches(paging.refreshLive(pages: 0...0))
        let error = FeedError(.timeout, "timed out")
        #expect(paging.receive(ahead[1], .failure(error)) == PagingReceipt(.pending))  // held behind page 1
        let receipt = paging.receive(ahead[0], .success(makePage(1, size: 10)))
        #expect(receipt.effects == [.cancel(live[0].id)])
        #expect(paging.mode == .failed(error, page: 2) && paging.inFlight.isEmpty)
    }

    @Test func aJumpCancelsALiveBatch() throws {
        var paging = loaded(pages: 6, maxPages: 3)
        #expect(paging.trim(visible: 50..<60, cursor: 55).deletes == Array(0..<30))
        let range = try #require(paging.applier.pageRange)
        let live = fetches(paging.refreshLive(pages: range))
        #expect(live.count == 3)
        let effects = paging.jump(toPage: 0)
        #expect(Array(effects.prefix(3)) == live.map(\.id).sorted().map(PagingEffect.cancel))
        #expect(fetches(effects).map(\.index) == [0])
        #expect(paging.receive(live[0], .success(makePage(live[0].index, size: 10))).outcome == .dropped)
    }
}
