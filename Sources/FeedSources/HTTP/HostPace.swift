import FeedModel
import Foundation
import Synchronization

/// A host's pace: learned from its refusals, held as the earliest instant the next request may
/// start, and handed out as turns to the most urgent lane first, within the host's send window.
///
/// A turn is granted only while fewer than the window's `limit` started requests wait for their
/// answer (`SendWindow`: four until the host has answered, growing with its answers, cut by its
/// refusals); every granted turn is handed back through `finished(_:_:)` with what became of it.
///
/// Until a host refuses a request it has no pace: every turn is granted at once (a host that
/// never says "slow down" is never slowed). The first refusal (a 429, a rate-limited 403) sets
/// the pace from the starts accepted in the second up to the refused one, a tenth under:
/// five accepted is one start every 1.1 / 5 s. The burst's other refusals each take one start
/// off the accepted ones (its requests reach the server in any order, so which of them was
/// refused says nothing), and none slows the pace further than that. A refusal of a start made
/// under the current pace slows it by a quarter. After `relaxAfter` starts with no refusal the pace eases back by a quarter,
/// never past the one first learned.
///
/// Turns are handed out by one pacer task, alive only while turns wait: at each due instant
/// it grants the first in line of the most urgent lane (detail, then the list's wanted pages,
/// then its prefetch, then pictures), so the open detail's comments never wait behind list
/// pages or thumbnails, and the page the reader waits for never behind pages asked for ahead. In a lane, a
/// request keeps the place it took before its first attempt (`order()`): a retry of the
/// screen's first row goes before the page's last rows. Waits are
/// `clock.sleep`; a cancelled waiter leaves the queue and never starts.
final class HostPace: Sendable {
    /// What became of a started request, for `finished(_:_:)`.
    enum Outcome: Sendable, Equatable {
        /// The host answered and did not refuse (a 2xx, a 404, a 500, a body that does not decode).
        case answered
        /// The host said to slow down (a 429, a rate-limited 403): teaches the pace, cuts the window.
        case refused
        /// The host said it is overloaded (a 503): cuts the window, teaches no pace (a 503 says
        /// nothing about how many requests a second the host takes).
        case overloaded
        /// No answer: a timeout, a lost connection, a cancelled request.
        case unanswered
    }

    /// One start granted: its place in the host's order and its instant, for `finished`.
    struct Turn: Sendable, Equatable {
        var serial: UInt64
        var at: Date
    }

    /// Lanes in the order turns are granted.
    static let urgency: [FetchLane] = [.detail, .list, .prefetch, .pictures]
    /// Seconds over which accepted starts are counted when a pace is learned.
    static let span = 1.0
    /// The learned pace's margin over the starts that were accepted.
    static let margin = 1.1
    /// How much a refusal under the pace slows it (and a clean run eases it).
    static let slowdown = 1.25
    /// Starts kept for learning.
    static let memory = 256

    let relaxAfter: Int
    private let clock: SourceClock
    private let state: Mutex<State>

    private struct Waiter {
        var id: UInt64
        /// The request's place in line (`order()`): a retry keeps its first attempt's.
        var order: UInt64
        var continuation: CheckedContinuation<Turn?, Never>
    }

    private struct State {
        var interval: Double?
        var learned: Double?
        var due: Date?
        var waiters: [FetchLane: [Waiter]] = [:]
        var nextWaiter: UInt64 = 0
        var nextOrder: UInt64 = 0
        /// The last start made before the pace was learned.
        var learnedAt: UInt64 = 0
        /// Starts of the second the pace was learned from, and how many of them were refused.
        var burstStarts = 0
        var burstRefused = 0
        var serial: UInt64 = 0
        var starts: [Turn] = []
        /// Starts after this serial were made under the current pace.
        var pacedAfter: UInt64 = 0
        var cleanStarts = 0
        var refusals = 0
        var isPacing = false
        var window: SendWindow
        /// Turns granted whose request has not finished.
        var inFlight = 0
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        var waiting: Int { waiters.values.reduce(0) { $0 + $1.count } }
        var isWindowFull: Bool { inFlight >= window.limit }

        /// Records a start; under a pace, sets the next due instant (easing a slowed pace
        /// after `relaxAfter` clean starts).
        mutating func start(at now: Date, relaxAfter: Int) -> Turn {
            if let current = interval, let learned, cleanStarts >= relaxAfter, current > learned {
                interval = max(learned, current / HostPace.slowdown)
                pacedAfter = serial
                cleanStarts = 0
            }
            serial += 1
            inFlight += 1
            let turn = Turn(serial: serial, at: now)
            starts.append(turn)
            if starts.count > HostPace.memory { starts.removeFirst(starts.count - HostPace.memory) }
            if let interval {
                due = now.addingTimeInterval(interval)
                cleanStarts += 1
            }
            return turn
        }

        mutating func releaseWatchers() -> [CheckedContinuation<Void, Never>] {
            let count = waiting
            var ready: [CheckedContinuation<Void, Never>] = []
            watchers.removeAll { watcher in
                guard watcher.count <= count else { return false }
                ready.append(watcher.continuation)
                return true
            }
            return ready
        }
    }

    /// - Parameters:
    ///   - clock: time and sleep.
    ///   - relaxAfter: clean starts after which a slowed pace eases by a quarter.
    ///   - window: the host's send window (its ceiling: every lane's width).
    init(clock: SourceClock = .system, relaxAfter: Int = 50, window: SendWindow) {
        self.clock = clock
        self.relaxAfter = max(1, relaxAfter)
        state = Mutex(State(window: window))
    }

    /// Seconds between starts, or nil while the host has refused nothing.
    var interval: Double? { state.withLock { $0.interval } }
    /// Turns waiting to be granted, in every lane.
    var waiting: Int { state.withLock { $0.waiting } }
    /// Refusals reported.
    var refusals: Int { state.withLock { $0.refusals } }
    /// The send window now.
    var window: SendWindow { state.withLock { $0.window } }
    /// Turns granted whose request has not finished.
    var inFlight: Int { state.withLock { $0.inFlight } }

    /// A place in line for a request, taken once before its first attempt: its retries wait
    /// in that place, ahead of requests made after it (the screen's first rows are the page's
    /// first requests; a retry of one must not queue behind the page's last).
    func order() -> UInt64 {
        state.withLock { state in
            state.nextOrder += 1
            return state.nextOrder
        }
    }

    /// Waits for this host's next start, most urgent lane first, then by place in line.
    ///
    /// - Parameters:
    ///   - lane: the request's lane.
    ///   - order: its place in line (`order()`); nil takes a new one, behind every other.
    /// - Returns: the turn, to pass to `refused` if the host refuses the request.
    /// - Throws: `.cancelled` if the task is cancelled before its turn.
    func takeTurn(_ lane: FetchLane, order: UInt64? = nil) async throws(FeedError) -> Turn {
        let order = order ?? self.order()
        let now = clock.now()
        let granted = state.withLock { state -> Turn? in
            guard state.waiting == 0, !state.isWindowFull,
                  state.interval == nil || (state.due ?? now).timeIntervalSince(now) <= 0.0005
            else { return nil }
            return state.start(at: now, relaxAfter: relaxAfter)
        }
        if let granted { return granted }
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let turn = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Turn?, Never>) in
                let (cancelled, startPacer, ready) = state.withLock { state -> (Bool, Bool, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled { return (true, false, []) }
                    var queue = state.waiters[lane, default: []]
                    queue.insert(Waiter(id: id, order: order, continuation: continuation), at: queue.firstIndex { $0.order > order } ?? queue.endIndex)
                    state.waiters[lane] = queue
                    let startPacer = !state.isPacing
                    state.isPacing = true
                    return (false, startPacer, state.releaseWatchers())
                }
                if cancelled { continuation.resume(returning: nil) }
                for watcher in ready { watcher.resume() }
                if startPacer { Task { await self.pace() } }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters[lane]?.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters[lane]?.remove(at: index)
            }
            waiter?.continuation.resume(returning: nil)
        }
        guard let turn else { throw FeedError(.cancelled, "cancelled") }
        return turn
    }

    /// The request started at `turn` is over: frees its place in the window, grows or cuts the
    /// window by what the host said, learns or slows the pace on a refusal, and lets the next
    /// waiting turn go if the window held it. Called once for every granted turn.
    func finished(_ turn: Turn, _ outcome: Outcome) {
        let startPacer = state.withLock { state -> Bool in
            state.inFlight = max(0, state.inFlight - 1)
            switch outcome {
            case .answered: state.window.answered()
            case .refused, .overloaded: state.window.refused(serial: turn.serial, lastSerial: state.serial)
            case .unanswered: break
            }
            if outcome == .refused { Self.learn(from: turn, &state) }
            guard state.waiting > 0, !state.isPacing else { return false }
            state.isPacing = true
            return true
        }
        if startPacer { Task { await self.pace() } }
    }

    /// Suspends until at least `count` turns wait (a barrier for tests).
    func untilWaiting(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.waiting >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    // MARK: - Helpers

    /// The pace after a refusal of the request started at `turn`.
    private static func learn(from turn: Turn, _ state: inout State) {
        state.refusals += 1
        if let interval = state.interval, let learned = state.learned {
            if turn.serial <= state.learnedAt {
                // Another refusal of the burst the pace was learned from: one fewer of its
                // starts was accepted. (Not the starts before it in this client's order: a
                // burst's requests reach the server in any order.)
                state.burstRefused += 1
                let measured = Self.margin * Self.span / Double(max(1, state.burstStarts - state.burstRefused))
                guard measured > learned else { return }
                state.learned = measured
                state.interval = max(interval, measured)
                return
            }
            // A start made before the pace last changed tells nothing new about it.
            guard turn.serial > state.pacedAfter else { return }
            state.interval = interval * Self.slowdown
        } else {
            // The starts of the second up to the refused one and the burst it belongs to,
            // but for the refused one: accepted, as far as anyone knows yet.
            let since = turn.at.addingTimeInterval(-Self.span)
            let burstEnd = turn.at.addingTimeInterval(0.1)  // a burst's starts are milliseconds apart
            state.burstStarts = state.starts.filter { $0.at > since && $0.at <= burstEnd }.count
            state.burstRefused = 1
            let measured = Self.margin * Self.span / Double(max(1, state.burstStarts - 1))
            state.interval = measured
            state.learned = measured
            state.learnedAt = state.serial
        }
        state.pacedAfter = state.serial
        state.cleanStarts = 0
    }

    /// Grants waiting turns at their due instants until none wait.
    private func pace() async {
        while true {
            enum Step {
                case done
                case sleep(Double)
                case grant(CheckedContinuation<Turn?, Never>, Turn)
            }
            let now = clock.now()
            let step = state.withLock { state -> Step in
                guard let lane = Self.urgency.first(where: { !(state.waiters[$0]?.isEmpty ?? true) }) else {
                    state.isPacing = false
                    return .done
                }
                // A full window waits for an answer: `finished` starts the pacer again.
                if state.isWindowFull {
                    state.isPacing = false
                    return .done
                }
                // Within half a millisecond is due: date arithmetic must not cost a second sleep.
                if let due = state.due, due.timeIntervalSince(now) > 0.0005 { return .sleep(due.timeIntervalSince(now)) }
                let waiter = state.waiters[lane]!.removeFirst()
                return .grant(waiter.continuation, state.start(at: now, relaxAfter: relaxAfter))
            }
            switch step {
            case .done: return
            case let .sleep(seconds): try? await clock.sleep(seconds)
            case let .grant(continuation, turn): continuation.resume(returning: turn)
            }
        }
    }
}
