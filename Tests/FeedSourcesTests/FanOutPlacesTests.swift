import Dispatch
import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

/// A fan-out's requests take their places in their host's line in input order, whatever order
/// its child tasks start in (`PlaceInLine`).
@Suite struct FanOutPlacesTests {
    static let host = "http://127.0.0.1:9/v0"
    static func item(_ id: Int) -> String { "\(host)/item/\(id).json" }

    /// Issue 23: under the fault mix a story's first reply, second of its fan-out, took the last
    /// of eight places (its task started last) and was asked for 2.2 s late. Here the eight
    /// steps' tasks start last first (an executor that runs them so), behind a request that
    /// fills the host's window: the host is still asked for them in input order.
    @Test(.timeLimit(.minutes(1))) func theStepsTakeTheirPlacesInInputOrderWhateverOrderTheirTasksStart() async throws {
        let ids = Array(1...8)
        let scripted = ScriptedTransport { url, _ in
            url == Self.item(99) ? nil : ScriptedTransport.json(url, "{}")
        }
        let transport = RetryingTransport(scripted, width: 16, firstWindow: 1, clock: ManualClock().clock)
        // The window of one is taken: every step's turn waits in line at its place.
        let blocker = Task { try await transport.send(HTTPRequest(url: URL(string: Self.item(99))!)) }
        await scripted.until { $0.held == [Self.item(99)] }

        let executor = HeldExecutor()
        let fanOut = Task(executorPreference: executor) {
            try await FanOut.map(ids, width: ids.count) { id throws(FeedError) in
                try await transport.send(HTTPRequest(url: URL(string: Self.item(id))!)).status
            }
        }
        await executor.untilHeld(1)
        executor.release(lastFirst: true, thenPass: false)  // the fan-out starts its eight tasks
        await executor.untilHeld(ids.count)
        executor.release(lastFirst: true, thenPass: true)  // they start, the last first
        let pace = transport.limiter(for: URL(string: Self.item(1))!).pace
        await pace.until(.waiting, ids.count)

        scripted.answer(Self.item(99), ScriptedTransport.json(Self.item(99), "{}"))
        #expect(try await blocker.value.status == 200)
        #expect(try await fanOut.value == Array(repeating: 200, count: ids.count))
        #expect(scripted.snapshot.started == [Self.item(99)] + ids.map(Self.item))
    }

    /// A step that ends without asking the host lets the steps after it take their places.
    @Test(.timeLimit(.minutes(1))) func aStepThatAsksNothingDoesNotHoldTheOthers() async throws {
        let scripted = ScriptedTransport { url, _ in ScriptedTransport.json(url, "{}") }
        let transport = RetryingTransport(scripted, width: 16, clock: ManualClock().clock)
        let statuses = try await FanOut.map(Array(1...6), width: 3) { id throws(FeedError) -> Int in
            if id.isMultiple(of: 2) { return 0 }
            return try await transport.send(HTTPRequest(url: URL(string: Self.item(id))!)).status
        }
        #expect(statuses == [200, 0, 200, 0, 200, 0])
        #expect(scripted.snapshot.started == [1, 3, 5].map(Self.item))
    }

    /// A cancelled fan-out ends while its steps wait for the places before theirs.
    @Test(.timeLimit(.minutes(1))) func aStepWaitingForItsPlaceEndsWhenCancelled() async throws {
        let scripted = ScriptedTransport()
        let transport = RetryingTransport(scripted, width: 16, firstWindow: 8, clock: ManualClock().clock)
        let executor = HeldExecutor()
        let fanOut = Task(executorPreference: executor) {
            try await FanOut.map(Array(1...4), width: 4) { id throws(FeedError) in
                try await transport.send(HTTPRequest(url: URL(string: Self.item(id))!)).status
            }
        }
        await executor.untilHeld(1)
        executor.release(lastFirst: true, thenPass: false)
        await executor.untilHeld(4)
        // Only the last three start: each waits for the place before its own.
        executor.release(lastFirst: true, thenPass: true, keepingFirst: 1)
        await executor.untilRun(4)
        #expect(scripted.snapshot.started.isEmpty)
        fanOut.cancel()
        executor.release(lastFirst: false, thenPass: true)
        guard case let .failure(error) = await fanOut.result else {
            Issue.record("a cancelled fan-out returned")
            return
        }
        #expect((error as? FeedError)?.kind == .cancelled)
        #expect(scripted.snapshot.started.count <= 1)
        #expect(scripted.snapshot.inFlight == 0)
    }
}

/// A task executor that holds the jobs it is given until the test releases them, in the order
/// it says (the last first, to start a fan-out's tasks against their input order), then runs
/// them, and those given later, one at a time on a serial queue.
final class HeldExecutor: TaskExecutor {
    private struct State {
        var held: [UnownedJob] = []
        var passes = false
        var run = 0
        var waiters: [(held: Int?, run: Int?, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let queue = DispatchQueue(label: "HeldExecutor")
    private let state = Mutex(State())

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let passes = state.withLock { state -> Bool in
            if state.passes { return true }
            state.held.append(job)
            return false
        }
        if passes { submit(job) }
        wake()
    }

    /// Runs the jobs held now (the last first, or in the order given) but the `keepingFirst`
    /// earliest, which stay held until the next release; from then on runs every job given at
    /// once if `thenPass`.
    func release(lastFirst: Bool, thenPass: Bool, keepingFirst kept: Int = 0) {
        let jobs = state.withLock { state -> [UnownedJob] in
            let released = Array(state.held.dropFirst(kept))
            state.held = Array(state.held.prefix(kept))
            state.passes = thenPass
            return lastFirst ? released.reversed() : released
        }
        for job in jobs { submit(job) }
    }

    /// Suspends until at least `count` jobs are held.
    func untilHeld(_ count: Int) async { await until(held: count, run: nil) }

    /// Suspends until at least `count` released jobs have run.
    func untilRun(_ count: Int) async { await until(held: nil, run: count) }

    // MARK: - Helpers

    private func submit(_ job: UnownedJob) {
        let executor = asUnownedTaskExecutor()
        queue.async { [self] in
            job.runSynchronously(on: executor)
            state.withLock { $0.run += 1 }
            wake()
        }
    }

    private func until(held: Int?, run: Int?) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if let held, state.held.count >= held { return true }
                if let run, state.run >= run { return true }
                state.waiters.append((held, run, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    private func wake() {
        let ready = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            let (held, run) = (state.held.count, state.run)
            var ready: [CheckedContinuation<Void, Never>] = []
            state.waiters.removeAll { waiter in
                let isReady = (waiter.held.map { held >= $0 } ?? false) || (waiter.run.map { run >= $0 } ?? false)
                if isReady { ready.append(waiter.continuation) }
                return isReady
            }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }
}
