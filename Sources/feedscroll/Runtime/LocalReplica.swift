import Dispatch
import FeedModel
import FeedReplica
import FeedSources
import Foundation
import Synchronization

/// The in-process replica behind bare `feedscroll`, started in the background so that the
/// first frame (the list's centred spinner) is drawn before the server listens: the first page
/// waits for it in its task (suspended, no thread blocked), never on the runtime thread.
final class LocalReplica: Sendable {
    private enum State {
        case starting
        case running(RunningReplica, HackerNewsSource)
        case failed(String)
    }

    private let state = Mutex<State>(.starting)
    /// Entered until the replica listens or fails; waiting on it is how a load learns the URL.
    private let started = DispatchGroup()

    /// Starts the replica now and returns at once.
    ///
    /// - Parameters:
    ///   - configuration: the replica's data set and latency.
    ///   - list: the Hacker News list to browse.
    ///   - transport: the HTTP client the source uses.
    ///   - width: item requests in flight at once for one page.
    ///   - hints: where the list leaves its stories' reply ids for their threads.
    init(
        _ configuration: ReplicaConfiguration, list: HackerNewsSource.List, transport: any HTTPTransport, width: Int,
        hints: HackerNewsThreadHints? = nil
    ) {
        started.enter()
        Task.detached { await self.start(configuration, list: list, transport: transport, width: width, hints: hints) }
    }

    private func start(
        _ configuration: ReplicaConfiguration, list: HackerNewsSource.List, transport: any HTTPTransport, width: Int,
        hints: HackerNewsThreadHints?
    ) async {
        defer { started.leave() }
        do {
            let running = try await Replica.start(configuration)
            guard let url = running.baseURLs["hn"] else {
                state.withLock { $0 = .failed("the replica has no Hacker News route") }
                return
            }
            let source = HackerNewsSource(list: list, baseURL: url, transport: transport, maxConcurrentItems: width, hints: hints)
            state.withLock { $0 = .running(running, source) }
        } catch {
            state.withLock { $0 = .failed("cannot start the loopback replica: \(error)") }
        }
    }

    /// The Hacker News source on the replica, once it listens: waits without blocking a thread.
    /// - Throws: `FeedError` when the replica could not start.
    func source() async throws(FeedError) -> HackerNewsSource {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            started.notify(queue: .global()) { done.resume() }
        }
        switch state.withLock({ $0 }) {
        case let .running(_, source): return source
        case let .failed(reason): throw FeedError(.invalidRequest, reason)
        case .starting: throw FeedError(.invalidRequest, "the loopback replica did not start")
        }
    }

    /// The source if the replica already listens, without waiting.
    func currentSource() -> HackerNewsSource? {
        if case let .running(_, source) = state.withLock({ $0 }) { return source }
        return nil
    }

    /// The replica's Hacker News base URL once it listens (for the comment threads: a story can
    /// only be opened after its page came from the running replica).
    func baseURL() -> URL? {
        currentSource()?.baseURL
    }
}

/// Hacker News from the `LocalReplica`: named and paged as `HackerNewsSource`, its loads
/// waiting for the replica to listen.
struct LocalHackerNewsSource: FeedSource {
    let replica: LocalReplica
    let list: HackerNewsSource.List
    /// The names, keys and sizes of the source it stands for.
    private let model: HackerNewsSource

    init(replica: LocalReplica, list: HackerNewsSource.List, transport: any HTTPTransport) {
        self.replica = replica
        self.list = list
        model = HackerNewsSource(list: list, transport: transport)
    }

    var name: String { model.name }
    var firstKey: PageKey { model.firstKey }
    var defaultPageSize: Int { model.defaultPageSize }
    var maxPageSize: Int { model.maxPageSize }

    func load(_ key: PageKey, pageSize: Int, context: FetchContext) async throws(FeedError) -> Page {
        try await replica.source().load(key, pageSize: pageSize, context: context)
    }

    func startOver() {
        replica.currentSource()?.startOver()
    }
}
