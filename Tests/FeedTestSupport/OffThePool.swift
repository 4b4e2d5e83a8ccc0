import Dispatch
import Testing

/// Runs a long synchronous test on a thread of its own, off Swift's cooperative pool.
///
/// `swift test` runs every test, synchronous ones included, on the cooperative pool, which has
/// as many threads as the machine has cores (two here). A test that computes for tens of seconds
/// (a property test of 20,000 cases, a seeded fuzz slice, a 100 MB document) holds one of them
/// for all that time, and two such tests hold both: an async test then waits for a thread with
/// its request answered, and one with a wall-clock bound (a transport's timeout, `.timeLimit`)
/// fails for a reason that is not its own (2026-11-29: a loopback answer read after 444 s).
/// Marked `.offThePool`, a test's body runs on `OffThePool.lane`, one serial queue of its own:
/// the long tests run one at a time on that thread, and both of the pool's threads stay free for
/// the rest. Mark any test that takes more than a couple of seconds in a debug build
/// (`swift test --no-parallel` prints each test's own time; in a parallel run a test's time
/// counts from when it was scheduled, not from when it ran).
public struct OffThePool: TestTrait, SuiteTrait, TestScoping {
    /// The executor every marked test prefers: a serial queue, so one long test at a time.
    public static let lane = LaneExecutor()

    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // A suite's own scope holds no test body: only the cases move.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(Self.lane) { try await function() }
    }

    /// Whether the caller runs on the lane (the lane's queue carries a specific value).
    public static var isOnTheLane: Bool { DispatchQueue.getSpecific(key: laneKey) == true }

    // Written once, before any test runs; read-only after.
    nonisolated(unsafe) private static let laneKey = DispatchSpecificKey<Bool>()

    /// A task executor whose jobs run on one serial `DispatchQueue` (a thread outside the pool).
    public final class LaneExecutor: TaskExecutor {
        private let queue: DispatchQueue

        init() {
            queue = DispatchQueue(label: "feedscroll.tests.off-the-pool")
            queue.setSpecific(key: OffThePool.laneKey, value: true)
        }

        public func enqueue(_ job: consuming ExecutorJob) {
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
