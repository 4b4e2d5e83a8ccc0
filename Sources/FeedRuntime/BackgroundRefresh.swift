import Foundation
import Synchronization

/// Refresh-all that outlives the list's run that started it (`feedscroll feeds`): Enter on a
/// feed while the refresh is under way leaves it running behind the feed, as newsboat's reload
/// goes on while a feed is read, and the list, opened again, follows it to its end. One per
/// session, which cancels it and waits for it before the network closes.
public final class BackgroundRefresh: Sendable {
    /// What the list draws of a refresh: each ended feed's outcome and its count read again,
    /// by URL, and every report once the refresh has ended.
    public struct Progress: Sendable, Equatable {
        public var outcomes: [String: String] = [:]
        public var unread: [String: Int] = [:]
        public var reports: [SubscriptionRefresh.Report]?
    }

    private struct State {
        var progress = Progress()
        var task: Task<Void, Never>?
        /// Posted to when the running refresh has ended (the runtime's own wake-up, `Inbox`).
        var ended: Inbox<Void>?
        var watchers: [Int: AsyncStream<Progress>.Continuation] = [:]
        var nextWatcher = 0
        /// Whether the last refresh's end was shown by a list (a list following it, or the first
        /// list loaded after it ended unseen).
        var isDelivered = true
    }

    private let state = Mutex(State())

    public init() {}

    /// Whether a refresh is under way.
    public var isRunning: Bool { state.withLock { $0.task != nil } }

    /// Starts `refresh`, unless one is under way.
    /// - Parameter count: a feed's unread count, read again once its report comes (by URL).
    public func start(_ refresh: SubscriptionRefresh, count: @escaping @Sendable (String) -> Int?) {
        state.withLock { state in
            guard state.task == nil else { return }
            let ended = Inbox<Void>()
            state.progress = Progress()
            state.isDelivered = false
            state.ended = ended
            // Made under the lock, so a cancel never misses it; its body takes the lock later,
            // on another thread.
            state.task = Task.detached { [self] in
                let reports = await refresh.run { report in
                    let url = report.subscription.url
                    let unread = count(url)
                    self.update { progress in
                        progress.outcomes[url] = report.outcome.rowLabel
                        if let unread { progress.unread[url] = unread }
                    }
                }
                self.update(ending: true) { $0.reports = reports }
                ended.post(())
            }
        }
    }

    /// The refresh's progress as it goes: where it stands at once, then each change; the
    /// stream ends with the refresh (at once when none is under way) or when its reader is
    /// cancelled, which leaves the refresh running.
    public func follow() -> AsyncStream<Progress> {
        let (stream, continuation) = AsyncStream<Progress>.makeStream()
        let id: Int? = state.withLock { state in
            guard state.task != nil else { return nil }
            let id = state.nextWatcher
            state.nextWatcher += 1
            state.watchers[id] = continuation
            continuation.yield(state.progress)
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.watchers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The ended refresh's progress, once: for the list that followed it to its end, or the
    /// first list loaded after it ended while none was open. Nil while one is under way.
    public func takeEnded() -> Progress? {
        state.withLock { state in
            guard state.task == nil, !state.isDelivered, state.progress.reports != nil else { return nil }
            state.isDelivered = true
            return state.progress
        }
    }

    /// Cancels the refresh under way, if any, and waits for it to end (at most `timeout` seconds).
    /// The session's thread, not a fetch, waits here: it is the last step before the network
    /// closes, which must not close under a request still running; the transport answers a
    /// cancel at once, so the wait is as long as a cancelled request takes to unwind.
    public func cancelAndWait(timeout: Double = 5) {
        let running = state.withLock { state in state.task.map { ($0, state.ended) } }
        guard let (task, ended) = running, let ended else { return }
        task.cancel()
        let deadline = Date().addingTimeInterval(timeout)
        while ended.drain().isEmpty {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            ended.wait(timeout: Int32(min(left * 1000, 1000).rounded(.up)))
        }
    }

    private func update(ending: Bool = false, _ change: (inout Progress) -> Void) {
        let (progress, watchers) = state.withLock { state in
            change(&state.progress)
            let watchers = Array(state.watchers.values)
            if ending {
                state.task = nil
                state.watchers = [:]
            }
            return (state.progress, watchers)
        }
        for watcher in watchers {
            watcher.yield(progress)
            if ending { watcher.finish() }
        }
    }
}
