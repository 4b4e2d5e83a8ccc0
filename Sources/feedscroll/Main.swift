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
            RunSettings.current = settings
            Feedscroll.main(arguments)
        } catch {
            printError("config: \(error)")
            exit(2)
        }
    }
}

/// A command-line mistake, said the way ArgumentParser says its own, with its exit status.
func printUsageError(_ problem: String) -> Never {
    FileHandle.standardError.write(Data("Error: \(problem)\n  See 'feedscroll --help' for the commands.\n".utf8))
    exit(64)
}
