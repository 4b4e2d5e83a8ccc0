import Testing

@testable import FeedSources

/// The send window's growth and cuts, answer by answer (pure: no clock; `HostPacingTests` and
/// `RetryingTransportTests` drive it through the pace and the transport on a manual clock).
struct SendWindowTests {
    /// Answers a round trip: the window's whole limit, each answered.
    static func round(_ window: inout SendWindow) -> Int {
        let sent = window.limit
        for _ in 0..<sent { window.answered() }
        return sent
    }

    @Test func aNewHostIsSentFourThenAQuarterMorePerAnswerUpToTheKnee() {
        var window = SendWindow(ceiling: 24)
        #expect(window.limit == 4)
        for _ in 0..<3 { window.answered() }
        #expect(window.size == 4.75)
        #expect(window.limit == 4, "three answers are not yet a whole request")
        window.answered()
        #expect(window.limit == 5)
        for _ in 0..<12 { window.answered() }
        #expect(window.size == 8, "sixteen answers from four to the knee")
        window.answered()
        #expect(window.size == 9, "past the knee, one more per answer")
    }

    /// A host that never refuses is sent the full fan-out within six round trips: four, five,
    /// six and seven at a time while small (a quarter more a round trip), then doubling.
    @Test func aHostThatNeverRefusesReachesTheCeilingInSixRoundTrips() {
        var window = SendWindow(ceiling: 24)
        var sent: [Int] = []
        while sent.count < 10 && window.limit < 24 { sent.append(Self.round(&window)) }
        #expect(sent == [4, 5, 6, 7, 14])
        #expect(window.limit == 24, "the sixth round trip is the full width")
        window.answered()
        #expect(window.size == 24, "never past the ceiling")
    }

    @Test func aRefusalCutsToSevenTenthsAndGrowthIsThenOneARoundTrip() {
        var window = SendWindow(ceiling: 24)
        for _ in 0..<22 { window.answered() }
        #expect(window.size == 14)
        window.refused(serial: 30, lastSerial: 35)
        #expect(abs(window.size - 9.8) < 1e-9)
        #expect(window.threshold == window.size)
        #expect(window.cuts == 1)
        // Above the threshold a window's worth of answers (a round trip) adds about one
        // request, where below the knee it added a quarter of each and past it one each.
        for _ in 0..<10 { window.answered() }
        #expect(window.size > 10.7 && window.size < 10.8)
        for _ in 0..<11 { window.answered() }
        #expect(window.limit == 11)
    }

    /// The requests in flight when the host refuses one are answered in the same round: their
    /// refusals are the same lesson, and cut once. A refusal of a start made after the cut is
    /// a new one.
    @Test func aRoundsRefusalsCutOnce() {
        var window = SendWindow(ceiling: 24, initial: 10)
        window.refused(serial: 3, lastSerial: 10)
        window.refused(serial: 9, lastSerial: 10)
        window.refused(serial: 10, lastSerial: 12)
        #expect(window.size == 7)
        #expect(window.cuts == 1)
        window.refused(serial: 11, lastSerial: 14)
        #expect(abs(window.size - 4.9) < 1e-9)
        #expect(window.cuts == 2)
    }

    @Test(arguments: [(2.5, 2.0), (2.0, 2.0), (1.0, 1.0), (3.0, 2.1)])
    func aCutNeverLeavesLessThanTwoNorGrows(from size: Double, to expected: Double) {
        var window = SendWindow(ceiling: 24, initial: size)
        window.refused(serial: 1, lastSerial: 1)
        #expect(abs(window.size - expected) < 1e-9)
    }

    @Test func theFirstWindowIsNeverWiderThanTheCeiling() {
        #expect(SendWindow(ceiling: 2).limit == 2)
        #expect(SendWindow(ceiling: 0).limit == 1)
        #expect(SendWindow(ceiling: 24, initial: 0).limit == 1)
    }
}
