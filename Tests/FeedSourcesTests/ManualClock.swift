import FeedModel
import Foundation
import Synchronization

@testable import FeedSources

/// A `SourceClock` that only moves when the test advances it. Sleepers wait for the clock to
/// pass their deadline (or for cancellation); a test can suspend until some are asleep.
final class ManualClock: Sendable {
    private struct Sleeper {
        var id: Int
        var deadline: Double
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var now: Double = 1_700_000_000
        var sleepers: [Sleeper] = []
        var nextID = 0
        var slept: [Double] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())

    /// Every sleep asked for, in seconds, in order.
    var slept: [Double] { state.withLock { $0.slept } }
    var sleeping: Int { state.withLock { $0.sleepers.count } }

    var clock: SourceClock {
        SourceClock(
            now: { [self] in Date(timeIntervalSince1970: state.withLock { $0.now }) },
            sleep: { [self] seconds throws(FeedError) in try await sleep(seconds) }
        )
    }

    /// Moves time forward and wakes every sleeper whose deadline has passed.
    func advance(by seconds: Double) {
        let due = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.now += seconds
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.map(\.continuation)
        }
        for continuation in due { continuation.resume(returning: true) }
    }

    /// Suspends until at least `count` sleepers are waiting.
    func untilSleeping(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.sleepers.count >= count { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func sleep(_ seconds: Double) async throws(FeedError) {
        let id = state.withLock { state in
            state.nextID += 1
            state.slept.append(seconds)
            return state.nextID
        }
        if seconds <= 0 {
            if Task.isCancelled { throw FeedError(.cancelled, "cancelled") }
            return
        }
        let woke = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let (cancelled, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: state.now + seconds, continuation: continuation))
                    let count = state.sleepers.count
                    var ready: [CheckedContinuation<Void, Never>] = []
                    state.waiters.removeAll { waiter in
                        guard waiter.count <= count else { return false }
                        ready.append(waiter.continuation)
                        return true
                    }
                    return (false, ready)
                }
                if cancelled { continuation.resume(returning: false) }
                for waiter in ready { waiter.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(returning: false)
        }
        if !woke { throw FeedError(.cancelled, "cancelled") }
    }
}
