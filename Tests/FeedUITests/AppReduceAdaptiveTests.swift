import FeedModel
import FeedPaging
import FeedTestSupport
import FeedUI
import Testing

/// The automatic prefetch lead as `reduce` drives it: latencies from `.fetched`, cursor moves
/// from `.key` with their timestamps.
@Suite struct AppReduceAdaptiveTests {
    let now = 1_800_000_000.0
    /// 80×24: 11 items on screen; pages of 20; the floor is 31.
    let floor = 31

    /// A state with pages 0 and 1 applied (40 rows), each timed at `latency`, nothing in flight.
    private func twoPages(prefetch: PrefetchPolicy, latency: Double) throws -> AppState {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20),
            size: Size(columns: 80, rows: 24), prefetch: prefetch)
        var pending = state.reduce(.start(at: now))
        for index in 0..<2 {
            guard pending.count == 1, case let .fetch(request) = pending[0], request.index == index else {
                Issue.record("expected one fetch of page \(index), got \(pending)")
                throw CancellationError()
            }
            pending = state.reduce(.fetched(.loaded(request, .success(makePage(index)), latency: latency), at: now))
        }
        // 40 rows, cursor 0: 40 > 31, so the floor asks for nothing yet.
        #expect(pending.isEmpty)
        #expect(state.list.viewport.count == 40)
        return state
    }

    /// Presses j every `interval` seconds until a fetch is issued.
    /// - Returns: the cursor at which it was issued, and that fetch's effects.
    private func holdJ(_ state: inout AppState, interval: Double) -> (cursor: Int, effects: [AppEffect])? {
        for step in 1...39 {
            let effects = state.reduce(.key(.character("j"), at: now + Double(step) * interval))
            if !effects.isEmpty { return (state.list.viewport.cursor, effects) }
        }
        return nil
    }

    /// Asked for early, while the end of the rows is off screen: prefetch.
    private func fetchOfPage2() -> [AppEffect] {
        [.fetch(PageRequest(id: RequestID(3), index: 2, key: .page(2), pageSize: 20, generation: 0, isPrefetch: true))]
    }

    @Test func holdingJOnASlowSourceAsksEarly() throws {
        var fixed = try twoPages(prefetch: .fixed(floor), latency: 1.5)
        let atFixed = try #require(holdJ(&fixed, interval: 1.0 / 30))
        #expect(atFixed.cursor == 9, "40 − 9 = 31: the fixed lead waits for the floor")
        #expect(atFixed.effects == fetchOfPage2())

        var adaptive = try twoPages(prefetch: .automatic, latency: 1.5)
        #expect(adaptive.list.estimator.latencyMean == 1.5)
        #expect(adaptive.list.estimator.latencySpread == 0.703125)
        let atAdaptive = try #require(holdJ(&adaptive, interval: 1.0 / 30))
        // The second key gives 7.5 rows/s (gain 1/4 of 30); 7.5 × (1.5 + 4 × 0.703125) ≈ 32 rows:
        // lead 63 ≥ 40 − 2.
        #expect(atAdaptive.cursor == 2)
        #expect(atAdaptive.effects == fetchOfPage2())
        #expect(adaptive.list.estimator.lead(pageSize: 20, screen: 11, at: adaptive.now) == floor + 32)

        // Keep holding: the lead grows toward 30 rows/s × 4.3125 s = 129 rows beyond the floor.
        for step in 3...40 { _ = adaptive.reduce(.key(.character("j"), at: now + Double(step) / 30)) }
        let lead = adaptive.list.estimator.lead(pageSize: 20, screen: 11, at: adaptive.now)
        #expect(lead > floor + 120 && lead <= floor + 129)
        #expect(adaptive.list.paging.requestsIssued == 3, "one page in flight at a time")
    }

    @Test func slowReaderStaysAtTheFloor() throws {
        var state = try twoPages(prefetch: .automatic, latency: 0.5)
        var leads: Set<Int> = []
        var at: (cursor: Int, effects: [AppEffect])?
        for step in 1...20 where at == nil {
            let effects = state.reduce(.key(.character("j"), at: now + Double(step) * 2))
            leads.insert(state.list.estimator.lead(pageSize: 20, screen: 11, at: state.now))
            if !effects.isEmpty { at = (state.list.viewport.cursor, effects) }
        }
        #expect(leads == [floor])
        let fetch = try #require(at)
        #expect(fetch.cursor == 9, "the same place as a fixed lead of one screen plus one page")
        #expect(fetch.effects == fetchOfPage2())
    }

    @Test func pauseBringsTheLeadBackToTheFloor() throws {
        var state = try twoPages(prefetch: .automatic, latency: 1.0)
        for step in 1...30 { _ = state.reduce(.key(.character("j"), at: now + Double(step) / 30)) }
        #expect(state.list.estimator.lead(pageSize: 20, screen: 11, at: state.now) > floor + 20)
        // A minute of reading, then one tick: the speed has decayed.
        _ = state.reduce(.tick(at: state.now + 60))
        #expect(state.list.estimator.lead(pageSize: 20, screen: 11, at: state.now) == floor)
    }

    @Test func stormOnASlowSourceIsStillOneFetchPerPage() throws {
        var state = AppState(
            sourceName: "t", paging: PagingState(firstKey: .page(0), pageSize: 20), size: Size(columns: 80, rows: 24))
        var pending: [PageRequest] = []
        for case let .fetch(r) in state.reduce(.start(at: now)) { pending.append(r) }
        var fetches = pending
        for step in 0..<10_000 {
            let key: Key = step % 11 == 0 ? .character("G") : .character("j")
            for case let .fetch(r) in state.reduce(.key(key, at: now + Double(step) / 30)) {
                fetches.append(r)
                pending.append(r)
            }
            #expect(pending.count <= 1)
            if step % 250 == 249, !pending.isEmpty {
                let r = pending.removeFirst()
                let loaded = AppAction.fetched(
                    .loaded(r, .success(makePage(r.index, last: 29)), latency: 2.5), at: now + Double(step) / 30)
                for case let .fetch(next) in state.reduce(loaded) {
                    fetches.append(next)
                    pending.append(next)
                }
            }
        }
        #expect(fetches.map(\.index) == Array(0..<30), "each page exactly once, in order, to the end")
        #expect(state.list.paging.requestsIssued == 30)
        #expect(state.list.paging.isAtEnd)
    }
}
