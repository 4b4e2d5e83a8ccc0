import ArgumentParser
import FeedConfig
import Foundation

/// Reads the config before ArgumentParser runs: `--config FILE` is taken out of the command
/// line, a named feed becomes its command, and a bad file stops the program with one line
/// before the terminal is touched.
@main
enum Main {
    static func main() {
        StandardDescriptors.reserve()
        let environment = ProcessInfo.processInfo.environment
        do {
            let (path, rest) = try CommandLineRewrite.extractConfigPath(Array(CommandLine.arguments.dropFirst()))
            let config = try ConfigFile.load(explicitPath: path, environment: environment)
            // Said before anything else runs: in a pipe on stderr, and on the terminal's status line at start.
            for warning in config.warnings { printError("config: warning: \(warning)") }
            if let problem = CommandLineRewrite.unknownCommand(rest, feeds: config.feeds.keys) {
                printUsageError(problem)
            }
            let (arguments, feed) = CommandLineRewrite.resolve(CommandLineRewrite.attachNegativeNumbers(rest), config: config)
            var settings = RunSettings(config: config, feed: feed)
            settings.arguments = arguments
            settings.startNotice = config.warnings.first.map { warning in
                "config: \(warning)" + (config.warnings.count > 1 ? " (and \(config.warnings.count - 1) more on stderr)" : "")
            }
            run(arguments, in: RunContext(settings: settings, network: Network()))
        } catch {
            printError("config: \(error)")
            exit(2)
        }
    }
}

/// Parses the command line and runs its command: a `RunCommand` with the run's context, any
/// other (`serve`, `lab`) as ArgumentParser runs it; help, versions and errors as it says them.
private func run(_ arguments: [String], in context: RunContext) -> Never {
    do {
        var command: any ParsableCommand = try ReadCommand.parsedAlone(arguments) ?? Feedscroll.parseAsRoot(arguments)
        if let command = command as? any RunCommand {
            try command.run(in: context)
        } else {
            try command.run()
        }
        Feedscroll.exit()
    } catch {
        Feedscroll.exit(withError: error)
    }
}

/// A command-line mistake, said the way ArgumentParser says its own, with its exit status.
func printUsageError(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("Error: \(problem)\n  See 'feedscroll --help' for the commands.\n".utf8))
    exit(64)
}
