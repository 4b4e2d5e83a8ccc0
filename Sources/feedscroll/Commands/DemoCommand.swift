import ArgumentParser
import FeedSources

struct DemoCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Browse the built-in generated feed, offline, with latency and failure knobs."
    )

    @Option(help: "Items in the feed (generated lazily; up to billions).")
    var items = 1000

    @Option(help: "Seed of the generated feed.")
    var seed: UInt64 = 2026

    @Option(name: .customLong("latency-ms"), help: "Simulated latency per page in ms (default 400 on screen, 0 in pipe modes).")
    var latencyMs: Int?

    @Option(name: .customLong("fail-rate"), help: "Chance (0…1) that a page load fails with a retryable error.")
    var failRate = 0.0

    @OptionGroup var options: FeedOptions

    func validate() throws {
        if items < 0 { throw ValidationError("--items must not be negative, not \(items)") }
        if let latencyMs, latencyMs < 0 || latencyMs > 60_000 {
            throw ValidationError("--latency-ms must be within 0…60000, not \(latencyMs)")
        }
        if !(0...1).contains(failRate) { throw ValidationError("--fail-rate must be within 0…1, not \(failRate)") }
    }

    func run(in context: RunContext) throws {
        let mode = OutputMode(options)
        let latency = latencyMs ?? (mode == .terminal ? 400 : 0)
        let source = DemoSource(options: .init(items: items, seed: seed, latencyMilliseconds: latency, failureRate: failRate))
        try Launcher(context, options: options, mode: mode).run(source)
    }
}
