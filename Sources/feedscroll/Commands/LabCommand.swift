import ArgumentParser
import FeedLab
import Foundation

/// `feedscroll lab`: the strategy lab, a deterministic replay of scroll traces against latency
/// models for every prefetch trigger.
struct LabCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lab",
        abstract: "Compare prefetch triggers on simulated scroll traces and latency models.",
        discussion: """
            Replays each trace (slow-read, skim, hold-j, jump-G, scroll-back, storm) against each latency \
            model (constant-300ms, constant-1s, long-tail, spikes, failures) and prints, per strategy: \
            requests, duplicate requests, stalls, seconds stalled and items fetched but never shown. \
            feedscroll's strategies run the shipped PagingState and AdaptivePrefetch. Deterministic for a seed.
            """
    )

    @Option(help: "Seed of the long-tail and failure draws and the slow reader's pauses.")
    var seed: UInt64 = 1

    @Option(name: .customLong("page-size"), help: "Items per page.")
    var pageSize = 20

    @Option(help: "Items on screen (11 at 80×24).")
    var screen = 11

    @Option(help: "List pages feedscroll keeps in flight ahead at most (1 replays the serial pager; the terminal uses 2).")
    var pipeline = 2

    @Option(help: "Items in the feed (endless when not given).")
    var items: Int?

    @Option(help: ArgumentHelp("Only scenarios whose trace, latency model or TRACE/MODEL name is this.", valueName: "NAME"))
    var scenario: [String] = []

    @Flag(help: "Print one JSON document instead of tables.")
    var json = false

    func validate() throws {
        guard (1...1_000).contains(pageSize) else { throw ValidationError("--page-size must be within 1…1000, not \(pageSize)") }
        guard (1...500).contains(screen) else { throw ValidationError("--screen must be within 1…500, not \(screen)") }
        guard (1...4).contains(pipeline) else { throw ValidationError("--pipeline must be within 1…4, not \(pipeline)") }
        if let items, items < 1 { throw ValidationError("--items must be at least 1, not \(items)") }
        let known = Lab.standardScenarios(setup: setup)
        for name in scenario where !known.contains(where: { matches($0, name) }) {
            throw ValidationError("unknown scenario '\(name)'; try a trace (hold-j), a model (long-tail) or hold-j/long-tail")
        }
    }

    func run() throws {
        let scenarios = Lab.standardScenarios(setup: setup).filter { candidate in
            scenario.isEmpty || scenario.contains { matches(candidate, $0) }
        }
        let report = Lab.run(setup: setup, scenarios: scenarios)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.table(), terminator: "")
        }
    }

    // MARK: - Helpers

    private var setup: LabSetup { LabSetup(pageSize: pageSize, screen: screen, feedItems: items, seed: seed, pipeline: pipeline) }

    private func matches(_ candidate: Scenario, _ name: String) -> Bool {
        [candidate.name, candidate.trace.name, candidate.latency.name].contains(name)
    }
}
