import FeedConfig
import Foundation

/// Reads the config before ArgumentParser runs: `--config FILE` is taken out of the command
/// line, a named feed becomes its command, and a bad file stops the program with one line
/// before the terminal is touched.
@main
enum Main {
    static func main() {
        let environment = ProcessInfo.processInfo.environment
        do {
            let (path, rest) = try CommandLineRewrite.extractConfigPath(Array(CommandLine.arguments.dropFirst()))
            let config = try ConfigFile.load(explicitPath: path, environment: environment)
            let (arguments, feed) = CommandLineRewrite.resolve(rest, config: config)
            var settings = RunSettings(config: config, feed: feed)
            settings.arguments = arguments
            RunSettings.current = settings
            Feedscroll.main(arguments)
        } catch {
            printError("config: \(error)")
            exit(2)
        }
    }
}
