import FeedModel
import Synchronization

/// The places in line a fan-out's steps take at their hosts, handed out in input order.
///
/// `FanOut.map` starts its steps as child tasks, and tasks start in whatever order the executor
/// runs them (on the fetch queue's threads, any): each step's request took its place in its
/// host's line (`HostPace.order()`) when its task happened to reach the transport. Under the
/// fault mix a story's first reply, second in its fan-out, once took the last of eight places
/// and its first comment came at 6.0 s instead of 3.8 s. So each step carries a ticket
/// (`PlaceInLine.ticket`, a task local), and `RetryingTransport` lets a step's request take its
/// place only after every step before it in the input has taken one (or ended without asking):
/// the places, and the turns granted from them, follow the input, the rows' and the replies'
/// order.
final class PlaceInLine: Sendable {
    /// One step's claim: its fan-out and its index in the input.
    struct Ticket: Sendable {
        let line: PlaceInLine
        let index: Int

        /// Suspends until every step before this one has taken its place or ended.
        ///
        /// - Throws: `.cancelled` if the task is cancelled first.
        func waitForTurn() async throws(FeedError) { try await line.wait(for: index) }

        /// This step has taken its place (or will take none): the next may take its own.
        /// Idempotent, and called from three places on purpose: `HostPace.takeTurn`'s `placed`
        /// (the request stands in line), `RetryingTransport`'s defer (the request ended before it
        /// stood in line: cancelled) and `FanOut`'s child's defer (a step that asked no host).
        func taken() { line.taken(index) }
    }

    /// The ticket of the step the current task runs, if it runs one of a fan-out's steps.
    @TaskLocal static var ticket: Ticket?

    private struct State {
        /// Every index below this one has taken its place.
        var next = 0
        /// Indices at or past `next` that have taken theirs.
        var done: Set<Int> = []
        var waiters: [(index: Int, id: UInt64, continuation: CheckedContinuation<Bool, Never>)] = []
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// A ticket for the step at `index`.
    func ticket(_ index: Int) -> Ticket { Ticket(line: self, index: index) }

    // MARK: - Helpers

    private func wait(for index: Int) async throws(FeedError) {
        let id: UInt64? = state.withLock { state in
            if index <= state.next { return nil }
            state.nextWaiter += 1
            return state.nextWaiter
        }
        guard let id else { return }
        let granted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer = state.withLock { state -> Bool? in
                    if Task.isCancelled { return false }
                    if index <= state.next { return true }
                    state.waiters.append((index, id, continuation))
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let found = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: found).continuation
            }
            waiter?.resume(returning: false)
        }
        if !granted { throw FeedError(.cancelled, "cancelled") }
    }

    private func taken(_ index: Int) {
        let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            guard index >= state.next else { return [] }
            state.done.insert(index)
            while state.done.remove(state.next) != nil { state.next += 1 }
            let next = state.next
            var ready: [CheckedContinuation<Bool, Never>] = []
            state.waiters.removeAll { waiter in
                guard waiter.index <= next else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return ready
        }
        for continuation in ready { continuation.resume(returning: true) }
    }
}
