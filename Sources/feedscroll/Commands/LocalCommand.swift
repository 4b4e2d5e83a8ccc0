import ArgumentParser
import FeedReplica
import FeedSources

/// What `feedscroll` runs with no command: Hacker News from the replica, started in-process on
/// a free loopback port, over real HTTP — the same code path as the real API, with no network.
struct LocalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "local",
        abstract: "Browse Hacker News from an in-process loopback replica (the default; needs no network)."
    )

    @Argument(help: "top, new, best, ask, show or job.") var list: HackerNewsSource.List = .top

    @Option(name: .customLong("latency-ms"), help: "Latency the replica adds to every response, in ms.")
    var latencyMs = 120

    @Option(help: "Seed of the replica's data set.") var seed: UInt64 = 42

    @OptionGroup var options: FeedOptions

    func validate() throws {
        guard (0...60_000).contains(latencyMs) else { throw ValidationError("--latency-ms must be within 0…60000, not \(latencyMs)") }
    }

    func run() throws {
        let replica: RunningReplica
        do {
            replica = try Replica.startBlocking(ReplicaConfiguration(port: 0, seed: seed, latencyMs: latencyMs))
        } catch {
            throw ValidationError("cannot start the loopback replica: \(error)")
        }
        defer { replica.stopBlocking() }
        guard let url = replica.baseURLs["hn"] else { throw ValidationError("the replica has no Hacker News route") }
        let transport = Network.transport(timeout: 10, width: 8)
        let comments: CommentFetchers.MakeSource = { HackerNewsCommentsSource.forItem($0, baseURL: url, transport: transport) }
        try Launcher(options: options, comments: comments).run { _ in
            HackerNewsSource(list: list, baseURL: url, transport: transport)
        }
    }
}
