import FeedModel
import FeedPaging
import FeedPictures
import FeedTestSupport
import Testing

@testable import FeedUI

/// Exhaustive transitions through `TestStore`: after each action, the exact effects and the
/// whole new state (anything else that changed fails the test).
@Suite struct AppTestStoreTests {
    let now = 1_800_000_000.0
    let size = Size(columns: 80, rows: 24)

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    /// A list of `pages` pages of `pageSize`, every fetch answered, the cursor at the top.
    func loaded(pages: Int, pageSize: Int = 5, live: Double? = nil) -> TestStore {
        var store = TestStore(AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: pageSize), size: size, prefetch: .fixed(5),
            livePeriod: live))
        var pending = fetches(store.skip(.start(at: now)))
        while let request = pending.first, request.index < pages {
            pending.removeFirst()
            pending += fetches(store.skip(.fetched(.loaded(request, .success(makePage(request.index, size: pageSize)), latency: 0.05), at: now)))
        }
        return store
    }

    /// `AppState` is `Sendable`: a whole loaded state goes to another task and comes back equal
    /// (this would not compile if a sub-state held something that cannot cross).
    @Test func theStateCrossesTasksWhole() async {
        let state = loaded(pages: 2).state
        let back = await Task.detached { state }.value
        #expect(back == state)
        #expect(back.list.paging.items.count == 10)
    }

    /// A picture answer goes to the pictures sub-state alone, which drops one it did not ask
    /// for: the whole state stays as it was, and nothing is asked.
    @Test func aPictureNobodyAskedForChangesNothing() {
        var store = loaded(pages: 1)
        let url = "http://p/0.png"
        let result = PictureResult.failure(PictureRequest(url: url, boxes: [PictureBox(columns: 4, rows: 2)], background: .black), .unavailable("gone"))
        // Not asked for: nothing changes at all.
        store.send(.pictureFetched(result)) { _ in }
    }

    @Test func theFirstActionAsksForTheFirstPageAndStartsTheSpinner() {
        var store = TestStore(AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: size, prefetch: .fixed(5)))
        var pager = store.state.list.paging
        let asked = pager.prefetch(cursor: 0, distance: 5)
        #expect(asked.count == 1)
        store.send(.start(at: now), effects: asked.map(AppEffect.init)) {
            $0.now = now
            $0.list.lastLiveAt = now
            $0.list.paging = pager
            $0.loadingSince = now
        }
    }

    @Test func aKeyMovesTheCursorAndFeedsTheScrollEstimateOnly() {
        var store = loaded(pages: 3)
        let capacity = store.state.list.viewport.capacity
        store.send(.key(.down, at: now + 1)) {
            $0.now = now + 1
            $0.list.viewport.move(by: 1)
            $0.list.estimator.observeMove(by: 1, at: now + 1, screen: capacity)
        }
        #expect(store.state.list.viewport.cursor == 1)
    }

    @Test func aLiveBatchFailingHalfWayAsksForItsOtherRequestsToBeCancelledAndNothingElse() throws {
        var store = loaded(pages: 3, live: 30)
        let tick = store.skip(.tick(at: now + 30))
        let live = fetches(tick)
        #expect(tick.first == .startOver && live.count >= 2)
        var pager = store.state.list.paging
        let error = FeedError(.http(status: 500), "HTTP 500")
        _ = pager.receive(live[0], .failure(error))
        // The rows, the footer and the status line stay: only the batch ends, on the wire too.
        store.send(
            .fetched(.loaded(live[0], .failure(error), latency: 0.05), at: now + 31),
            effects: live.dropFirst().map { .cancel($0.id) }
        ) {
            $0.now = now + 31
            $0.list.paging = pager
        }
        #expect(store.state.list.paging.inFlight.isEmpty)
    }

    @Test func quittingAsksOnlyToQuit() {
        var store = loaded(pages: 1)
        store.send(.key(.character("q"), at: now + 2), effects: [.quit]) {
            $0.now = now + 2
            $0.isQuitting = true
        }
    }
}
