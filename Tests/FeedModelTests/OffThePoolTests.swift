import Dispatch
import FeedTestSupport
import Testing

/// `.offThePool` moves a test's body to a lane (a serial queue outside Swift's cooperative
/// pool), and only a marked test's: asked from inside the body, the lanes' queues say whether
/// one of them runs it.
struct OffThePoolTests {
    @Test(.offThePool) func aMarkedTestRunsOnALane() {
        #expect(OffThePool.isOnALane)
    }

    @Test(.offThePool) func aMarkedAsyncTestRunsOnALaneAcrossItsSuspensions() async {
        #expect(OffThePool.isOnALane)
        await Task.yield()
        #expect(OffThePool.isOnALane)
    }

    @Test func anUnmarkedTestStaysOnThePool() {
        #expect(!OffThePool.isOnALane)
    }
}

/// Every test of a suite marked `.offThePool` runs on a lane.
@Suite(.offThePool) struct OffThePoolSuiteTests {
    @Test(arguments: [1, 2]) func eachCaseRunsOnALane(_ n: Int) {
        #expect(OffThePool.isOnALane)
    }
}
