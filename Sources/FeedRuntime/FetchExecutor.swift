import Dispatch

/// The executor every fetch task prefers: its jobs run on one custom concurrent
/// `DispatchQueue`, the card's "async fetcher on a custom concurrent queue".
///
/// Fetch code never blocks (it suspends in AsyncHTTPClient and `Task.sleep`), so the queue's
/// threads only ever run short bursts of work: decoding, sanitising, handing results back.
/// Child tasks of a fan-out inherit the preference, so sibling requests run here too. Made by
/// the runtime that owns it (one per run) and handed to every loader it makes: no global.
public final class FetchExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// - Parameter label: the queue's label, as seen in a debugger.
    public init(label: String) {
        queue = DispatchQueue(label: label, attributes: .concurrent)
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
