/// Builds every API replica from one configuration.
enum ReplicaCatalog {
    /// Source names in display order.
    static let sourceNames = [
        "hn", "algolia", "pokeapi", "github", "reddit", "mastodon", "stackexchange", "lobsters", "devto",
        "jsonplaceholder", "wikipedia",
    ]

    static func makeAPIs(configuration c: ReplicaConfiguration, startedAt: Double) -> [any ReplicaAPI] {
        let anchor = c.anchorTime ?? Int64(startedAt)
        let clock = FeedClock(startedAt: startedAt, anchor: anchor, drift: max(c.drift, 0))
        let n = c.itemsPerFeed
        return [
            HackerNewsReplica(seed: c.seed, clock: clock, count: n),
            AlgoliaReplica(seed: c.seed, clock: clock, count: max(n * 5, 1500)),
            PokeAPIReplica(seed: c.seed, count: c.items ?? 1302),
            GitHubReplica(seed: c.seed, clock: clock, count: max(n, 1100)),
            RedditReplica(seed: c.seed, clock: clock, count: n),
            MastodonReplica(seed: c.seed, clock: clock, count: n),
            StackExchangeReplica(seed: c.seed, clock: clock, count: n),
            LobstersReplica(seed: c.seed, clock: clock, count: n + 13),
            DevToReplica(seed: c.seed, clock: clock, count: n + 7),
            JSONPlaceholderReplica(seed: c.seed, count: c.items ?? 100),
            WikipediaReplica(seed: c.seed, clock: clock, count: n),
        ]
    }
}
