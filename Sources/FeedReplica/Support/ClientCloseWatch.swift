internal import Hummingbird
internal import NIOCore
import Synchronization

/// Sees a client close its connection while the replica is still working on the answer (the
/// latency wait, a stall), so `/_stats` can count requests the client gave up on.
///
/// One per connection, in the pipeline after HTTP decoding. Hummingbird allows remote half
/// closure, so a client's FIN arrives as `ChannelEvent.inputClosed` rather than closing the
/// channel; either counts.
final class ClientCloseWatch: ChannelInboundHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny

    private struct State {
        var isClosed = false
        var nextID = 0
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
    }

    private let state = Mutex(State())

    init() {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { close() }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        close()
        context.fireChannelInactive()
    }

    /// Suspends until the client closes (true) or the task is cancelled (false).
    func closed() async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now = state.withLock { state -> Bool? in
                    if state.isClosed { return true }
                    if Task.isCancelled { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
        }
    }

    private func close() {
        let waiters = state.withLock { state in
            state.isClosed = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }
}

/// The request context of the replica: Hummingbird's basics plus the connection, so the
/// responder can find the connection's `ClientCloseWatch`.
struct ReplicaContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The watch of this request's connection.
    func closeWatch() async -> ClientCloseWatch? {
        try? await channel.pipeline.handler(type: ClientCloseWatch.self).get()
    }
}
