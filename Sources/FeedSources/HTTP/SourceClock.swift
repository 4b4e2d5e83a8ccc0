import Foundation

/// The clock and the sleep an adapter uses for rate-limit waits, injectable so tests never sleep.
public struct SourceClock: Sendable {
    public var now: @Sendable () -> Date
    public var sleep: @Sendable (_ seconds: Double) -> Void

    public init(now: @escaping @Sendable () -> Date, sleep: @escaping @Sendable (Double) -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The wall clock and `Thread.sleep`.
    public static let system = SourceClock(
        now: { Date() },
        sleep: { seconds in if seconds > 0 { Thread.sleep(forTimeInterval: seconds) } }
    )
}

/// Where adapters leave one-line notes that are not errors (a depth wall reached, a backoff
/// honoured). The CLI points it at its `--log` file; `nil` drops them.
public typealias SourceLog = @Sendable (String) -> Void
