import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// A host's pace learned from its refusals, and turns granted most urgent lane first, on a
/// manual clock: every wait is a barrier on the pace's, the clock's or a stream's state.
struct HostPacingTests {
    /// A send window these tests never fill: they are about the pace (`SendWindowTests` and
    /// the window tests below are about the window).
    static let open = SendWindow(ceiling: 64, initial: 64)

    /// Eight turns at once (no pace yet), three refused: five accepted in the same second, so
    /// a start every 1.1 / 5 s.
    static func learned(_ clock: ManualClock, relaxAfter: Int = 50) async throws -> (HostPace, [HostPace.Turn]) {
        let pace = HostPace(clock: clock.clock, relaxAfter: relaxAfter, window: Self.open)
        var turns: [HostPace.Turn] = []
        for _ in 0..<8 { turns.append(try await pace.takeTurn(.list)) }
        #expect(clock.slept.isEmpty, "no pace before a refusal: every turn at once")
        #expect(pace.interval == nil)
        for index in 5...7 { pace.finished(turns[index], .refused) }
        #expect(pace.interval == 1.1 / 5)
        return (pace, turns)
    }

    @Test func theFirstRefusalSetsThePaceFromTheStartsAcceptedInTheSecondBeforeIt() async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: Self.open)
        // Three starts 1.5 s before are outside the second the refusal is measured over.
        for _ in 0..<3 { _ = try await pace.takeTurn(.list) }
        clock.advance(by: 1.5)
        var turns: [HostPace.Turn] = []
        for _ in 0..<4 { turns.append(try await pace.takeTurn(.list)) }
        clock.advance(by: 0.4)
        turns.append(try await pace.takeTurn(.list))
        pace.finished(turns[4], .refused)
        #expect(pace.interval == 1.1 / 4, "the four before it; not the three of 1.5 s before")
        #expect(pace.refusals == 1)
    }

    /// The host counts fixed windows whose boundary the client does not know. Five starts at
    /// the end of one of its seconds and five at the start of the next, then a refusal: the
    /// host takes five a window, not the ten of the second before the refusal (which a pace
    /// of 1.1 / 10 s would have taken, and been refused again at once).
    @Test func aPaceIsLearnedFromOneOfTheHostsWindowsNotTheSecondBeforeTheRefusal() async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: Self.open)
        clock.advance(by: 0.9)
        for _ in 0..<5 { _ = try await pace.takeTurn(.list) }
        clock.advance(by: 0.15)
        for _ in 0..<5 { _ = try await pace.takeTurn(.list) }
        clock.advance(by: 0.05)
        let refused = try await pace.takeTurn(.list)
        pace.finished(refused, .refused)
        #expect(pace.interval == 1.1 / 5, "a window that starts between the bursts holds five, and the one before no more")
    }

    /// More refusals of the burst mean fewer accepted, not a quarter slower each (a burst
    /// refused at once is one lesson, not five).
    @Test func theBurstsRefusalsDoNotCompoundThePace() async throws {
        let (pace, turns) = try await Self.learned(ManualClock())
        pace.finished(turns[0], .refused)
        pace.finished(turns[1], .refused)
        #expect(pace.interval == 1.1 / 3, "three accepted; compounding would have made it 1.1 / 5 × 1.25²")
        #expect(pace.refusals == 5)
    }

    /// The burst's requests reach the server in any order: whichever of its starts are refused,
    /// each refusal takes one off the accepted ones, never more.
    @Test(arguments: [[1, 2, 7], [7, 0, 3], [5, 6, 7]])
    func eachRefusalOfTheBurstTakesOneStartOffTheAccepted(refused: [Int]) async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: Self.open)
        var turns: [HostPace.Turn] = []
        for _ in 0..<8 { turns.append(try await pace.takeTurn(.list)) }
        for (count, index) in refused.enumerated() {
            pace.finished(turns[index], .refused)
            #expect(pace.interval == 1.1 / Double(7 - count))
        }
        #expect(pace.refusals == 3)
    }

    /// A retry keeps the place its request took before its first attempt: it goes before
    /// requests made after it, in its lane.
    @Test func aRetryKeepsItsPlaceInLine() async throws {
        let clock = ManualClock()
        let (pace, _) = try await Self.learned(clock)
        let interval = try #require(pace.interval)
        let early = pace.order()  // the first row's request, before the rest of the page
        _ = try await pace.takeTurn(.list)
        let (granted, grant) = AsyncStream.makeStream(of: String.self)
        var tasks: [Task<Void, any Error>] = []
        for (count, (name, order)) in [("later 1", nil), ("later 2", nil), ("retry", early)].enumerated() {
            tasks.append(Task {
                _ = try await pace.takeTurn(.list, order: order)
                grant.yield(name)
            })
            await pace.until(.waiting, count + 1)
        }
        var order: [String] = []
        var names = granted.makeAsyncIterator()
        for _ in 1...3 {
            await clock.untilSleeping(1)
            clock.advance(by: interval)
            if let name = await names.next() { order.append(name) }
        }
        for task in tasks { try await task.value }
        #expect(order == ["retry", "later 1", "later 2"])
    }

    @Test func aRefusalOfAStartUnderThePaceSlowsItByAQuarterAndACleanRunEasesIt() async throws {
        let clock = ManualClock()
        let (pace, _) = try await Self.learned(clock, relaxAfter: 3)
        let refused = try await pace.takeTurn(.list)
        #expect(clock.slept.isEmpty, "the first start under the pace is at once")
        pace.finished(refused, .refused)
        let slowed = 1.1 / 5 * 1.25
        #expect(abs(pace.interval! - slowed) < 1e-12)
        // Three clean starts at the slowed pace, then the fourth eases it back to the learned one.
        for _ in 0..<3 {
            clock.advance(by: slowed)
            _ = try await pace.takeTurn(.list)
        }
        #expect(abs(pace.interval! - slowed) < 1e-12)
        clock.advance(by: slowed)
        _ = try await pace.takeTurn(.list)
        #expect(pace.interval == 1.1 / 5)
        #expect(clock.slept.isEmpty, "each turn came when due: nobody waited")
    }

    /// The order in which turns asked for in `arrivals` (lane, name), one after another on a
    /// learned pace, are granted: one pacer sleeping at a time, one interval between turns.
    static func grantOrder(_ arrivals: [(FetchLane, String)]) async throws -> [String] {
        let clock = ManualClock()
        let (pace, _) = try await Self.learned(clock)
        let interval = try #require(pace.interval)
        _ = try await pace.takeTurn(.list)  // due at once; the next is one interval away
        let (granted, grant) = AsyncStream.makeStream(of: String.self)
        var tasks: [Task<Void, any Error>] = []
        for (behind, (lane, name)) in arrivals.enumerated() {
            tasks.append(Task {
                _ = try await pace.takeTurn(lane)
                grant.yield(name)
            })
            await pace.until(.waiting, behind + 1)
        }
        var order: [String] = []
        var names = granted.makeAsyncIterator()
        for _ in arrivals {
            await clock.untilSleeping(1)
            #expect(clock.sleeping == 1, "one pacer, whatever the number of waiters")
            clock.advance(by: interval)
            if let name = await names.next() { order.append(name) }
        }
        for task in tasks { try await task.value }
        #expect(clock.slept.count == arrivals.count)
        #expect(clock.slept.allSatisfy { abs($0 - interval) < 1e-6 })  // Date keeps ~0.1 µs here
        #expect(pace.waiting == 0)
        return order
    }

    @Test func turnsAreSpacedAndTheDetailGoesFirstThenTheListThenPictures() async throws {
        let order = try await Self.grantOrder([(.list, "list 1"), (.pictures, "picture"), (.list, "list 2"), (.detail, "detail")])
        #expect(order == ["detail", "list 1", "list 2", "picture"])
    }

    /// Issue 23: pages asked for ahead of the reader yield. The list's wanted requests (and the
    /// detail's) go before the prefetch lane's, whenever they came; prefetch goes before pictures.
    @Test func prefetchYieldsToTheWantedPageAndGoesBeforePictures() async throws {
        let order = try await Self.grantOrder([
            (.prefetch, "ahead 1"), (.pictures, "picture"), (.prefetch, "ahead 2"), (.list, "wanted"), (.detail, "detail"),
        ])
        #expect(order == ["detail", "wanted", "ahead 1", "ahead 2", "picture"])
    }

    /// Issue 23 (a): a prefetch request the reader reaches is moved to the list lane in its
    /// place: it goes before the wanted requests asked for after it (the page below the one it
    /// is for), and a later turn it takes (a retry) stays in the list lane.
    @Test func aPrefetchTurnMovedToTheListKeepsItsPlaceAheadOfLaterWantedTurns() async throws {
        let clock = ManualClock()
        let (pace, _) = try await Self.learned(clock)
        let interval = try #require(pace.interval)
        _ = try await pace.takeTurn(.list)  // due at once; the next is one interval away
        let ahead = pace.order()  // a row of the page asked for as prefetch
        let (granted, grant) = AsyncStream.makeStream(of: String.self)
        var tasks: [Task<Void, any Error>] = []
        for (count, (lane, name, order)) in [
            (FetchLane.prefetch, "promoted", Optional(ahead)), (.list, "wanted 1", nil), (.list, "wanted 2", nil),
        ].enumerated() {
            tasks.append(Task {
                _ = try await pace.takeTurn(lane, order: order)
                grant.yield(name)
            })
            await pace.until(.waiting, count + 1)
        }
        pace.move(ahead, to: .list)
        var order: [String] = []
        var names = granted.makeAsyncIterator()
        for _ in 1...3 {
            await clock.untilSleeping(1)
            clock.advance(by: interval)
            if let name = await names.next() { order.append(name) }
        }
        for task in tasks { try await task.value }
        #expect(order == ["promoted", "wanted 1", "wanted 2"], "unmoved, it would have gone last")
        // Its retry asks in the prefetch lane it was started in, and waits in the list's.
        let kept = pace.reserve(.prefetch, order: ahead)
        #expect(kept.lane == .list)
        pace.release(kept)
        let later = Task { _ = try await pace.takeTurn(.list); grant.yield("wanted 3") }
        await pace.until(.waiting, 1)
        let retry = Task { _ = try await pace.takeTurn(.prefetch, order: ahead); grant.yield("retry") }
        await pace.until(.waiting, 2)
        for _ in 1...2 {
            await clock.untilSleeping(1)
            clock.advance(by: interval)
            if let name = await names.next() { order.append(name) }
        }
        try await later.value
        try await retry.value
        #expect(order.suffix(2) == ["retry", "wanted 3"])
        pace.forget(ahead)
    }

    @Test func aCancelledWaiterLeavesTheQueueAndNeverStarts() async throws {
        let clock = ManualClock()
        let (pace, _) = try await Self.learned(clock)
        let interval = try #require(pace.interval)
        _ = try await pace.takeTurn(.list)
        let cancelled = Task { try await pace.takeTurn(.detail) }
        await pace.until(.waiting, 1)
        let kept = Task { try await pace.takeTurn(.list) }
        await pace.until(.waiting, 2)
        cancelled.cancel()
        await #expect(throws: FeedError.self) { try await cancelled.value }
        #expect(pace.waiting == 1)
        await clock.untilSleeping(1)
        clock.advance(by: interval)
        let turn = try await kept.value
        #expect(turn.serial == 10, "the list waiter got the turn the cancelled detail would have had")
    }

    // MARK: - Places kept: a retry's backoff and the host's hold

    /// Issue 23: a request waiting out its backoff keeps its place in the window. Under the
    /// fault mix a first-screen row's retry, its backoff over, waited up to a round trip for a
    /// place because later rows had taken the one its failure freed; the row came last.
    @Test func aRetryWaitingOutItsBackoffKeepsItsPlaceInTheWindow() async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: SendWindow(ceiling: 24))
        let row = pace.order()  // a row on screen, asked for before the rows below it
        var turns = [try await pace.takeTurn(.list, order: row)]
        for _ in 0..<3 { turns.append(try await pace.takeTurn(.list)) }
        // The row's request fails (a 502: answered, the window grows to 4.25, still four
        // places); it waits out its backoff with its place kept.
        pace.finished(turns[0], .answered)
        let kept = pace.reserve(.list, order: row)
        let (granted, grant) = AsyncStream.makeStream(of: String.self)
        let later = Task {
            let turn = try await pace.takeTurn(.list)
            grant.yield("later \(turn.serial)")
        }
        await pace.until(.arrived, 5)
        #expect(pace.waiting == 1, "a row asked for after it waits: the free place is the retry's")
        #expect(pace.inFlight == 3)
        // The backoff over, the retry starts at once, in the place kept for it.
        let retry = Task {
            let turn = try await pace.takeTurn(.list, order: row, reservation: kept)
            grant.yield("retry \(turn.serial)")
        }
        await pace.until(.arrived, 6)
        pace.finished(turns[1], .answered)
        var names = granted.makeAsyncIterator()
        var order: [String] = []
        for _ in 0..<2 { if let name = await names.next() { order.append(name) } }
        try await retry.value
        try await later.value
        #expect(order == ["retry 5", "later 6"])
        #expect(clock.slept.isEmpty, "the window waits for answers and kept places, not for time")
    }

    /// A kept place holds only the turns behind it (a more urgent lane, an earlier place go
    /// first), and given back (the request was cancelled in its backoff) frees them.
    @Test func aKeptPlaceHoldsOnlyTheTurnsBehindItUntilItIsGivenBack() async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: SendWindow(ceiling: 24))
        let earlier = pace.order()
        let row = pace.order()
        for _ in 0..<2 { _ = try await pace.takeTurn(.list) }
        let kept = pace.reserve(.list, order: row)
        // Two in flight and one kept of four: an earlier place and the detail still go.
        _ = try await pace.takeTurn(.list, order: earlier)
        #expect(pace.inFlight == 3)
        let behind = Task { try await pace.takeTurn(.list) }
        await pace.until(.arrived, 4)
        try #require(pace.waiting == 1, "behind the kept place, with the window's last place kept")
        pace.release(kept)
        #expect(pace.waiting == 0, "given back: the turn behind it starts")
        #expect(pace.inFlight == 4)
        #expect(try await behind.value.serial == 4)
    }

    /// Issue 23: a host's hold (a 429's `Retry-After`) keeps every turn waiting, the ones
    /// queued before it included, and when it ends the earliest place goes first: the rows on
    /// screen it refused before the rows below asked for during the hold. (The hold was a
    /// pause the transport waited out before queueing: the requests already queued started
    /// during it, and the refused rows came after them.)
    @Test func aHoldKeepsEveryTurnWaitingAndTheEarliestPlaceGoesFirstWhenItEnds() async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: Self.open)
        let refused = pace.order()  // a row on screen; the host refused it
        _ = try await pace.takeTurn(.list)
        pace.hold(until: clock.clock.now().addingTimeInterval(1))
        #expect(pace.heldUntil != nil)
        let (granted, grant) = AsyncStream.makeStream(of: String.self)
        let later = Task {
            _ = try await pace.takeTurn(.list)
            grant.yield("later row")
        }
        await pace.until(.arrived, 2)
        try #require(pace.waiting == 1, "held: a new request waits though the window is open")
        let retry = Task {
            _ = try await pace.takeTurn(.list, order: refused)
            grant.yield("refused row")
        }
        await pace.until(.waiting, 2)
        await clock.untilSleeping(1)
        clock.advance(by: 0.99)
        #expect(pace.waiting == 2)
        clock.advance(by: 0.01)
        var names = granted.makeAsyncIterator()
        var order: [String] = []
        for _ in 0..<2 { if let name = await names.next() { order.append(name) } }
        try await retry.value
        try await later.value
        #expect(order == ["refused row", "later row"])
        #expect(clock.slept.count == 1 && abs(clock.slept[0] - 1) < 1e-6, "one pacer waited the hold out")
        #expect(pace.heldUntil == nil)
    }

    // MARK: - The send window

    /// A new host is sent four requests; the fifth waits for an answer, and an answer that
    /// comes back lets it go (and grows the window a quarter); one that never comes (a
    /// timeout) frees its place without growing it.
    @Test func theWindowHoldsTurnsUntilAnswersComeBack() async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: SendWindow(ceiling: 24))
        var turns: [HostPace.Turn] = []
        for _ in 0..<4 { turns.append(try await pace.takeTurn(.list)) }
        #expect(pace.inFlight == 4)
        let fifth = Task { try await pace.takeTurn(.list) }
        await pace.until(.waiting, 1)
        let sixth = Task { try await pace.takeTurn(.detail) }
        await pace.until(.waiting, 2)
        pace.finished(turns[0], .unanswered)
        // The detail's turn goes first, into the place the timeout freed.
        #expect(try await sixth.value.serial == 5)
        #expect(pace.window.size == 4, "no answer, no growth")
        #expect(pace.waiting == 1)
        pace.finished(turns[1], .answered)
        #expect(try await fifth.value.serial == 6)
        #expect(pace.window.size == 4.25)
        #expect(pace.inFlight == 4)
        #expect(clock.slept.isEmpty, "nothing slept: the window waits for answers, not for time")
    }

    /// A 429 cuts the window and teaches the pace; a 503 cuts the window and teaches no pace
    /// (it says the host is overloaded, not how many requests a second it takes).
    @Test(arguments: [(HostPace.Outcome.refused, true), (.overloaded, false)])
    func aRefusalCutsTheWindowOnceARound(outcome: HostPace.Outcome, teachesThePace: Bool) async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: SendWindow(ceiling: 24))
        var turns: [HostPace.Turn] = []
        for _ in 0..<4 { turns.append(try await pace.takeTurn(.list)) }
        pace.finished(turns[0], outcome)
        pace.finished(turns[1], outcome)
        #expect(abs(pace.window.size - 2.8) < 1e-9, "one cut for the round, not two")
        #expect(pace.window.cuts == 1)
        #expect((pace.interval != nil) == teachesThePace)
        // Two still in flight fill the cut window: the next start waits for one of them.
        let next = Task { try await pace.takeTurn(.list) }
        await pace.until(.waiting, 1)
        pace.finished(turns[2], .answered)
        // No start since the pace was learned: the first under it is at once.
        #expect(try await next.value.serial == 5)
        #expect(clock.slept.isEmpty)
        #expect(pace.inFlight == 2)
    }

    /// A refusal that teaches the pace cuts the window no lower than what the pace starts in a
    /// round trip: the pace, not the window, sets the rate from then on. (Cut to 0.7, a window of
    /// five held a host paced at four a round trip to three: fault-mix seed 14, whose screen's
    /// refused rows started only as answers came back.)
    @Test func aRefusalThatTeachesThePaceLeavesTheWindowRoomForARoundTripOfIt() async throws {
        let clock = ManualClock()
        let pace = HostPace(clock: clock.clock, window: SendWindow(ceiling: 24))
        var first: [HostPace.Turn] = []
        for _ in 0..<4 { first.append(try await pace.takeTurn(.list)) }
        clock.advance(by: 1.0)
        for turn in first { pace.finished(turn, .answered) }  // a round trip of 1 s; the window 5
        var second: [HostPace.Turn] = []
        for _ in 0..<5 { second.append(try await pace.takeTurn(.list)) }
        pace.finished(second[4], .refused)
        let interval = try #require(pace.interval)
        #expect(interval == 1.1 / 4, "four accepted in the second before the refusal")
        #expect(pace.window.limit == 4, "1 s / 0.275 s: room for the four the pace starts in a round trip, not 5 × 0.7")
        // One answer frees a place: the next turn goes at once, beside the three still in flight.
        clock.advance(by: 1.0)
        let next = Task { try await pace.takeTurn(.list) }
        await pace.until(.waiting, 1)
        pace.finished(second[0], .answered)
        #expect(pace.waiting == 0, "granted in the place the answer freed")
        next.cancel()
        _ = try? await next.value
        #expect(pace.inFlight == 4)
    }
}
