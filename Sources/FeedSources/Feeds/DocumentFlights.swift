import FeedModel
import Synchronization

/// Feed documents being fetched, shared by the sources of one run: a source that wants a
/// document another source is already fetching waits for that fetch and reads the same parse,
/// instead of sending the request a second time (a feed opened from the subscription list while
/// refresh-all still fetches it costs one request, not two).
///
/// The first source to ask leads: it sends the request, and hands every source that asked
/// meanwhile what it got. A source waiting for another's fetch stops waiting when its own task
/// is cancelled (the leader goes on: others may want it); when the leader's fetch is cancelled,
/// a waiter that still wants the document fetches it itself.
public final class DocumentFlights: Sendable {
    /// What a fetch gave the sources that waited for it.
    struct Landing: Sendable {
        var parse: DocumentParse
        /// The server answered 304 (the parse is of the document kept before).
        var notModified: Bool
        /// The feed the page at the address named, when the address was a site's page.
        var discoveredURL: String?
    }

    /// A fetch under way: the sources waiting for it.
    final class Flight: Sendable {
        fileprivate struct Waiter {
            var serial: Int
            var continuation: CheckedContinuation<Result<Landing, FeedError>?, Never>
        }

        fileprivate let waiters = Mutex<(list: [Waiter], result: Result<Landing, FeedError>?)>(([], nil))
    }

    /// Whether a source leads a document's fetch or waits for another's.
    enum Role {
        case lead(Flight)
        case wait(Flight)
    }

    private let flights = Mutex<[String: Flight]>([:])
    private let serials = Atomic<Int>(0)
    /// Told the address each time a source starts waiting for another's fetch (tests).
    private let observeWait: (@Sendable (String) -> Void)?

    public init() { observeWait = nil }

    /// - Parameter observeWait: told the address each time a source starts waiting (tests wait on it).
    init(observeWait: @escaping @Sendable (String) -> Void) { self.observeWait = observeWait }

    /// Fetches under way (tests).
    var count: Int { flights.withLock { $0.count } }

    /// Joins the fetch of `address` under way, or starts one that this caller leads (and must
    /// `land`, whatever happens).
    func join(_ address: String) -> Role {
        flights.withLock { flights in
            if let flight = flights[address] { return .wait(flight) }
            let flight = Flight()
            flights[address] = flight
            return .lead(flight)
        }
    }

    /// Ends the leader's fetch of `address`: every source waiting for it gets `result`.
    func land(_ flight: Flight, at address: String, _ result: Result<Landing, FeedError>) {
        flights.withLock { flights in
            if flights[address] === flight { flights[address] = nil }
        }
        let waiting = flight.waiters.withLock { state in
            state.result = result
            defer { state.list = [] }
            return state.list
        }
        for waiter in waiting { waiter.continuation.resume(returning: result) }
    }

    /// Waits for the fetch to land. - Returns: nil when the calling task was cancelled first.
    func wait(for flight: Flight, at address: String) async -> Result<Landing, FeedError>? {
        let serial = serials.add(1, ordering: .relaxed).newValue
        let observeWait = observeWait
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<Landing, FeedError>?, Never>) in
                let now = flight.waiters.withLock { state -> Result<Landing, FeedError>?? in
                    if let result = state.result { return .some(result) }
                    if Task.isCancelled { return .some(nil) }
                    state.list.append(Flight.Waiter(serial: serial, continuation: continuation))
                    return nil
                }
                if let now { continuation.resume(returning: now) } else { observeWait?(address) }
            }
        } onCancel: {
            let waiter = flight.waiters.withLock { state -> Flight.Waiter? in
                guard let index = state.list.firstIndex(where: { $0.serial == serial }) else { return nil }
                return state.list.remove(at: index)
            }
            waiter?.continuation.resume(returning: nil)
        }
    }
}
