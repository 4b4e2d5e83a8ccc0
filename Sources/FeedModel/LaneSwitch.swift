import Synchronization

/// The lane a load's requests take from now on, changed while the load runs: a list page asked
/// for as prefetch is moved to the wanted lane when the reader reaches it
/// (`PagingEffect.promote`), and its requests already waiting for a turn move with it, keeping
/// their places in line.
///
/// Set by the one who asked for the load (`PageFetcher.promote`); heard by the transport, which
/// moves each request it holds for the load (`HostPace.move`).
public final class LaneSwitch: Sendable {
    private let state: Mutex<State>

    private struct State {
        var lane: FetchLane?
        var listeners: [UInt64: @Sendable (FetchLane) -> Void] = [:]
        var next: UInt64 = 0
    }

    public init() {
        state = Mutex(State())
    }

    /// The lane the load was moved to, if it was.
    public var lane: FetchLane? { state.withLock { $0.lane } }

    /// Moves the load to `lane`; every listener hears it once.
    public func move(to lane: FetchLane) {
        let listeners = state.withLock { state -> [@Sendable (FetchLane) -> Void] in
            guard state.lane != lane else { return [] }
            state.lane = lane
            return Array(state.listeners.values)
        }
        for listener in listeners { listener(lane) }
    }

    /// Calls `listener` on each move from now on, and at once with the lane already moved to.
    /// - Returns: a token for `stopListening(_:)`.
    public func listen(_ listener: @escaping @Sendable (FetchLane) -> Void) -> UInt64 {
        let (token, moved) = state.withLock { state -> (UInt64, FetchLane?) in
            state.next += 1
            state.listeners[state.next] = listener
            return (state.next, state.lane)
        }
        if let moved { listener(moved) }
        return token
    }

    public func stopListening(_ token: UInt64) {
        state.withLock { state in _ = state.listeners.removeValue(forKey: token) }
    }
}
