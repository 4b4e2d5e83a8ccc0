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
        if let first = arguments.first, let command = command(opening: first) {
            return (command + arguments.dropFirst(), nil)
        }
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

    /// The command a bare web address stands for: an item's page on a source with
    /// conversations opens that thread (`feedscroll https://news.ycombinator.com/item?id=1`
    /// runs `hn --thread …`); any other page opens in the reader (`read URL`).
    ///
    /// - Returns: nil when the argument is not an `http` or `https` address.
    public static func command(opening argument: String) -> [String]? {
        let lowered = argument.lowercased()
        guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else { return nil }
        let afterScheme = argument.drop { $0 != "/" }.dropFirst(2)
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let host = authority.split(separator: "@").last.map { String($0.split(separator: ":").first ?? "").lowercased() } ?? ""
        let path = afterScheme.dropFirst(authority.count).prefix { $0 != "?" && $0 != "#" }
        let parts = path.split(separator: "/").map(String.init)
        let bareHost = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        switch bareHost {
        case "news.ycombinator.com" where parts == ["item"] && argument.contains("id="):
            return ["hn", "--thread", argument]
        case "reddit.com", "old.reddit.com", "np.reddit.com" where parts.count >= 4 && parts[0] == "r" && parts[2] == "comments":
            return ["reddit", parts[1], "--thread", argument]
        case "lobste.rs" where parts.count >= 2 && parts[0] == "s":
            return ["lobsters", "--thread", argument]
        case "github.com" where parts.count >= 2:
            return ["github", "--thread", argument]
        case "stackoverflow.com", "superuser.com", "serverfault.com", "askubuntu.com", "mathoverflow.net"
            where parts.count >= 2 && (parts[0] == "questions" || parts[0] == "q"):
            return ["stackexchange", "--site", bareHost.split(separator: ".").first.map(String.init) ?? bareHost, "--thread", argument]
        case let site where site.hasSuffix(".stackexchange.com") && parts.count >= 2 && (parts[0] == "questions" || parts[0] == "q"):
            return ["stackexchange", "--site", String(site.dropLast(".stackexchange.com".count)), "--thread", argument]
        // An edit's diff on English Wikipedia (the wikipedia source's wiki): `?diff=REV`, `Special:Diff/REV`.
        case "en.wikipedia.org" where (parts == ["w", "index.php"] && argument.contains("diff="))
            || (parts.count >= 3 && parts[0] == "wiki" && parts[1] == "Special:Diff"):
            return ["wikipedia", "--thread", argument]
        default:
            // A Mastodon status: `/@user/ID` on any instance.
            if parts.count == 2, parts[0].hasPrefix("@"), !parts[1].isEmpty, parts[1].allSatisfy(\.isNumber) {
                return ["mastodon", "--instance", host, "--thread", argument]
            }
            return ["read", argument]
        }
    }
}
