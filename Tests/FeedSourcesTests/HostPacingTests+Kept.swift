import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

/// A pace kept from an earlier run (`KeptPaces`): a starting guess the host still corrects.
extension HostPacingTests {
    /// A known host is paced from its first request: no burst to be refused.
    @Test func aKeptPaceSpacesTheFirstTurns() async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: Self.open, kept: 1.1 / 5)
        #expect(pace.interval == 1.1 / 5)
        _ = try await pace.takeTurn(.list)
        let second = Task { try await pace.takeTurn(.list) }
        await clock.untilSleeping(1)
        #expect(clock.slept.count == 1 && abs(clock.slept[0] - 1.1 / 5) < 1e-6, "the second start waits for the kept pace")
        clock.advance(by: 1.1 / 5)
        _ = try await second.value
    }

    /// The first refusal under a kept pace teaches the host's pace afresh from the starts it
    /// accepted in its window (three here, where the kept pace allowed a thousand a second),
    /// not a quarter slower than the guess; and the new pace is handed on to be kept.
    @Test func aRefusalUnderAKeptPaceTeachesThePaceAfresh() async throws {
        let clock = ManualClock()
        let taught = Mutex<[Double]>([])
        let pace = HostPace(clock: clock.clock, window: Self.open, kept: 0.001, onLearned: { interval in taught.withLock { $0.append(interval) } })
        var turns: [HostPace.Turn] = []
        for index in 0..<4 {
            if index > 0 { clock.advance(by: 0.001) }
            turns.append(try await pace.takeTurn(.list))
        }
        pace.finished(turns[3], .refused)
        #expect(abs(pace.interval! - 1.1 / 3) < 1e-12, "three accepted in the host's window; a quarter slower would be 0.00125")
        #expect(taught.withLock { $0 } == [pace.interval!])
        // From now on it is a learned pace: a refusal under it slows it by a quarter.
        clock.advance(by: 1.1 / 3)
        let later = try await pace.takeTurn(.list)
        pace.finished(later, .refused)
        #expect(abs(pace.interval! - 1.1 / 3 * 1.25) < 1e-12)
        #expect(taught.withLock { $0.count } == 1, "a slowed pace is this run's, not the host's")
    }

    /// A pace learned the first time is handed on to be kept.
    @Test func aPaceLearnedIsHandedOnToBeKept() async throws {
        let clock = ManualClock()
        let taught = Mutex<[Double]>([])
        let pace = HostPace(clock: clock.clock, window: Self.open, onLearned: { interval in taught.withLock { $0.append(interval) } })
        var turns: [HostPace.Turn] = []
        for _ in 0..<8 { turns.append(try await pace.takeTurn(.list)) }
        pace.finished(turns[5], .refused)
        pace.finished(turns[6], .refused)
        #expect(taught.withLock { $0 } == [1.1 / 7, 1.1 / 6], "the burst's second refusal corrects what was kept")
    }

    /// A kept value no pace can be is no pace: the host is not slowed, nor stopped.
    @Test(arguments: [0, -0.5, Double.nan, .infinity])
    func aKeptValueThatIsNoPaceIsIgnored(kept: Double) async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: Self.open, kept: kept)
        #expect(pace.interval == nil)
        for _ in 0..<6 { _ = try await pace.takeTurn(.list) }
        #expect(clock.slept.isEmpty)
    }
}
