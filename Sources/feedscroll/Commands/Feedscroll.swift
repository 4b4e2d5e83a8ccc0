import ArgumentParser
import FeedSources

@main
struct Feedscroll: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feedscroll",
        abstract: "Browse paginated feeds in the terminal: infinite scroll done right.",
        discussion: """
            With no command, feedscroll browses its built-in feed, offline.
            Keys: j/k move, space/b page, g/G top/bottom, r retry, R refresh, ? help, q quit.
            When stdout is not a terminal, or with --plain/--json, items are streamed instead.
            """,
        version: FeedscrollVersion.string,
        subcommands: [
            DemoCommand.self, HackerNewsCommand.self, AlgoliaCommand.self, PokeAPICommand.self, GitHubCommand.self,
            RedditCommand.self, MastodonCommand.self, StackExchangeCommand.self, LobstersCommand.self,
            DevToCommand.self, JSONPlaceholderCommand.self, WikipediaCommand.self,
        ],
        defaultSubcommand: DemoCommand.self
    )
}
