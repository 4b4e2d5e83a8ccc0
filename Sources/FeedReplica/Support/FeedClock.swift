import FeedModel

/// The replica's notion of time: when it started, and how many items drift added since.
struct FeedClock: Sendable {
    /// Wall-clock seconds when the replica started.
    let startedAt: Double
    /// Unix seconds of the newest generated (non-drift) item.
    let anchor: Int64
    /// Items per second appended at the head.
    let drift: Double

    /// Items added at the head by `now`.
    func driftCount(at now: Double) -> Int {
        guard drift > 0 else { return 0 }
        return max(0, Int(((now - startedAt) * drift).rounded(.down)))
    }

    /// Unix seconds of the `n`-th (0-based) drift item: each appears when its time comes.
    func driftTime(_ n: Int) -> Int64 {
        anchor + Int64((Double(n + 1) / drift).rounded(.up))
    }
}

/// Base items of one feed, oldest first, with their times: `times[seq]`, `seq` from 0.
///
/// Items with `seq >= baseCount` are drift items, newer than every base item.
struct FeedTimeline: Sendable {
    let clock: FeedClock
    let baseTimes: [Int64]

    var baseCount: Int { baseTimes.count }

    /// Builds times that descend from the anchor by random gaps; `tieRate` makes neighbours share a second.
    init(clock: FeedClock, count: Int, seed: UInt64, salt: String, meanGap: Int, tieRate: Double = 0) {
        self.clock = clock
        var rng = SeededRandom(seed: seed, salt: salt + "/times", index: 0)
        var times = [Int64](repeating: 0, count: count)
        var t = clock.anchor - Int64(rng.below(30))
        for seq in stride(from: count - 1, through: 0, by: -1) {
            times[seq] = t
            let gap = rng.chance(tieRate) ? 0 : 1 + rng.below(max(2 * meanGap, 1))
            t -= Int64(gap)
        }
        baseTimes = times
    }

    /// Every item that exists at `now`.
    func count(at now: Double) -> Int { baseCount + clock.driftCount(at: now) }

    func time(_ seq: Int) -> Int64 {
        seq < baseCount ? baseTimes[seq] : clock.driftTime(seq - baseCount)
    }

    /// Sequence numbers newest first, as a feed lists them at `now`.
    func newestFirst(at now: Double) -> [Int] {
        Array((0..<count(at: now)).reversed())
    }
}
