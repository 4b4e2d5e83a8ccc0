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
/// the pace from the starts the host accepted in its window up to the refused one, a tenth
/// under: five accepted is one start every 1.1 / 5 s (`accepted`: the boundary of the host's
/// windows unknown, the fewest any boundary the starts allow). The burst's other refusals
/// each take one start off the accepted ones (its requests reach the server in any order, so
/// which of them was refused says nothing), and none slows the pace further than that. A refusal of a start made
/// under the current pace slows it by a quarter. After `relaxAfter` starts with no refusal the pace eases back by a quarter,
/// never past the one first learned.
///
/// Turns are handed out by one pacer task, alive only while turns wait: at each due instant
/// it grants the first in line of the most urgent lane (detail, then the list's wanted pages,
/// then its prefetch, then pictures), so the open detail's comments never wait behind list
/// pages or thumbnails, and the page the reader waits for never behind pages asked for ahead. In a lane, a
/// request keeps the place it took before its first attempt (`order()`): a retry of the
/// screen's first row goes before the page's last rows, and while it waits out its backoff
/// its place in the window is kept (`reserve`), so the rows behind it do not take the place
/// its retry needs. A host's `Retry-After` is a hold in the pace (`hold(until:)`): every turn
/// waits it out in its place, and when it ends the earliest places go first. A request can be
/// moved to another lane in its place (`move(_:to:)`: a prefetch page the reader reached).
/// A refusal that teaches the pace cuts the send window no lower than what the pace starts in
/// the host's round trip (`SendWindow.cover`), so the pace, not the window, sets the rate.
/// Waits are `clock.sleep`; a cancelled waiter leaves the queue and never starts.
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

    /// A place kept in line and in the send window for a request waiting out its backoff
    /// (`reserve(_:order:)`): turns behind it start only while the window keeps a place for it.
    struct Reservation: Sendable, Equatable {
        var id: UInt64
        var lane: FetchLane
        var order: UInt64
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
        /// The starts the pace was learned from (up to the first refusal's burst), the first
        /// refused start, and which of them were refused.
        var burst: [Turn] = []
        var burstAnchor: Turn?
        var burstRefused: Set<UInt64> = []
        var serial: UInt64 = 0
        var starts: [Turn] = []
        /// Starts after this serial were made under the current pace.
        var pacedAfter: UInt64 = 0
        var cleanStarts = 0
        var refusals = 0
        var isPacing = false
        /// No turn before this instant: the host said to wait (`hold(until:)`).
        var heldUntil: Date?
        /// Places kept for requests waiting out their backoff.
        var reservations: [Reservation] = []
        var nextReservation: UInt64 = 0
        /// Calls to `takeTurn` so far, granted at once or queued (a barrier for tests).
        var arrivals = 0
        /// Calls to `finished` so far (a barrier for tests).
        var finishes = 0
        /// Tests waiting for a counter to reach a count (`until(_:_:)`).
        var barriers: [(counter: Counter, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var window: SendWindow
        /// Turns granted whose request has not finished.
        var inFlight = 0
        /// The host's smoothed round trip, from start to answer (TCP's SRTT: an eighth of each
        /// new sample); nil until a request was answered. Refusals, answered at once at the
        /// edge, are not round trips of the host.
        var roundTrip: Double?
        /// Requests moved to another lane while they wait (`move(_:to:)`), by place in line:
        /// their next turns and kept places are in that lane.
        var moved: [UInt64: FetchLane] = [:]

        var waiting: Int { waiters.values.reduce(0) { $0 + $1.count } }

        /// Places kept ahead of a turn in `lane` at `order`: in a more urgent lane, or earlier in its own.
        func reservedAhead(of lane: FetchLane, order: UInt64) -> Int {
            let rank = HostPace.urgency.firstIndex(of: lane) ?? HostPace.urgency.count
            return reservations.count { reservation in
                let other = HostPace.urgency.firstIndex(of: reservation.lane) ?? HostPace.urgency.count
                return other < rank || (other == rank && reservation.order < order)
            }
        }

        /// What may happen next: the first in line (most urgent lane, then place) is granted,
        /// or waits for an instant (the host's hold, the pace's next start), or for an answer
        /// or a returning reservation (the window, less the places kept ahead of it, is full).
        enum Next {
            case idle
            case blocked
            case sleep(Double)
            case grant(CheckedContinuation<Turn?, Never>, Turn)
        }

        mutating func next(now: Date, relaxAfter: Int) -> Next {
            guard let lane = HostPace.urgency.first(where: { !(waiters[$0]?.isEmpty ?? true) }),
                  let first = waiters[lane]?.first
            else { return .idle }
            // Within half a millisecond is due: date arithmetic must not cost a second sleep.
            if let heldUntil, heldUntil.timeIntervalSince(now) > 0.0005 { return .sleep(heldUntil.timeIntervalSince(now)) }
            if inFlight + reservedAhead(of: lane, order: first.order) >= window.limit { return .blocked }
            if interval != nil, let due, due.timeIntervalSince(now) > 0.0005 { return .sleep(due.timeIntervalSince(now)) }
            waiters[lane]!.removeFirst()
            return .grant(first.continuation, start(at: now, relaxAfter: relaxAfter))
        }

        /// Grants every turn that may start now; says whether a pacer must be started to wait
        /// for an instant (none is running).
        mutating func grantNow(now: Date, relaxAfter: Int) -> (grants: [(CheckedContinuation<Turn?, Never>, Turn)], startPacer: Bool) {
            var grants: [(CheckedContinuation<Turn?, Never>, Turn)] = []
            while true {
                switch next(now: now, relaxAfter: relaxAfter) {
                case let .grant(continuation, turn): grants.append((continuation, turn))
                case .sleep:
                    guard !isPacing else { return (grants, false) }
                    isPacing = true
                    return (grants, true)
                case .idle, .blocked: return (grants, false)
                }
            }
        }

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

        /// Puts a waiter in `lane`'s line at its place.
        mutating func enqueue(_ waiter: Waiter, in lane: FetchLane) {
            var queue = waiters[lane, default: []]
            queue.insert(waiter, at: queue.firstIndex { $0.order > waiter.order } ?? queue.endIndex)
            waiters[lane] = queue
        }

        /// Takes the first waiter that matches out of whichever lane it waits in.
        mutating func remove(where matches: (Waiter) -> Bool) -> Waiter? {
            for (lane, queue) in waiters {
                if let index = queue.firstIndex(where: matches) { return waiters[lane]?.remove(at: index) }
            }
            return nil
        }

        /// The barriers whose counter has reached their count, taken out to be resumed.
        mutating func releaseBarriers() -> [CheckedContinuation<Void, Never>] {
            let values: [Counter: Int] = [.waiting: waiting, .arrived: arrivals, .finished: finishes]
            var ready: [CheckedContinuation<Void, Never>] = []
            barriers.removeAll { barrier in
                guard barrier.count <= values[barrier.counter]! else { return false }
                ready.append(barrier.continuation)
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

    /// Keeps the place of a request that waits out its backoff before its next attempt: in
    /// line (`order`) and in the send window. While it is kept, turns behind it start only if
    /// the window still has room for it, so its retry is not held behind requests made after it
    /// (a retry of the screen's first rows waited up to a round trip for the page's last to
    /// answer). Pass it to `takeTurn`, which uses it up, or give it back with `release(_:)`.
    func reserve(_ lane: FetchLane, order: UInt64) -> Reservation {
        state.withLock { state in
            state.nextReservation += 1
            let reservation = Reservation(id: state.nextReservation, lane: state.moved[order] ?? lane, order: order)
            state.reservations.append(reservation)
            return reservation
        }
    }

    /// Gives back a place kept by `reserve` that will not be used (the request was cancelled
    /// or gave up): the turns it held back may start.
    func release(_ reservation: Reservation) {
        let (grants, startPacer) = state.withLock { state -> ([(CheckedContinuation<Turn?, Never>, Turn)], Bool) in
            state.reservations.removeAll { $0.id == reservation.id }
            return state.grantNow(now: clock.now(), relaxAfter: relaxAfter)
        }
        resume(grants, startPacer: startPacer)
    }

    /// Holds every turn to the host until `instant` (a `Retry-After`, a spent quota); never
    /// shortens a longer hold. The turns waiting keep their places: when the hold ends the
    /// most urgent lane goes first and, in it, the earliest place (the refused requests of the
    /// screen's rows before the page's later ones).
    func hold(until instant: Date) {
        let startPacer = state.withLock { state -> Bool in
            if let current = state.heldUntil, current >= instant { return false }
            state.heldUntil = instant
            guard state.waiting > 0, !state.isPacing else { return false }
            state.isPacing = true
            return true
        }
        if startPacer { Task { await self.pace() } }
    }

    /// Moves the request whose place in line is `order` to `lane`, keeping its place: its
    /// turn if it waits for one, the place kept for its retry, and every later turn it takes
    /// (a page asked for as prefetch that the reader reaches is wanted now, and goes before the
    /// wanted requests made after it). Undone by `forget(_:)` when the request ends.
    func move(_ order: UInt64, to lane: FetchLane) {
        let (grants, startPacer) = state.withLock { state -> ([(CheckedContinuation<Turn?, Never>, Turn)], Bool) in
            state.moved[order] = lane
            if let waiter = state.remove(where: { $0.order == order }) { state.enqueue(waiter, in: lane) }
            for index in state.reservations.indices where state.reservations[index].order == order {
                state.reservations[index].lane = lane
            }
            return state.grantNow(now: clock.now(), relaxAfter: relaxAfter)
        }
        resume(grants, startPacer: startPacer)
    }

    /// The lane the request at `order` waits in: the one it asked for, unless it was moved.
    func lane(of order: UInt64, asked lane: FetchLane) -> FetchLane {
        state.withLock { $0.moved[order] ?? lane }
    }

    /// The request at `order` has ended: forgets the lane it was moved to.
    func forget(_ order: UInt64) {
        state.withLock { state in _ = state.moved.removeValue(forKey: order) }
    }

    /// When the host's hold ends, if it is held now.
    var heldUntil: Date? {
        let now = clock.now()
        return state.withLock { state in state.heldUntil.flatMap { $0 > now ? $0 : nil } }
    }

    /// Waits for this host's next start, most urgent lane first, then by place in line.
    ///
    /// - Parameters:
    ///   - lane: the request's lane.
    ///   - order: its place in line (`order()`); nil takes a new one, behind every other.
    ///   - reservation: the place `reserve` kept for it while it waited out its backoff.
    ///   - placed: called once the request stands in line (its turn granted at once, or queued
    ///     at its place), so that the next of its fan-out may take a place behind it (`PlaceInLine`).
    /// - Returns: the turn, to pass to `refused` if the host refuses the request.
    /// - Throws: `.cancelled` if the task is cancelled before its turn.
    func takeTurn(
        _ lane: FetchLane, order: UInt64? = nil, reservation: Reservation? = nil, placed: (@Sendable () -> Void)? = nil
    ) async throws(FeedError) -> Turn {
        let order = order ?? self.order()
        if Task.isCancelled {
            if let reservation { release(reservation) }
            throw FeedError(.cancelled, "cancelled")
        }
        // At once, without suspending, when it would be the first in line and may start now:
        // the requests a page sends together start in the order they are sent.
        let now = clock.now()
        let (immediate, arrived) = state.withLock { state -> (Turn?, [CheckedContinuation<Void, Never>]) in
            // The kept place is used up here: from now on the request stands in line itself.
            if let reservation { state.reservations.removeAll { $0.id == reservation.id } }
            state.arrivals += 1
            let arrived = state.releaseBarriers()
            let lane = state.moved[order] ?? lane
            let rank = Self.urgency.firstIndex(of: lane) ?? Self.urgency.count
            let isFirst = !Self.urgency.enumerated().contains { index, other in
                guard let queue = state.waiters[other], !queue.isEmpty else { return false }
                return index < rank || (index == rank && queue[0].order < order)
            }
            guard isFirst,
                  (state.heldUntil?.timeIntervalSince(now) ?? 0) <= 0.0005,
                  state.inFlight + state.reservedAhead(of: lane, order: order) < state.window.limit,
                  state.interval == nil || (state.due?.timeIntervalSince(now) ?? 0) <= 0.0005
            else { return (nil, arrived) }
            return (state.start(at: now, relaxAfter: relaxAfter), arrived)
        }
        for watcher in arrived { watcher.resume() }
        if let immediate {
            placed?()
            return immediate
        }
        let id = state.withLock { state -> UInt64 in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let turn = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Turn?, Never>) in
                let now = clock.now()
                let (cancelled, grants, startPacer, ready) = state.withLock {
                    state -> (Bool, [(CheckedContinuation<Turn?, Never>, Turn)], Bool, [CheckedContinuation<Void, Never>]) in
                    var ready: [CheckedContinuation<Void, Never>] = []
                    if Task.isCancelled {
                        let (grants, startPacer) = state.grantNow(now: now, relaxAfter: relaxAfter)
                        return (true, grants, startPacer, ready)
                    }
                    state.enqueue(Waiter(id: id, order: order, continuation: continuation), in: state.moved[order] ?? lane)
                    let (grants, startPacer) = state.grantNow(now: now, relaxAfter: relaxAfter)
                    ready += state.releaseBarriers()
                    return (false, grants, startPacer, ready)
                }
                if cancelled { continuation.resume(returning: nil) }
                placed?()
                for watcher in ready { watcher.resume() }
                resume(grants, startPacer: startPacer)
            }
        } onCancel: {
            // In whichever lane it waits now: it may have been moved (`move(_:to:)`).
            let waiter = state.withLock { state in state.remove { $0.id == id } }
            waiter?.continuation.resume(returning: nil)
        }
        guard let turn else { throw FeedError(.cancelled, "cancelled") }
        return turn
    }

    /// The request started at `turn` is over: frees its place in the window, grows or cuts the
    /// window by what the host said, learns or slows the pace on a refusal, and lets the next
    /// waiting turn go if the window held it. Called once for every granted turn.
    func finished(_ turn: Turn, _ outcome: Outcome) {
        let (grants, startPacer, ready) = state.withLock { state -> ([(CheckedContinuation<Turn?, Never>, Turn)], Bool, [CheckedContinuation<Void, Never>]) in
            state.inFlight = max(0, state.inFlight - 1)
            state.finishes += 1
            switch outcome {
            case .answered:
                state.window.answered()
                let sample = max(0, clock.now().timeIntervalSince(turn.at))
                state.roundTrip = state.roundTrip.map { $0 + (sample - $0) / 8 } ?? sample
            case .refused, .overloaded: state.window.refused(serial: turn.serial, lastSerial: state.serial)
            case .unanswered: break
            }
            if outcome == .refused {
                Self.learn(from: turn, &state)
                // The pace now sets the rate: the window keeps room for what it starts in a
                // round trip, or a cut below that would slow the host below its pace.
                if let interval = state.interval, let roundTrip = state.roundTrip, interval > 0 {
                    state.window.cover((roundTrip / interval).rounded(.up))
                }
            }
            let (grants, startPacer) = state.grantNow(now: clock.now(), relaxAfter: relaxAfter)
            return (grants, startPacer, state.releaseBarriers())
        }
        resume(grants, startPacer: startPacer)
        for watcher in ready { watcher.resume() }
    }

    /// A count a test can wait for (`until(_:_:)`).
    enum Counter: Sendable, Hashable {
        /// Turns waiting to be granted.
        case waiting
        /// Calls to `takeTurn`, whether the turn was granted at once or queued (a barrier that
        /// does not hang when a turn expected to wait is granted).
        case arrived
        /// Calls to `finished`: what the window let go on each answer has been granted.
        case finished
    }

    /// Suspends until `counter` is at least `count` (a barrier for tests).
    func until(_ counter: Counter, _ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                let values: [Counter: Int] = [.waiting: state.waiting, .arrived: state.arrivals, .finished: state.finishes]
                if values[counter]! >= count { return true }
                state.barriers.append((counter, count, continuation))
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
                state.burstRefused.insert(turn.serial)
                let measured = Self.margin * Self.span / Double(max(1, Self.accepted(state)))
                guard measured > learned else { return }
                state.learned = measured
                state.interval = max(interval, measured)
                return
            }
            // A start made before the pace last changed tells nothing new about it.
            guard turn.serial > state.pacedAfter else { return }
            state.interval = interval * Self.slowdown
        } else {
            // The starts up to the refused one and the burst it belongs to, but for the
            // refused one: accepted, as far as anyone knows yet.
            let burstEnd = turn.at.addingTimeInterval(Self.burstGap)
            state.burst = state.starts.filter { $0.at <= burstEnd }
            state.burstAnchor = turn
            state.burstRefused = [turn.serial]
            let measured = Self.margin * Self.span / Double(max(1, Self.accepted(state)))
            state.interval = measured
            state.learned = measured
            state.learnedAt = state.serial
        }
        state.pacedAfter = state.serial
        state.cleanStarts = 0
    }

    /// A burst's starts are milliseconds apart: starts this close after a refused one belong to
    /// its burst, and reached the server in any order.
    static let burstGap = 0.1

    /// How many starts the host accepts in one of its windows (`span`), as the refusal that
    /// set the pace says, never more than it can have been.
    ///
    /// Hosts count fixed windows (one second each, starting on a boundary the client does not
    /// know: Rack::Attack, GitHub, the replica): the refused start's window held the host's
    /// limit, and every earlier window held no more. For each boundary a window may start on
    /// (a hundredth of `span` apart), the starts accepted from the window's start to the
    /// refused burst are the limit if that boundary is the host's, and it can be only if no
    /// earlier window held more: the fewest over the boundaries that can be is a limit the
    /// host cannot refuse. Counting the `span` before the refusal instead (what was done
    /// before) takes in the end of the window before, and learned six, seven, once eight where
    /// the fault mix allows five (the pace then too fast by a fifth or more, refused again,
    /// each refusal holding the host a second). A host no fixed window explains (a token
    /// bucket) falls back to that count.
    private static func accepted(_ state: State) -> Int {
        guard let anchor = state.burstAnchor?.at.timeIntervalSince1970 else { return 0 }
        let end = anchor + burstGap
        let starts = state.burst.map { (at: $0.at.timeIntervalSince1970, isRefused: state.burstRefused.contains($0.serial)) }
        let trailing = starts.count { $0.at > anchor - span && $0.at <= end && !$0.isRefused }
        var fewest: Int?
        for step in 0..<100 {
            let phase = Double(step) / 100 * span
            let windowStart = ((anchor - phase) / span).rounded(.down) * span + phase
            let limit = starts.count { $0.at >= windowStart && $0.at <= end && !$0.isRefused }
            if let fewest, limit >= fewest { continue }
            var earlier: [Double: Int] = [:]
            for start in starts where start.at < windowStart && !start.isRefused {
                earlier[((start.at - phase) / span).rounded(.down), default: 0] += 1
            }
            guard (earlier.values.max() ?? 0) <= limit else { continue }
            fewest = limit
        }
        return fewest ?? trailing
    }

    /// Hands out the turns granted, and starts the pacer when a turn must wait for an instant.
    private func resume(_ grants: [(CheckedContinuation<Turn?, Never>, Turn)], startPacer: Bool) {
        for (continuation, turn) in grants { continuation.resume(returning: turn) }
        if startPacer { Task { await self.pace() } }
    }

    /// Grants waiting turns at their due instants (the hold's end, the pace's next start) until
    /// none waits for an instant: a turn held by the window waits for `finished` or `release`,
    /// which grant it themselves.
    private func pace() async {
        while true {
            let now = clock.now()
            let step = state.withLock { state -> State.Next in
                let next = state.next(now: now, relaxAfter: relaxAfter)
                switch next {
                case .idle, .blocked: state.isPacing = false
                case .sleep, .grant: break
                }
                return next
            }
            switch step {
            case .idle, .blocked: return
            case let .sleep(seconds): try? await clock.sleep(seconds)
            case let .grant(continuation, turn): continuation.resume(returning: turn)
            }
        }
    }
}
