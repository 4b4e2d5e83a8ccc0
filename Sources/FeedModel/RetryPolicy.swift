/// When to try a failed page again: the server's word when it gives one, otherwise
/// exponential backoff with full jitter, capped.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included.
    public var maxAttempts: Int
    /// The first backoff ceiling, in seconds.
    public var base: Double
    /// The largest backoff ceiling, in seconds.
    public var cap: Double
    /// The longest server-requested wait honoured before giving up to the error footer.
    public var maxServerWait: Double

    public init(maxAttempts: Int = 4, base: Double = 0.5, cap: Double = 8, maxServerWait: Double = 120) {
        self.maxAttempts = max(1, maxAttempts)
        self.base = base
        self.cap = cap
        self.maxServerWait = maxServerWait
    }

    /// No retries: every failure goes straight to the footer.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// The wait before the next attempt, or `nil` to give up.
    ///
    /// - Parameters:
    ///   - attempt: attempts made so far (1 after the first failure).
    ///   - error: the last failure.
    ///   - random: a number in `0..<1` (full jitter); passed in so the policy stays pure.
    public func delay(afterAttempt attempt: Int, error: FeedError, random: Double) -> Double? {
        guard error.isRetryable, attempt < maxAttempts else { return nil }
        if let wait = error.retryAfter {
            return wait <= maxServerWait ? max(0, wait) : nil
        }
        let ceiling = min(cap, base * Double(1 << min(attempt - 1, 30)))
        return ceiling * min(max(random, 0), 1)
    }
}
