/// How many requests one host may have in flight: small until the host has answered, growing
/// as its answers come back, cut when it refuses (TCP's congestion window, counted in requests).
///
/// A host is first sent `initial` requests. Every answer that is not a refusal (a 2xx, a 404, a
/// 500, a body that does not decode: the host took the request) grows the window:
///
/// - **Careful while small**: by a quarter of a request per answer up to `knee`, so a window
///   grows by about a quarter each round trip. A host that limits requests per second refuses
///   once the window passes what it allows in a round trip; every request started in the round
///   before its first refusal comes back is over the limit, so the refusals a slow start costs
///   are its growth in that round. Public APIs' per-second limits are met at small windows
///   (5 a second over a one-second round trip is a window of 5): a quarter a round trip there
///   costs one refusal where TCP's doubling costs five, each holding the host for a second.
/// - **Fast past the knee**: by one request per answer (doubling each round trip) up to
///   `ceiling`: a host that took `knee` at once without refusing is far from such limits, and
///   one that never refuses reaches the full fan-out within a few round trips of its first
///   page (4 → 8 in about three, 8 → 24 in two more).
/// - **Cut on a refusal** (a 429, a rate-limited 403, a 503): to `decrease` of its size, never
///   under `floor`; the size cut to is the threshold, above which it grows by one request per
///   window of answers (one a round trip). A round's refusals are one lesson: a refusal of a
///   request started before the last cut changes nothing.
///
/// The window only bounds bursts: the rate a host allows is `HostPace`'s, learned from the same
/// refusals. Pure: no clock, no I/O; `HostPace` holds one per host and counts the starts.
struct SendWindow: Sendable, Equatable {
    /// Requests first sent to a host.
    static let initial = 4.0
    /// The size up to which the window grows by `careful` per answer.
    static let knee = 8.0
    /// Growth per answer below the knee.
    static let careful = 0.25
    /// What a cut leaves (CUBIC's 0.7: a cut to a half, as Reno's, leaves a window paced by
    /// `HostPace` idle half of each round trip).
    static let decrease = 0.7
    /// The smallest window a cut leaves.
    static let floor = 2.0

    /// The largest window: every lane's width, so a host that never refuses is never held by it.
    let ceiling: Double
    /// The window now, in requests (fractional: growth comes in parts of a request).
    private(set) var size: Double
    /// Above this size growth is one request a round trip; infinite until the first cut.
    private(set) var threshold = Double.infinity
    /// Starts up to this serial were made before the last cut.
    private(set) var cutAfter: UInt64 = 0
    /// Cuts made.
    private(set) var cuts = 0

    /// - Parameters:
    ///   - ceiling: the most requests ever in flight to the host (at least 1).
    ///   - initial: requests first sent (at most `ceiling`).
    init(ceiling: Int, initial: Double = Self.initial) {
        self.ceiling = Double(max(1, ceiling))
        self.size = min(max(1, initial), self.ceiling)
    }

    /// Requests that may be in flight now.
    var limit: Int { Int(size.rounded(.down)) }

    /// The host answered a request without refusing it.
    mutating func answered() {
        let growth: Double
        if size >= threshold {
            growth = 1 / size
        } else if size < Self.knee {
            growth = Self.careful
        } else {
            growth = 1
        }
        size = min(ceiling, size + growth)
    }

    /// Makes room for `requests` in flight, at most `ceiling`, and grows by one a round trip
    /// from there: what a learned pace starts in one round trip. A refusal that teaches the
    /// host's pace cuts the window no lower than that, so the pace, not the window, sets the
    /// rate (a window of five cut to three held a host paced at five a second to three a round
    /// trip: seed 14 of the fault mix, its screen's rows refused at 3.36 s started only as
    /// answers came back, the first screen at 10.6 s).
    mutating func cover(_ requests: Double) {
        let wanted = min(ceiling, requests)
        guard wanted > size else { return }
        size = wanted
        threshold = size
    }

    /// The host refused the request started at `serial`; `lastSerial` is the last start made
    /// so far (a later refusal of a start up to it belongs to the same round).
    mutating func refused(serial: UInt64, lastSerial: UInt64) {
        guard serial > cutAfter else { return }
        size = min(size, max(Self.floor, size * Self.decrease))
        threshold = size
        cutAfter = lastSerial
        cuts += 1
    }
}
