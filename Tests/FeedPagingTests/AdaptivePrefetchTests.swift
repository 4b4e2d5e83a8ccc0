import FeedPaging
import Testing

@Suite struct AdaptivePrefetchTests {
    /// 80×24 holds 11 items; pages of 20.
    let screen = 11
    let page = 20

    /// Moves the cursor down one row every `interval` seconds, `count` times, from `start`.
    private func hold(
        _ estimator: inout AdaptivePrefetch, from cursor: Int = 0, count: Int, interval: Double, start: Double = 0
    ) -> (cursor: Int, time: Double) {
        var cursor = cursor
        var time = start
        for _ in 0..<count {
            time += interval
            cursor += 1
            estimator.observeMove(by: 1, at: time, screen: screen)
        }
        return (cursor, time)
    }

    @Test func withNothingObservedTheLeadIsTheFloor() {
        let estimator = AdaptivePrefetch()
        #expect(estimator.latencyMean == nil)
        #expect(estimator.speed(at: 5) == 0)
        #expect(estimator.lead(pageSize: page, screen: screen, at: 5) == screen + page)
        #expect(estimator.lead(pageSize: 50, screen: 3, at: 0) == 53)
    }

    @Test func firstLatencySetsMeanAndHalfSpread() {
        var estimator = AdaptivePrefetch()
        estimator.observeLatency(0.4)
        #expect(estimator.latencyMean == 0.4)
        #expect(estimator.latencySpread == 0.2)
        #expect(estimator.latencySamples == 1)
    }

    @Test func latencyFollowsTheTCPUpdate() throws {
        var estimator = AdaptivePrefetch()
        estimator.observeLatency(0.4)
        estimator.observeLatency(0.8)
        // σ = 3/4·0.2 + 1/4·|0.8 − 0.4| = 0.25; μ = 7/8·0.4 + 1/8·0.8 = 0.45.
        #expect(abs(estimator.latencySpread - 0.25) < 1e-12)
        #expect(abs(try #require(estimator.latencyMean) - 0.45) < 1e-12)
    }

    @Test func constantLatencyConvergesWithVanishingSpread() throws {
        var estimator = AdaptivePrefetch()
        estimator.observeLatency(2.0)
        for _ in 0..<200 { estimator.observeLatency(0.3) }
        #expect(abs(try #require(estimator.latencyMean) - 0.3) < 1e-3)
        #expect(estimator.latencySpread < 1e-3)
    }

    @Test func alternatingLatencyKeepsItsSpread() throws {
        var estimator = AdaptivePrefetch()
        for step in 0..<200 { estimator.observeLatency(step % 2 == 0 ? 0.2 : 0.6) }
        let mean = try #require(estimator.latencyMean)
        #expect(mean > 0.35 && mean < 0.45)
        // Every sample is ~0.2 away from the mean.
        #expect(estimator.latencySpread > 0.15 && estimator.latencySpread < 0.25)
    }

    @Test func spreadRisesFastAndFallsSlowly() throws {
        var estimator = AdaptivePrefetch()
        for _ in 0..<200 { estimator.observeLatency(0.2) }
        estimator.observeLatency(3.0)
        let risen = estimator.latencySpread
        #expect(risen > 0.69 && risen < 0.71, "a quarter of the 2.8 s deviation")
        for _ in 0..<5 { estimator.observeLatency(0.2) }
        // Five fast pages later most of it remains: σ·(15/16)^5 with deviations below it.
        #expect(estimator.latencySpread > 0.45)
        #expect(estimator.latencySpread < risen)
    }

    @Test func retriesJoinTheNextSample() throws {
        var estimator = AdaptivePrefetch()
        estimator.observeLatency(0.3)
        estimator.observeRetry(after: 1.0)
        estimator.observeRetry(after: .nan)
        #expect(estimator.pendingWait == 1.3)
        estimator.observeLatency(0.3)
        // The reader waited 0.3 + 1.0 (backoff) + 0.3 (the retried attempt).
        #expect(abs(try #require(estimator.latencyMean) - (0.3 + 1.3 / 8)) < 1e-12)
        #expect(estimator.pendingWait == 0)
    }

    @Test func invalidLatenciesAreIgnored() {
        var estimator = AdaptivePrefetch()
        for bad in [-1.0, .nan, .infinity] { estimator.observeLatency(bad) }
        #expect(estimator.latencySamples == 0)
        #expect(estimator.latencyMean == nil)
    }

    @Test func holdingJConvergesToTheKeyRepeatRate() {
        var estimator = AdaptivePrefetch()
        let (_, time) = hold(&estimator, count: 60, interval: 1.0 / 30)
        #expect(abs(estimator.speed(at: time) - 30) < 0.5)
    }

    @Test func speedDecaysTowardZeroWhenTheReaderPauses() {
        var estimator = AdaptivePrefetch()
        let (_, time) = hold(&estimator, count: 60, interval: 1.0 / 30)
        let speeds = [0.1, 1, 10, 100].map { estimator.speed(at: time + $0) }
        #expect(speeds == speeds.sorted(by: >))
        #expect(speeds[0] <= 10.0 + 1e-9)
        #expect(speeds[3] <= 0.01 + 1e-12)
    }

    @Test func movingUpIsNoForwardSpeed() {
        var estimator = AdaptivePrefetch()
        let (_, time) = hold(&estimator, from: 100, count: 30, interval: 1.0 / 30)
        estimator.observeMove(by: -1, at: time + 0.03, screen: screen)
        #expect(estimator.speed(at: time + 0.03) == 0)
        estimator.observeMove(by: 0, at: time + 0.06, screen: screen)
        #expect(estimator.speed(at: time + 0.06) == 0)
    }

    @Test func aScreenIsASpeedButAJumpIsNot() {
        var estimator = AdaptivePrefetch()
        estimator.observeMove(by: 1, at: 0, screen: screen)
        estimator.observeMove(by: 1, at: 1, screen: screen)
        estimator.observeMove(by: screen, at: 2, screen: screen)  // space
        // 1 row/s moves the speed from 0 to 0.25; then one screen (11 rows) in one second.
        let skimming = 0.25 + 0.25 * (11 - 0.25)
        #expect(abs(estimator.speed(at: 2) - skimming) < 1e-9)
        estimator.observeMove(by: 100_000, at: 3, screen: screen)  // G
        #expect(estimator.speed(at: 3) == 0)
        #expect(estimator.smoothedSpeed == skimming)
        estimator.observeMove(by: 1, at: 3.5, screen: screen)
        #expect(abs(estimator.speed(at: 3.5) - (skimming + 0.25 * (2 - skimming))) < 1e-9)
    }

    @Test func aStormAtOneInstantIsCappedAndTheLeadBounded() {
        var estimator = AdaptivePrefetch()
        estimator.observeLatency(5)
        for _ in 0..<10_000 { estimator.observeMove(by: 1, at: 0, screen: screen) }
        #expect(estimator.speed(at: 0) <= estimator.tuning.maximumSpeed)
        let lead = estimator.lead(pageSize: page, screen: screen, at: 0)
        #expect(lead == screen + page + estimator.tuning.maximumLeadPages * page)
    }

    @Test func slowReaderStaysAtTheFloor() {
        var estimator = AdaptivePrefetch()
        for _ in 0..<10 { estimator.observeLatency(0.5) }
        // One row every two seconds, checked just after each move and between moves.
        var time = 0.0
        for _ in 0..<50 {
            estimator.observeMove(by: 1, at: time, screen: screen)
            #expect(estimator.lead(pageSize: page, screen: screen, at: time) == screen + page)
            #expect(estimator.lead(pageSize: page, screen: screen, at: time + 1) == screen + page)
            time += 2
        }
    }

    @Test func leadCoversTheRowsReadDuringASlowFetch() throws {
        var estimator = AdaptivePrefetch()
        for _ in 0..<200 { estimator.observeLatency(1.5) }
        let (_, time) = hold(&estimator, count: 90, interval: 1.0 / 30)
        let lead = estimator.lead(pageSize: page, screen: screen, at: time)
        let mean = try #require(estimator.latencyMean)
        let horizon = mean + 4 * estimator.latencySpread
        #expect(lead == screen + page + Int((estimator.speed(at: time) * horizon).rounded(.down)))
        // 30 rows/s for 1.5 s is 45 rows beyond the floor.
        #expect(lead >= screen + page + 44)
        #expect(lead <= screen + page + 46)
    }

    @Test func fixedPolicyIgnoresTheEstimator() {
        var estimator = AdaptivePrefetch()
        estimator.observeLatency(3)
        _ = hold(&estimator, count: 30, interval: 0.03)
        #expect(PrefetchPolicy.fixed(7).distance(pageSize: page, screen: screen, estimator: estimator, at: 0.9) == 7)
        #expect(PrefetchPolicy.fixed(-3).distance(pageSize: page, screen: screen, estimator: estimator, at: 0.9) == 0)
        #expect(
            PrefetchPolicy.automatic.distance(pageSize: page, screen: screen, estimator: estimator, at: 0.9)
                == estimator.lead(pageSize: page, screen: screen, at: 0.9))
    }
}
