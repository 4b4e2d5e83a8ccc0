import Dispatch
import FeedTestSupport
import Testing

/// `.offThePool` moves a test's body to its lane (a serial queue outside Swift's cooperative
/// pool), and only a marked test's: asked from inside the body, the lane's queue says whether it
/// is the one running it.
struct OffThePoolTests {
    @Test(.offThePool) func aMarkedTestRunsOnTheLane() {
        #expect(OffThePool.isOnTheLane)
    }

    @Test(.offThePool) func aMarkedAsyncTestRunsOnTheLaneAcrossItsSuspensions() async {
        #expect(OffThePool.isOnTheLane)
        await Task.yield()
        #expect(OffThePool.isOnTheLane)
    }

    @Test func anUnmarkedTestStaysOnThePool() {
        #expect(!OffThePool.isOnTheLane)
    }
}

/// Every test of a suite marked `.offThePool` runs on the lane.
@Suite(.offThePool) struct OffThePoolSuiteTests {
    @Test(arguments: [1, 2]) func eachCaseRunsOnTheLane(_ n: Int) {
        #expect(OffThePool.isOnTheLane)
    }
}
