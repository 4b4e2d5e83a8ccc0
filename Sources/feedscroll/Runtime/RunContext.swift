import ArgumentParser

/// What `main` hands the command it parsed: the config's settings for this run (overridden by
/// the command's flags) and the run's network. Passed explicitly, so no command reads a global.
struct RunContext: Sendable {
    var settings: RunSettings
    var network: Network
}

/// A command that runs with the run's context: every command that fetches, draws or streams.
/// `Main` parses the command line and calls `run(in:)`; ArgumentParser's `run()` is not used.
protocol RunCommand: ParsableCommand {
    func run(in context: RunContext) throws
}
