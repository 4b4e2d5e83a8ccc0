import ArgumentParser
import FeedSources

struct Feedscroll: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feedscroll",
        abstract: "Browse paginated feeds in the terminal: infinite scroll done right.",
        discussion: """
            With no command, feedscroll browses Hacker News from its own loopback replica (no network);
            `feedscroll demo` is the built-in generated feed with latency and failure knobs.
            Keys: j/k move, space/b page, g/G top/bottom, r retry, R refresh, ? help, q quit.
            When stdout is not a terminal, or with --plain/--json, items are streamed instead.
            Settings, named feeds and keys come from $XDG_CONFIG_HOME/feedscroll/config.toml
            (--config FILE, accepted anywhere on the command line, names another file).
            """,
        version: FeedscrollVersion.string,
        subcommands: [
            LocalCommand.self, DemoCommand.self, HackerNewsCommand.self, AlgoliaCommand.self, PokeAPICommand.self, GitHubCommand.self,
            RedditCommand.self, MastodonCommand.self, StackExchangeCommand.self, LobstersCommand.self,
            DevToCommand.self, JSONPlaceholderCommand.self, WikipediaCommand.self, FeedCommand.self, FeedsCommand.self, ImportCommand.self, ExportCommand.self, ReadCommand.self, ServeCommand.self,
            LabCommand.self,
        ],
        defaultSubcommand: LocalCommand.self
    )
}
