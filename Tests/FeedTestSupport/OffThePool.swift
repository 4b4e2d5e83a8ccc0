import Dispatch
import Synchronization
import Testing

/// Runs a long synchronous test on a thread of its own, off Swift's cooperative pool.
///
/// `swift test` runs every test, synchronous ones included, on the cooperative pool, which has
/// as many threads as the machine has cores (two here). A test that computes for tens of seconds
/// (a property test of 20,000 cases, a seeded fuzz slice, a 100 MB document) holds one of them
/// for all that time, and two such tests hold both: an async test then waits for a thread with
/// its request answered, and one with a wall-clock bound (a transport's timeout, `.timeLimit`)
/// fails for a reason that is not its own (2026-11-29: a loopback answer read after 444 s).
/// Marked `.offThePool`, a test's body runs on one of two lanes, serial queues of their own (the
/// one with fewer tests on it): at most two long tests run at once, each on a lane's thread, and
/// the pool's threads stay free for the rest. (One lane made the long tests, about two thirds of
/// the unit run's work, the run's critical path: 409 s at load 3–4 against 258 s quiet before.)
/// Mark any test that takes more than a couple of seconds in a debug build
/// (`swift test --no-parallel` prints each test's own time; in a parallel run a test's time
/// counts from when it was scheduled, not from when it ran).
public struct OffThePool: TestTrait, SuiteTrait, TestScoping {
    /// The executors the marked tests prefer: serial queues, so one long test at a time on each.
    static let lanes = [LaneExecutor(), LaneExecutor()]

    /// The tests on each lane, running or waiting.
    private static let load = Mutex([Int](repeating: 0, count: 2))

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope holds no test body: only the cases move.
        guard testCase != nil else { return try await function() }
        let lane = Self.load.withLock { load in
            let lane = load.indices.min { load[$0] < load[$1] }!
            load[lane] += 1
            return lane
        }
        defer { Self.load.withLock { $0[lane] -= 1 } }
        try await withTaskExecutorPreference(Self.lanes[lane]) { try await function() }
    }

    /// Whether the caller runs on a lane (the lanes' queues carry a specific value).
    public static var isOnALane: Bool { DispatchQueue.getSpecific(key: laneKey) == true }

    // Written once, before any test runs; read-only after.
    nonisolated(unsafe) private static let laneKey = DispatchSpecificKey<Bool>()

    /// A task executor whose jobs run on one serial `DispatchQueue` (a thread outside the pool).
    final class LaneExecutor: TaskExecutor {
        private let queue: DispatchQueue

        init() {
            queue = DispatchQueue(label: "feedscroll.tests.off-the-pool")
            queue.setSpecific(key: OffThePool.laneKey, value: true)
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            let executor = asUnownedTaskExecutor()
            queue.async { job.runSynchronously(on: executor) }
        }
    }
}

extension Trait where Self == OffThePool {
    /// Runs the test (or every test of the suite) off the cooperative pool: `OffThePool`.
    public static var offThePool: Self { OffThePool() }
}
