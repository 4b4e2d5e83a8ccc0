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

        /// What a value must be beyond its type, checked when the file is read so the error
        /// names the file and line rather than coming from the command line later.
        public enum Rule: Sendable, Equatable {
            case any
            /// One of these words.
            case oneOf([String])
            /// A number within these bounds.
            case within(ClosedRange<Double>)
            /// An absolute http or https URL.
            case url
            /// Not empty (after trimming).
            case nonEmpty
        }

        public var key: String
        public var placement: Placement
        public var kind: Kind
        public var rule: Rule
        /// Whether the feed must give it (the command's argument has no default).
        public var isRequired: Bool

        init(_ key: String, _ placement: Placement, _ kind: Kind = .string, _ rule: Rule = .any, isRequired: Bool = false) {
            self.key = key
            self.placement = placement
            self.kind = kind
            self.rule = rule
            self.isRequired = isRequired
        }
    }

    /// Every command a feed can name, with its keys.
    public static let sources: [String: [Parameter]] = {
        let network = [
            Parameter("base_url", .option("--base-url"), .string, .url),
            Parameter("timeout", .option("--timeout"), .number, .within(0.001...600)),
        ]
        let hnList = Parameter("list", .positional, .string, .oneOf(["top", "new", "best", "ask", "show", "job"]))
        let seed = Parameter("seed", .option("--seed"), .integer, .within(0...Double(Int64.max)))
        let latency = Parameter("latency_ms", .option("--latency-ms"), .integer, .within(0...60_000))
        return [
            "local": [hnList, seed, latency],
            "demo": [
                Parameter("items", .option("--items"), .integer, .within(0...Double(Int64.max))), seed, latency,
                Parameter("fail_rate", .option("--fail-rate"), .number, .within(0...1)),
            ],
            "hn": [hnList] + network,
            "hn-search": [Parameter("query", .positional), Parameter("by_date", .flag("--by-date"), .boolean)] + network,
            "pokeapi": network,
            "github": [
                Parameter("query", .positional, .string, .nonEmpty, isRequired: true),
                Parameter("sort", .option("--sort"), .string, .oneOf(["stars", "forks", "updated", "help-wanted-issues", "best-match"])),
            ] + network,
            "reddit": [Parameter("subreddit", .positional, .string, .nonEmpty, isRequired: true)] + network,
            "mastodon": [Parameter("instance", .option("--instance"), .string, .nonEmpty)] + network,
            "stackexchange": [Parameter("site", .option("--site"), .string, .nonEmpty)] + network,
            "lobsters": [Parameter("list", .positional, .string, .oneOf(["hottest", "newest"]))] + network,
            "devto": [Parameter("tag", .option("--tag"))] + network,
            "jsonplaceholder": network,
            "wikipedia": network,
            "feed": [Parameter("url", .positional, .string, .url, isRequired: true)] + network,
        ]
    }()

    /// Every command name, feed sources and the rest: a feed may not take one of these names.
    public static let commandNames: Set<String> = Set(sources.keys).union(["feeds", "import", "export", "read", "serve", "help"])

    /// Keys every feed table takes besides its source's.
    public static let settingKeys = ["source", "page_size", "prefetch", "max_pages", "theme", "images", "hide_read"]
}
