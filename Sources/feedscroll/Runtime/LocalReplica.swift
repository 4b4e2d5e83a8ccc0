import Dispatch
import FeedModel
import FeedReplica
import FeedSources
import Foundation
import Synchronization

/// The in-process replica behind bare `feedscroll`, started in the background so that the
/// first frame (the list's centred spinner) is drawn before the server listens: the first page
/// waits for it on the fetcher's queue, never the runtime thread.
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
    init(_ configuration: ReplicaConfiguration, list: HackerNewsSource.List, transport: any HTTPTransport) {
        started.enter()
        Task.detached { await self.start(configuration, list: list, transport: transport) }
    }

    private func start(_ configuration: ReplicaConfiguration, list: HackerNewsSource.List, transport: any HTTPTransport) async {
        defer { started.leave() }
        do {
            let running = try await Replica.start(configuration)
            guard let url = running.baseURLs["hn"] else {
                state.withLock { $0 = .failed("the replica has no Hacker News route") }
                return
            }
            let source = HackerNewsSource(list: list, baseURL: url, transport: transport)
            state.withLock { $0 = .running(running, source) }
        } catch {
            state.withLock { $0 = .failed("cannot start the loopback replica: \(error)") }
        }
    }

    /// The Hacker News source on the replica, once it listens.
    /// - Throws: `FeedError` when the replica could not start.
    func source() throws(FeedError) -> HackerNewsSource {
        started.wait()
        switch state.withLock({ $0 }) {
        case let .running(_, source): return source
        case let .failed(reason): throw FeedError(.invalidRequest, reason)
        case .starting: throw FeedError(.invalidRequest, "the loopback replica did not start")
        }
    }

    /// The replica's Hacker News base URL, once it listens (for the comment threads).
    func baseURL() -> URL? {
        try? source().baseURL
    }

    /// Stops the server (after the run), waiting for a start still under way.
    func stop() {
        started.wait()
        if case let .running(running, _) = state.withLock({ $0 }) { running.stopBlocking() }
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

    func load(_ key: PageKey, pageSize: Int) throws(FeedError) -> Page {
        try replica.source().load(key, pageSize: pageSize)
    }

    func startOver() {
        (try? replica.source())?.startOver()
    }
}
