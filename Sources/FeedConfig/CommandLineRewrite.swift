/// What `main` does to the command line before ArgumentParser sees it: takes out
/// `--config FILE`, and turns a named feed (or no command at all) into the command it stands for.
public enum CommandLineRewrite {
    /// Root options that must reach ArgumentParser untouched, even with a default feed set.
    static let rootOnlyOptions: Set<String> = ["-h", "--help", "--version", "--help-hidden", "--experimental-dump-help"]

    /// Removes `--config FILE` / `--config=FILE` wherever it is (before a `--`).
    ///
    /// - Returns: the file (the last one given wins) and the other arguments.
    /// - Throws: `ConfigError` when `--config` has no value.
    public static func extractConfigPath(_ arguments: [String]) throws(ConfigError) -> (path: String?, rest: [String]) {
        var path: String?
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--config" {
                guard index + 1 < arguments.count, !arguments[index + 1].isEmpty else {
                    throw ConfigError(key: nil, problem: "--config needs a FILE")
                }
                path = arguments[index + 1]
                index += 2
                continue
            }
            if argument.hasPrefix("--config=") {
                let value = String(argument.dropFirst("--config=".count))
                guard !value.isEmpty else { throw ConfigError(key: nil, problem: "--config needs a FILE") }
                path = value
            } else {
                rest.append(argument)
            }
            index += 1
        }
        return (path, rest)
    }

    /// Replaces a named feed in first position with its command and arguments; with no
    /// command given, puts the config's `default` first.
    ///
    /// - Returns: the arguments for ArgumentParser, and the feed they came from, if any.
    public static func resolve(_ arguments: [String], config: Config) -> (arguments: [String], feed: FeedDefinition?) {
        if let first = arguments.first, let feed = config.feeds[first] {
            return ([feed.source] + feed.arguments + arguments.dropFirst(), feed)
        }
        let namesNoCommand = arguments.first.map { $0.hasPrefix("-") && !rootOnlyOptions.contains($0) } ?? true
        guard namesNoCommand, let name = config.defaultFeed else { return (arguments, nil) }
        if let feed = config.feeds[name] {
            return ([feed.source] + feed.arguments + arguments, feed)
        }
        return ([name] + arguments, nil)
    }
}
