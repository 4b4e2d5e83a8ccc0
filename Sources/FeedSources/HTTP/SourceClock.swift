import FeedModel
import Foundation

/// The clock and the sleep that backoff, rate-limit pauses and `backoff` waits use, injectable
/// so tests never sleep.
public struct SourceClock: Sendable {
    public var now: @Sendable () -> Date
    /// Suspends for `seconds`; throws `.cancelled` as soon as the task is cancelled, so a wait
    /// dies with its load.
    public var sleep: @Sendable (_ seconds: Double) async throws(FeedError) -> Void

    public init(
        now: @escaping @Sendable () -> Date,
        sleep: @escaping @Sendable (Double) async throws(FeedError) -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    /// The wall clock and `Task.sleep`.
    public static let system = SourceClock(
        now: { Date() },
        sleep: { (seconds: Double) async throws(FeedError) in
            do {
                if seconds > 0 {
                    try await Task.sleep(for: .seconds(seconds))
                } else {
                    try Task.checkCancellation()
                }
            } catch {
                throw FeedError(.cancelled, "cancelled")
            }
        }
    )
}

/// Where adapters leave one-line notes that are not errors (a depth wall reached, a backoff
/// honoured). The CLI points it at its `--log` file; `nil` drops them.
public typealias SourceLog = @Sendable (String) -> Void
