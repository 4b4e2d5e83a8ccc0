import FeedRuntime
import ArgumentParser
import FeedReplica
import FeedSources
import Foundation

/// What `feedscroll` runs with no command: Hacker News from the replica, started in-process on
/// a free loopback port, over real HTTP — the same code path as the real API, with no network.
struct LocalCommand: RunCommand {
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

    func run(in context: RunContext) throws {
        // The replica starts in the background: the first frame (a centred spinner) is drawn at
        // once, and the first page waits for the server on the fetcher's queue.
        // A whole HN page (30 items) in one wave: the replica is on loopback and Firebase has no
        // rate limit, so the first rows wait two round trips (ids, items), not five.
        let width = 30
        let transport = context.network.transport(timeout: 10, width: width)
        var configuration = ReplicaConfiguration(port: 0, seed: seed, latencyMs: latencyMs)
        // Hacker News, and the web pages a third of its stories link to (the reader's `a`).
        configuration.apis = ["hn", "articles"]
        // The list leaves each story's reply ids here: opening it fetches them with the story.
        let hints = HackerNewsThreadHints()
        // Not stopped after the run: it dies with the process. Stopping cancels Hummingbird's
        // serving task, and a connection accepted but not yet served then traps in NIO
        // ("Deinited NIOAsyncWriter without calling finish()", swift-nio#3481): quitting bare
        // feedscroll crashed in 2 of 19 quits on a loaded machine, and in none of 60 without it.
        let replica = LocalReplica(configuration, list: list, transport: transport, width: width, hints: hints)
        let comments: DetailFetcher.MakeSource = { itemID in
            replica.baseURL().flatMap {
                HackerNewsCommentsSource.forItem(itemID, baseURL: $0, transport: transport, maxConcurrentItems: width, hints: hints)
            }
        }
        try Launcher(context, options: options, comments: comments).run(LocalHackerNewsSource(replica: replica, list: list, transport: transport))
    }
}
