/// The commands a `[feeds.NAME]` table can run, and the keys each one takes.
///
/// Each key becomes a command-line argument, so a named feed runs exactly as if its command
/// had been typed, with the same validation.
public enum SourceCatalog {
    /// One key of a feed table.
    public struct Parameter: Sendable, Equatable {
        public enum Placement: Sendable, Equatable {
            /// The command's positional argument (`hn new`).
            case positional
            /// `--flag VALUE`.
            case option(String)
            /// `--flag`, present when the value is true.
            case flag(String)
        }

        public enum Kind: Sendable, Equatable {
            case string, integer, number, boolean

            var typeName: String {
                switch self {
                case .string: "a string"
                case .integer: "an integer"
                case .number: "a number"
                case .boolean: "a boolean"
                }
            }
        }

        public var key: String
        public var placement: Placement
        public var kind: Kind

        init(_ key: String, _ placement: Placement, _ kind: Kind = .string) {
            self.key = key
            self.placement = placement
            self.kind = kind
        }
    }

    /// Every command a feed can name, with its keys.
    public static let sources: [String: [Parameter]] = {
        let network = [Parameter("base_url", .option("--base-url")), Parameter("timeout", .option("--timeout"), .number)]
        return [
            "local": [
                Parameter("list", .positional), Parameter("seed", .option("--seed"), .integer),
                Parameter("latency_ms", .option("--latency-ms"), .integer),
            ],
            "demo": [
                Parameter("items", .option("--items"), .integer), Parameter("seed", .option("--seed"), .integer),
                Parameter("latency_ms", .option("--latency-ms"), .integer),
                Parameter("fail_rate", .option("--fail-rate"), .number),
            ],
            "hn": [Parameter("list", .positional)] + network,
            "hn-search": [Parameter("query", .positional), Parameter("by_date", .flag("--by-date"), .boolean)] + network,
            "pokeapi": network,
            "github": [Parameter("query", .positional), Parameter("sort", .option("--sort"))] + network,
            "reddit": [Parameter("subreddit", .positional)] + network,
            "mastodon": [Parameter("instance", .option("--instance"))] + network,
            "stackexchange": [Parameter("site", .option("--site"))] + network,
            "lobsters": [Parameter("list", .positional)] + network,
            "devto": [Parameter("tag", .option("--tag"))] + network,
            "jsonplaceholder": network,
            "wikipedia": network,
        ]
    }()

    /// Every command name, feed sources and the rest: a feed may not take one of these names.
    public static let commandNames: Set<String> = Set(sources.keys).union(["serve", "help"])

    /// Keys every feed table takes besides its source's.
    public static let settingKeys = ["source", "page_size", "prefetch", "max_pages", "theme"]
}
