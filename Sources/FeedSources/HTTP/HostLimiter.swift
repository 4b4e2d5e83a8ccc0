import FeedModel
import Foundation
import Synchronization

/// The requests one host may have in flight, per lane, the instant before which none may
/// start because the host said to slow down, and the host's pace and send window (`HostPace`).
///
/// Shared by every request a source (or several sources on one transport) sends to the host:
/// a 429 seen by one sibling pauses them all, instead of letting a fan-out hammer the API, and
/// teaches the pace every later start keeps to.
final class HostLimiter: Sendable {
    /// Requests in flight at once, per lane.
    let width: Int
    /// Starts spaced as the host's refusals taught, most urgent lane first.
    let pace: HostPace
    private let state = Mutex(State())

    private struct State {
        var inUse: [FetchLane: Int] = [:]
        var waiters: [FetchLane: [(id: UInt64, continuation: CheckedContinuation<Bool, Never>)]] = [:]
        var nextID: UInt64 = 0
    }

    /// - Parameters:
    ///   - width: requests in flight at once, per lane.
    ///   - firstWindow: requests in flight to the host before it has answered (`SendWindow`).
    ///   - clock: time and sleep for the pace.
    init(width: Int, firstWindow: Int = Int(SendWindow.initial), clock: SourceClock = .system) {
        self.width = max(1, width)
        let ceiling = self.width * FetchLane.allCases.count
        self.pace = HostPace(clock: clock, window: SendWindow(ceiling: ceiling, initial: Double(firstWindow)))
    }

    /// When the pause ends, if the host is paused.
    var pausedUntil: Date? { pace.heldUntil }

    /// Holds every request to this host until `instant` (never shortens a longer pause): no
    /// turn of its pace starts before it, and the waiting ones keep their places (`HostPace.hold`).
    func pause(until instant: Date) {
        pace.hold(until: instant)
    }

    /// Waits for a free slot in `lane`; throws `.cancelled` if the task is cancelled first.
    func acquire(_ lane: FetchLane) async throws(FeedError) {
        let id: UInt64? = state.withLock { state in
            if state.inUse[lane, default: 0] < width {
                state.inUse[lane, default: 0] += 1
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        let granted = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let cancelledAlready = state.withLock { state -> Bool in
                    if Task.isCancelled { return true }
                    state.waiters[lane, default: []].append((id, continuation))
                    return false
                }
                if cancelledAlready { continuation.resume(returning: false) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let index = state.waiters[lane]?.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters[lane]?.remove(at: index).continuation
            }
            waiter?.resume(returning: false)
        }
        if !granted { throw FeedError(.cancelled, "cancelled") }
    }

    /// Frees a slot taken by `acquire`, handing it straight to the longest waiter.
    func release(_ lane: FetchLane) {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if var queue = state.waiters[lane], !queue.isEmpty {
                let first = queue.removeFirst()
                state.waiters[lane] = queue
                return first.continuation  // the slot passes on; inUse stays
            }
            state.inUse[lane, default: 1] -= 1
            return nil
        }
        next?.resume(returning: true)
    }
}
