import FeedModel

import Testing

@Suite struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 4, base: 0.5, cap: 8)
    let transient = FeedError(.http(status: 503), "HTTP 503")

    @Test func finalErrorsAreNotRetried() {
        #expect(policy.delay(afterAttempt: 1, error: FeedError(.decoding, "bad JSON"), random: 0.5) == nil)
        #expect(policy.delay(afterAttempt: 1, error: FeedError(.http(status: 404), "not found"), random: 0.5) == nil)
    }

    @Test func fullJitterStaysUnderAnExponentialCeiling() {
        #expect(policy.delay(afterAttempt: 1, error: transient, random: 0.999)! < 0.5)
        #expect(policy.delay(afterAttempt: 2, error: transient, random: 1) == 1.0)
        #expect(policy.delay(afterAttempt: 3, error: transient, random: 1) == 2.0)
        #expect(policy.delay(afterAttempt: 3, error: transient, random: 0) == 0)
        #expect(policy.delay(afterAttempt: 4, error: transient, random: 0.5) == nil)
    }

    @Test func capBoundsTheCeiling() {
        let long = RetryPolicy(maxAttempts: 20, base: 0.5, cap: 8)
        #expect(long.delay(afterAttempt: 15, error: transient, random: 1) == 8)
    }

    @Test func serverWaitWinsOverBackoff() {
        let limited = FeedError(.rateLimited, "HTTP 429", retryAfter: 3)
        #expect(policy.delay(afterAttempt: 1, error: limited, random: 0) == 3)
        let tooLong = FeedError(.rateLimited, "HTTP 429", retryAfter: 3600)
        #expect(policy.delay(afterAttempt: 1, error: tooLong, random: 0) == nil)
    }
}
