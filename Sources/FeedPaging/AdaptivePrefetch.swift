/// The prefetch lead computed from how slow the source is and how fast the reader scrolls.
///
/// Two estimates, both fed with plain values (observed latencies and timestamped cursor moves;
/// it never reads a clock):
/// - **latency**: a smoothed mean `μ` and spread `σ` per source, like TCP's SRTT and RTTVAR
///   (RFC 6298): `σ ← (1 − β)·σ + β·|x − μ|`, then `μ ← (1 − α)·μ + α·x`, with α = 1/8; the
///   first sample sets `μ = x`, `σ = x / 2`. Unlike RTTVAR the spread rises fast (β = 1/4) and
///   falls slowly (β = 1/16): one slow page in six is a pattern to cover, not noise to forget
///   within five pages. A sample is the reader's whole wait: retries and their backoff count
///   (`observeRetry`).
/// - **scroll speed** `v` in rows per second: an exponentially weighted mean of the rate of each
///   downward move (`rows / seconds since the previous move`, gain 1/4). A move longer than a
///   screen is a jump (`G`), not a speed: it adds nothing and leaves no forward speed until the
///   next move. While the reader pauses, the speed decays toward 0: at time `t` it is at most
///   `lastStep / (t − lastMove)`.
///
/// The lead, in items ahead of the cursor at which the next page is asked for:
///
///     lead = screen + page + ⌊v · (μ + k·σ)⌋        (k = 4, the last term at most 10 pages)
///
/// `v · (μ + k·σ)` is how far the reader gets while a slow fetch is under way; the screen keeps
/// the loading footer below the window, and one page is the margin. A reader at rest (v ≈ 0) gets
/// the floor, a full screen plus one page, so slow reading asks for nothing it will not soon show.
///
/// Because the pager keeps one forward request in flight, the fetcher stays busy while the reader
/// is within the lead: when the API's page rate `page / μ` exceeds `v`, rows arrive faster than
/// they are read and the reader never reaches the end of what is loaded, once the estimates
/// have seen the source's slow pages (`feedscroll lab` measures where this holds and where not).
public struct AdaptivePrefetch: Sendable, Equatable {
    /// The constants of the estimators.
    public struct Tuning: Sendable, Equatable {
        /// Gain of the latency mean (α).
        public var latencyGain = 1.0 / 8
        /// Gain of the latency spread when a deviation exceeds it (β rising).
        public var spreadGain = 1.0 / 4
        /// Gain of the latency spread when a deviation is below it (β falling).
        public var spreadDecay = 1.0 / 16
        /// How many spreads above the mean the lead covers (k).
        public var spreads = 4.0
        /// Gain of the scroll speed's moving average.
        public var speedGain = 1.0 / 4
        /// The fastest scroll believed, in rows per second (a key storm is not a reader).
        public var maximumSpeed = 240.0
        /// The largest lead, in pages (on top of the floor).
        public var maximumLeadPages = 10

        public init() {}
    }

    public var tuning: Tuning
    /// Smoothed fetch latency in seconds (μ), once a page has been timed.
    public private(set) var latencyMean: Double?
    /// Smoothed mean deviation of the latency in seconds (σ).
    public private(set) var latencySpread = 0.0
    /// Latencies observed.
    public private(set) var latencySamples = 0
    /// Smoothed downward speed in rows per second, as of the last move.
    public private(set) var smoothedSpeed = 0.0
    /// Seconds of failed attempts and backoff since the last sample, added to the next one.
    public private(set) var pendingWait = 0.0
    private var lastMoveAt: Double?
    private var lastStep = 0

    public init(tuning: Tuning = Tuning()) {
        self.tuning = tuning
    }

    /// Takes one page's fetch latency.
    /// - Parameter seconds: how long the page took (negative and non-finite values are ignored).
    public mutating func observeLatency(_ seconds: Double) {
        guard seconds.isFinite, seconds >= 0 else { return }
        let seconds = seconds + pendingWait
        pendingWait = 0
        latencySamples += 1
        guard let mean = latencyMean else {
            latencyMean = seconds
            latencySpread = seconds / 2
            return
        }
        let deviation = abs(seconds - mean)
        latencySpread += (deviation > latencySpread ? tuning.spreadGain : tuning.spreadDecay) * (deviation - latencySpread)
        latencyMean = mean + tuning.latencyGain * (seconds - mean)
    }

    /// Takes a failed attempt that will be retried after `delay` seconds: the reader waits for the
    /// failed attempt (taken as one mean latency) and the backoff, so both join the next sample.
    /// - Parameter delay: the backoff before the next attempt (negative and non-finite values are ignored).
    public mutating func observeRetry(after delay: Double) {
        guard delay.isFinite, delay >= 0 else { return }
        pendingWait += delay + (latencyMean ?? 0)
    }

    /// Takes one cursor move made by the reader.
    ///
    /// Only downward moves count toward the speed; an upward move leaves no forward speed until
    /// the next downward one. Moves are deltas, so rows inserted or dropped above the cursor
    /// (which shift its index) are never mistaken for scrolling.
    /// - Parameters:
    ///   - rows: how far the cursor moved (negative is up; 0 is ignored).
    ///   - time: when the action happened, in seconds.
    ///   - screen: items on screen; a longer move is a jump.
    public mutating func observeMove(by rows: Int, at time: Double, screen: Int) {
        guard rows != 0 else { return }
        guard rows > 0 else {
            lastStep = 0
            return
        }
        guard rows <= max(1, screen) else {
            // A jump (G, a click far down) is not a reading speed: start measuring afresh.
            lastMoveAt = time
            lastStep = 0
            return
        }
        let step = rows
        if let last = lastMoveAt {
            // Key repeat delivers moves ~33 ms apart; a storm may share one timestamp.
            let interval = max(time - last, 1.0 / tuning.maximumSpeed)
            let rate = min(Double(step) / interval, tuning.maximumSpeed)
            smoothedSpeed += tuning.speedGain * (rate - smoothedSpeed)
        }
        lastMoveAt = time
        lastStep = step
    }

    /// The reader's downward speed at `time`, in rows per second, decayed over a pause.
    public func speed(at time: Double) -> Double {
        guard let last = lastMoveAt, lastStep > 0 else { return 0 }
        let paused = time - last
        guard paused > 0 else { return smoothedSpeed }
        return min(smoothedSpeed, Double(lastStep) / paused)
    }

    /// The lead in items: a fetch starts when `loaded − cursor ≤ lead`.
    /// - Parameters:
    ///   - pageSize: items per page.
    ///   - screen: items on screen.
    ///   - time: now, in seconds (for the speed's decay).
    /// - Returns: at least `screen + pageSize`.
    public func lead(pageSize: Int, screen: Int, at time: Double) -> Int {
        let floor = max(0, screen) + max(1, pageSize)
        let horizon = (latencyMean ?? 0) + tuning.spreads * latencySpread
        let ahead = min(speed(at: time) * horizon, Double(tuning.maximumLeadPages * max(1, pageSize)))
        return floor + Int(ahead.rounded(.down))
    }
}
