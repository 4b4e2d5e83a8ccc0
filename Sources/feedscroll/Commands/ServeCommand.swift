import ArgumentParser
import Dispatch
import FeedReplica
import Foundation

/// `feedscroll serve`: runs the loopback replica of every API until SIGINT or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the loopback replica of every API",
        discussion: """
            Prints one line per API, `NAME  BASE-URL`; pass the base URL to that source's --base-url. \
            GET /_stats counts requests per route; POST /_stats/reset clears the counts.
            """
    )

    @Option(help: "TCP port on 127.0.0.1 (0 picks a free one).")
    var port: Int = 8765

    @Option(help: "Seed of the generated data set.")
    var seed: UInt64 = 42

    @Option(help: "Seed of the fault decisions.")
    var faultSeed: UInt64 = 7

    @Option(help: ArgumentHelp(
        "How faults are drawn from the fault seed: in arrival order (sequence), or per request and attempt (keyed: the same item meets the same faults on its n-th attempt whatever order a client sends in).",
        valueName: "sequence|keyed"))
    var faultDraws: FaultDraws = .sequence

    @Option(help: "Items per feed (default about 1200; JSONPlaceholder serves 100 unless set).")
    var items: Int?

    @Option(help: "Milliseconds added to every response.")
    var latencyMs: Int = 0

    @Option(help: "Up to this many extra milliseconds per response.")
    var jitterMs: Int = 0

    @Option(help: "Share of requests (0-1) answered with a 5xx.")
    var errorRate: Double = 0

    @Option(help: ArgumentHelp("Requests per second per API before its own rate-limit answer.", valueName: "N/s"))
    var rateLimit: RateLimitArgument?

    @Option(help: "Share of requests (0-1) answered with truncated or invalid JSON.")
    var malformedRate: Double = 0

    @Option(help: "Share of requests (0-1) accepted and never answered.")
    var stallRate: Double = 0

    @Option(help: "New items per second at the head of every feed.")
    var drift: Double = 0

    @Option(name: .customLong("extra-comments"), help: "Comments added to every HN story that has some (as if the talk went on).")
    var extraComments = 0

    @Flag(help: "Serve HN stories whose titles, authors and texts try to take over the terminal (escape sequences, controls, bidi overrides).")
    var hostile = false

    @Flag(help: "Serve HN stories titled in many scripts and emoji sequences (Devanagari, Thai, Arabic, flags, joined emoji…).")
    var scripts = false

    func validate() throws {
        for (name, rate) in [("--error-rate", errorRate), ("--malformed-rate", malformedRate), ("--stall-rate", stallRate)]
        where !(0...1).contains(rate) {
            throw ValidationError("\(name) must be between 0 and 1.")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        guard latencyMs >= 0, jitterMs >= 0, drift >= 0 else {
            throw ValidationError("--latency-ms, --jitter-ms and --drift cannot be negative.")
        }
        guard (0...600).contains(extraComments) else { throw ValidationError("--extra-comments must be within 0…600.") }
        if let items, items < 1 { throw ValidationError("--items must be at least 1.") }
    }

    func run() throws {
        var configuration = ReplicaConfiguration(
            port: port, seed: seed, items: items, latencyMs: latencyMs, jitterMs: jitterMs, errorRate: errorRate,
            rateLimitPerSecond: rateLimit?.perSecond, malformedRate: malformedRate, stallRate: stallRate, drift: drift,
            faultSeed: faultSeed
        )
        configuration.faultDraws = faultDraws
        configuration.isHostile = hostile
        configuration.isScripts = scripts
        configuration.extraComments = extraComments
        // Ignore the default handlers first so the dispatch sources receive the signals.
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stopRequests, requestStop) = AsyncStream<Int32>.makeStream()
        let sources = [SIGINT, SIGTERM].map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { requestStop.yield(number) }
            source.resume()
            return source
        }
        let port = self.port
        // The server runs on NIO's event loops and the cooperative pool; this task starts it,
        // waits (suspended) for a stop signal and ends the process once it has shut down.
        Task.detached { [configuration] in
            let running: RunningReplica
            do {
                running = try await Replica.start(configuration)
            } catch {
                // Not a usage mistake: one line and exit 1, like any run that cannot go on.
                let reason = "\(error)".contains("Address already in use") ? "the port is in use" : "\(error)"
                printError("serve: cannot listen on 127.0.0.1:\(port): \(reason)")
                Foundation.exit(1)
            }
            Self.announce(running)
            for await _ in stopRequests { break }
            await running.stop()
            Self.exit()
        }
        // The main thread serves the main queue until the task above exits the process; the
        // signal sources live as long as it does.
        withExtendedLifetime(sources) { dispatchMain() }
    }

    /// One line per API on stdout (`NAME  BASE-URL`), then where the stats are on stderr.
    private static func announce(_ running: RunningReplica) {
        var lines = ""
        for name in RunningReplica.sourceNames {
            // Named as the commands are, so the name is what you type to browse it.
            let command = name == "algolia" ? "hn-search" : name
            if let url = running.baseURLs[name] { lines += "\(command)  \(url.absoluteString)\n" }
        }
        // FileHandle writes are unbuffered: whoever reads our stdout sees the lines now.
        FileHandle.standardOutput.write(Data(lines.utf8))
        FileHandle.standardError.write(Data("feedscroll serve: listening on 127.0.0.1:\(running.port); stats at http://127.0.0.1:\(running.port)/_stats; Ctrl-C stops\n".utf8))
    }
}

/// `--rate-limit 5/s` or `--rate-limit 5`.
struct RateLimitArgument: ExpressibleByArgument, Sendable {
    var perSecond: Int

    init?(argument: String) {
        let trimmed = argument.hasSuffix("/s") ? String(argument.dropLast(2)) : argument
        guard let value = Int(trimmed.trimmingCharacters(in: .whitespaces)), value >= 0 else { return nil }
        perSecond = value
    }
}

extension FaultDraws: ExpressibleByArgument {}
