import FeedModel
import Foundation
import Synchronization

@testable import FeedSources

/// An `HTTPTransport` whose requests wait until the test answers them, or are answered at once
/// by a script. It records every request started, counts those in flight and those cancelled,
/// and lets a test suspend until a condition holds (a barrier, never a sleep).
final class ScriptedTransport: HTTPTransport {
    /// Answers a request at once (`nil`: hold it until `answer`). `attempt` counts from 1 per URL.
    typealias Script = @Sendable (_ url: String, _ attempt: Int) -> Result<HTTPResponse, FeedError>?

    private struct Held {
        var id: Int
        var url: String
        var continuation: CheckedContinuation<Result<HTTPResponse, FeedError>, Never>
    }

    private struct State {
        var started: [String] = []
        var held: [Held] = []
        var nextID = 0
        var inFlight = 0
        var peakInFlight = 0
        var cancelled = 0
        var waiters: [(id: Int, condition: @Sendable (Snapshot) -> Bool, continuation: CheckedContinuation<Void, Never>)] = []

        var snapshot: Snapshot {
            Snapshot(started: started, held: held.map(\.url), inFlight: inFlight, peakInFlight: peakInFlight, cancelled: cancelled)
        }
    }

    /// What the transport has seen so far.
    struct Snapshot: Sendable {
        var started: [String]
        var held: [String]
        var inFlight: Int
        var peakInFlight: Int
        var cancelled: Int
    }

    private let state = Mutex(State())
    private let script: Script

    init(script: @escaping Script = { _, _ in nil }) {
        self.script = script
    }

    var snapshot: Snapshot { state.withLock { $0.snapshot } }

    func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse {
        let url = request.url.absoluteString
        let attempt = update { state in
            state.started.append(url)
            state.inFlight += 1
            state.peakInFlight = max(state.peakInFlight, state.inFlight)
            return state.started.filter { $0 == url }.count
        }
        if let answer = script(url, attempt) {
            update { $0.inFlight -= 1 }
            return try answer.get()
        }
        let id = update { state in
            state.nextID += 1
            return state.nextID
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPResponse, FeedError>, Never>) in
                let cancelledAlready = update { state -> Bool in
                    if Task.isCancelled { return true }
                    state.held.append(Held(id: id, url: url, continuation: continuation))
                    return false
                }
                if cancelledAlready { continuation.resume(returning: .failure(FeedError(.cancelled, "cancelled"))) }
            }
        } onCancel: {
            let held = update { state -> Held? in
                guard let index = state.held.firstIndex(where: { $0.id == id }) else { return nil }
                state.cancelled += 1
                return state.held.remove(at: index)
            }
            held?.continuation.resume(returning: .failure(FeedError(.cancelled, "cancelled")))
        }
        update { $0.inFlight -= 1 }
        return try result.get()
    }

    /// Answers the held request for `url` (the oldest one if several).
    func answer(_ url: String, _ result: Result<HTTPResponse, FeedError>) {
        let held = update { state -> Held? in
            guard let index = state.held.firstIndex(where: { $0.url == url }) else { return nil }
            return state.held.remove(at: index)
        }
        precondition(held != nil, "no held request for \(url)")
        held?.continuation.resume(returning: result)
    }

    /// Suspends until `condition` holds, or the calling task is cancelled (a test's time limit).
    func until(_ condition: @escaping @Sendable (Snapshot) -> Bool) async {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let holds = state.withLock { state -> Bool in
                    if condition(state.snapshot) || Task.isCancelled { return true }
                    state.waiters.append((id, condition, continuation))
                    return false
                }
                if holds { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume()
        }
    }

    /// A JSON 200 response.
    static func json(_ url: String, _ body: String, status: Int = 200, headers: [String: String] = [:]) -> Result<HTTPResponse, FeedError> {
        .success(HTTPResponse(status: status, headers: headers, body: Data(body.utf8), url: URL(string: url)!))
    }

    // MARK: - Helpers

    private func update<T>(_ change: (inout State) -> T) -> T {
        let (value, ready) = state.withLock { state -> (T, [CheckedContinuation<Void, Never>]) in
            let value = change(&state)
            let snapshot = state.snapshot
            var ready: [CheckedContinuation<Void, Never>] = []
            state.waiters.removeAll { waiter in
                guard waiter.condition(snapshot) else { return false }
                ready.append(waiter.continuation)
                return true
            }
            return (value, ready)
        }
        for continuation in ready { continuation.resume() }
        return value
    }
}
