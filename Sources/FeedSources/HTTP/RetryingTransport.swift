import FeedModel
import Foundation
import Synchronization

/// Sends each request the way every adapter should: behind its host's limiter, retried on its
/// own under `RetryPolicy`, so a page fails only when one of its requests fails for good.
///
/// - Retried: timeouts, connection loss, 408, 5xx, 429 and rate-limited 403s, and bodies that
///   do not decode (truncated or garbled in transit), up to `policy.maxAttempts` failures.
///   Being told to wait (429, a rate-limited 403) is not a failure: those waits are counted
///   apart, up to `maxWaits`, so a rate limit cannot use up a request's attempts. A timeout is
///   tried `maxTimeouts` times at most: the transport's timeout already bounds each attempt
///   whole, and a server that trickles or stalls should end the load in one clear line soon.
/// - A server's wait (`Retry-After`, `X-RateLimit-Reset`, already clamped by `RetryAfter`)
///   pauses the whole host: every request of the source waits it out in its place in line
///   (`HostPace.hold`), not just the one that was told, and when it ends the earliest go first.
///   Without one, the backoff is exponential with full jitter (a fifth of it for the open
///   detail's requests, which the reader is waiting for), and the request keeps its place in
///   line and in the host's send window while it waits (`HostPace.reserve`).
/// - A load moved to another lane while it runs (`FetchContext.laneSwitch`: a prefetch page
///   the reader reached) moves each of its requests in its place (`HostPace.move`).
/// - Waits are `clock.sleep` (`Task.sleep`): a cancelled load stops waiting at once, starts no
///   further attempt, and its request in flight is closed by the transport below.
/// - When it gives up, the error says after how many attempts and is no longer retryable, so
///   the pager does not multiply the attempts; `r` still tries again.
/// - Each retry is announced to the request's `context.onRetry` (the footer's countdown) and `log`.
/// - Requests queue per host and per `context.lane`, then take their turn in the host's pace
///   (`HostPace`): none until the host first refuses one, then the pace its refusals taught,
///   the open detail's requests before the list's, the list's before pictures; and within its
///   send window (`SendWindow`): `firstWindow` requests until the host answers, more as its
///   answers come back without refusal, fewer after a refusal or a 503.
/// - A 2xx that says the quota is spent (`X-RateLimit-Remaining: 0` with a reset) holds the
///   host until the reset instead of spending the next request on a refusal.
public final class RetryingTransport: HTTPTransport {
    public let base: any HTTPTransport
    public let policy: RetryPolicy
    /// Requests in flight per host and lane.
    public let width: Int
    /// Requests in flight to a host before it has answered (its send window's first size).
    public let firstWindow: Int
    /// Rate-limit waits one request accepts before giving up.
    public let maxWaits: Int
    /// Attempts that may time out before the request gives up.
    public let maxTimeouts: Int
    /// Seconds one request may spend waiting, in all, on servers that tell it to wait: a
    /// further wait that would take it past this fails it instead (with `maxWaits` 30 waits of
    /// `Retry-After: 120`, a request once waited an hour, whatever `--timeout` said).
    public let maxWaitSeconds: Double
    private let clock: SourceClock
    private let random: @Sendable () -> Double
    private let log: SourceLog?
    private let limiters = Mutex<[String: HostLimiter]>([:])

    /// - Parameters:
    ///   - base: the transport that does the I/O.
    ///   - policy: attempts and backoff.
    ///   - width: requests in flight per host and lane (the fan-out width).
    ///   - firstWindow: requests in flight to a host before it has answered; its answers widen it.
    ///   - maxWaits: rate-limit waits one request accepts.
    ///   - maxTimeouts: attempts that may time out.
    ///   - maxWaitSeconds: seconds of rate-limit waits one request accepts in all.
    ///   - clock: time and sleep for backoff and pauses.
    ///   - random: full jitter's draw in `0..<1`.
    ///   - log: one line per retry and pause.
    public init(
        _ base: any HTTPTransport, policy: RetryPolicy = RetryPolicy(maxAttempts: 8), width: Int = 8, firstWindow: Int = 4, maxWaits: Int = 30,
        maxTimeouts: Int = 2, maxWaitSeconds: Double = 300, clock: SourceClock = .system,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }, log: SourceLog? = nil
    ) {
        self.base = base
        self.policy = policy
        self.width = max(1, width)
        self.firstWindow = max(1, firstWindow)
        self.maxWaits = max(0, maxWaits)
        self.maxTimeouts = max(1, maxTimeouts)
        self.maxWaitSeconds = max(0, maxWaitSeconds)
        self.clock = clock
        self.random = random
        self.log = log
    }

    /// Sends, retrying transport failures and retryable statuses; a status still failing after
    /// the last attempt is returned as a response, for the adapter to read its API's words.
    public func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse {
        let host = Self.hostKey(request.url)
        return try await run(request, finalResponse: { $0 }) { response throws(FeedError) in
            if let error = ResponseCheck.error(for: response, api: host, now: clock.now()), error.isRetryable { throw error }
            return response
        }
    }

    public func exchange<T>(
        _ request: HTTPRequest, _ interpret: (HTTPResponse) throws(FeedError) -> T
    ) async throws(FeedError) -> T {
        try await run(request, finalResponse: nil, interpret)
    }

    /// The limiter of a host (created on first use).
    func limiter(for url: URL) -> HostLimiter {
        let key = Self.hostKey(url)
        return limiters.withLock { limiters in
            if let limiter = limiters[key] { return limiter }
            let limiter = HostLimiter(width: width, firstWindow: firstWindow, clock: clock)
            limiters[key] = limiter
            return limiter
        }
    }

    // MARK: - Helpers

    private func run<T>(
        _ request: HTTPRequest, finalResponse: ((HTTPResponse) -> T)?, _ interpret: (HTTPResponse) throws(FeedError) -> T
    ) async throws(FeedError) -> T {
        let limiter = limiter(for: request.url)
        let lane = request.context.lane
        var attempt = 1
        var failures = 0
        var waits = 0
        var timeouts = 0
        var waited = 0.0  // seconds of rate-limit waits so far
        // A fan-out's step takes its place after the steps before it (`PlaceInLine`), however
        // their tasks happened to start; taken once it stands in line, or when it ends.
        let ticket = PlaceInLine.ticket
        defer { ticket?.taken() }
        try await ticket?.waitForTurn()
        let placed: (@Sendable () -> Void)?
        if let ticket { placed = { ticket.taken() } } else { placed = nil }
        let order = limiter.pace.order()  // the request's place in line, kept by its retries
        // A load moved to another lane (a prefetch page the reader reached) moves this request
        // in its place, whether it waits for a turn, waits out a backoff or has yet to ask.
        let listening = request.context.laneSwitch.map { laneSwitch in
            laneSwitch.listen { [pace = limiter.pace] lane in pace.move(order, to: lane) }
        }
        defer {
            if let listening { request.context.laneSwitch?.stopListening(listening) }
            limiter.pace.forget(order)
        }
        // The lane's slot is the request's until it ends, its retries' backoff included: a
        // request waiting out its backoff keeps its place (below), and must not then wait for
        // a slot held by requests queued behind that place.
        try await limiter.acquire(lane)
        defer { limiter.release(lane) }
        // The place a failed attempt keeps for its retry (`HostPace.reserve`), given back if the
        // request ends without using it (it failed for good, or was cancelled in its backoff).
        var kept: HostPace.Reservation?
        defer { if let kept { limiter.pace.release(kept) } }
        while true {
            // Waits out the host's hold (a `Retry-After`, a spent quota) and its pace, in line.
            let turn = try await limiter.pace.takeTurn(lane, order: order, reservation: kept, placed: placed)
            kept = nil
            var response: HTTPResponse?
            let result: Result<T, FeedError>
            do throws(FeedError) {
                let received = try await base.send(request)
                response = received
                result = .success(try interpret(received))
            } catch {
                result = .failure(error)
            }
            // A failed attempt keeps its place in line and in the window before it frees its
            // turn: the place must not go to a request behind it while its retry waits.
            if case .failure = result { kept = limiter.pace.reserve(lane, order: order) }
            limiter.pace.finished(turn, Self.outcome(response: response, result: result))
            if let response, (200..<300).contains(response.status),
               let wait = RetryAfter.seconds(headers: response.headers, isThrottled: false, now: clock.now()) {
                // The quota is spent (`X-RateLimit-Remaining: 0`): wait for its reset rather
                // than spend the next request on a refusal.
                limiter.pause(until: clock.now().addingTimeInterval(wait))
                log?("\(Self.hostKey(request.url)): quota spent; holding every request to it for \(Self.format(wait))")
            }
            let error: FeedError
            switch result {
            case let .success(value): return value
            case let .failure(failure): error = failure
            }
            if error.kind == .cancelled || Task.isCancelled { throw FeedError(.cancelled, error.message) }

            var probe = error
            if probe.kind == .decoding { probe.isRetryable = true }
            let isTold = error.kind == .rateLimited
            if isTold { waits += 1 } else { failures += 1 }
            if error.kind == .timeout { timeouts += 1 }
            let delay: Double?
            if error.kind == .timeout && timeouts >= maxTimeouts {
                delay = nil
            } else if isTold {
                let step = max(1, min(waits, policy.maxAttempts - 1))
                let told = waits <= maxWaits ? policy.delay(afterAttempt: step, error: probe, random: random()) : nil
                if let told, waited + told > maxWaitSeconds {
                    // Past the budget: one clear line now rather than a silent hour.
                    var final = error
                    final.isRetryable = false
                    final.message += " (told to wait \(Self.format(told)) more after \(Self.format(waited)) of waiting; gave up)"
                    throw final
                }
                waited += told ?? 0
                delay = told
            } else {
                delay = policy.delay(afterAttempt: failures, error: probe, random: random()).map { backoff in
                    // A server's own wait (a 503's `Retry-After`) is kept whole, as a 429's is.
                    if error.retryAfter != nil { return backoff }
                    // The reader waits on the open detail (Enter → first comment) and on the
                    // list's wanted pages (the first screen): their retries come sooner. Their
                    // place in line, the send window and the host's pace still space them.
                    return backoff * Self.backoffShare(limiter.pace.lane(of: order, asked: lane))
                }
            }
            guard let delay else {
                if let finalResponse, let response, error.isRetryable { return finalResponse(response) }
                throw given(up: error, attempts: attempt)
            }
            if error.kind == .rateLimited || error.retryAfter != nil {
                // A server's wait counts from its answer (RFC 9110 §10.2.3 for delta-seconds;
                // an HTTP-date or a reset header was measured against the answer's `Date`).
                limiter.pause(until: clock.now().addingTimeInterval(delay))
                log?("\(Self.hostKey(request.url)): told to wait \(Self.format(delay)); pausing every request to it for \(Self.format(delay))")
            }
            attempt += 1
            request.context.onRetry?(attempt, delay, error)
            log?("retry \(attempt) of \(request.url.absoluteString) in \(Self.format(delay)): \(error.message)")
            if error.retryAfter == nil && error.kind != .rateLimited {
                // The backoff is waited out with the place kept: requests made after it do not
                // take the one its retry needs.
                try await clock.sleep(delay)
            } else if let place = kept {
                // Held by the host: the retry waits in line with every other request.
                limiter.pace.release(place)
                kept = nil
            }
        }
    }

    /// The share of the backoff a request the reader waits for (the open detail's, the list's
    /// wanted pages') waits before its retry: a 5xx or a broken body under load is not cured by
    /// waiting, and the reader is waiting for it. Prefetch and pictures wait the whole backoff.
    static let readerBackoff = 0.2

    /// The share of the policy's backoff a failed request of `lane` waits.
    static func backoffShare(_ lane: FetchLane) -> Double {
        switch lane {
        case .detail, .list: readerBackoff
        case .prefetch, .pictures: 1
        }
    }

    /// What became of an attempt, for the host's pace and window.
    static func outcome<T>(response: HTTPResponse?, result: Result<T, FeedError>) -> HostPace.Outcome {
        if case let .failure(error) = result, error.kind == .rateLimited { return .refused }
        guard let response else { return .unanswered }
        return response.status == 503 ? .overloaded : .answered
    }

    private func given(up error: FeedError, attempts: Int) -> FeedError {
        var final = error
        final.isRetryable = false
        if attempts > 1 { final.message += " after \(attempts) attempts" }
        return final
    }

    static func hostKey(_ url: URL) -> String {
        let host = url.host ?? "?"
        return url.port.map { "\(host):\($0)" } ?? host
    }

    private static func format(_ seconds: Double) -> String {
        String(format: "%.1f s", seconds)
    }
}
