/// Builds every API replica from one configuration.
///
/// | source | base URL (`--base-url`) | routes below it |
/// |---|---|---|
/// | hn | `/hn/v0` | `{top,new,best,ask,show,job}stories.json`, `item/{id}.json`, `maxitem.json`, `user/{id}.json`, `updates.json` |
/// | algolia | `/algolia/api/v1` | `search`, `search_by_date`, `items/{id}` |
/// | pokeapi | `/pokeapi/api/v2` | `pokemon`, `pokemon/{id or name}/` |
/// | github | `/github` | `search/repositories` |
/// | reddit | `/reddit` | `r/{sub}/new.json` (and `r/{sub}/new`) |
/// | mastodon | `/mastodon` | `api/v1/timelines/public` |
/// | stackexchange | `/stackexchange/2.3` | `questions` |
/// | lobsters | `/lobsters` | `hottest.json`, `newest.json`, `page/{n}.json`, `newest/page/{n}.json` |
/// | devto | `/devto/api` | `articles`, `articles/latest`, `articles/{id}` |
/// | jsonplaceholder | `/jsonplaceholder` | `posts`, `posts/{id}` |
/// | wikipedia | `/wikipedia/w` | `api.php?action=query&list=recentchanges` |
/// | feeds | `/feeds` | RSS, Atom and JSON Feed documents, paged, archived, broken (`ReplicaFeeds`) |
/// | sprites | `/sprites` | pictures: `pokemon/other/official-artwork/{id}.png`, avatars, covers, bad files (`PicturesReplica`) |
///
/// Plus `GET /_stats`, `POST /_stats/reset` (or `POST /_stats`) and `GET /` (an index of base URLs).
/// Drift adds items at the head of every feed except PokeAPI and JSONPlaceholder, whose data is
/// static on the real services too.
enum ReplicaCatalog {
    /// Source names in display order.
    static let sourceNames = [
        "hn", "algolia", "pokeapi", "github", "reddit", "mastodon", "stackexchange", "lobsters", "devto",
        "jsonplaceholder", "wikipedia", "articles", "sprites", "feeds",
    ]

    static func makeAPIs(configuration c: ReplicaConfiguration, startedAt: Double) -> [any ReplicaAPI] {
        let anchor = c.anchorTime ?? Int64(startedAt)
        let clock = FeedClock(startedAt: startedAt, anchor: anchor, drift: max(c.drift, 0))
        let n = c.itemsPerFeed
        // Built only when served: some data sets take a while to generate.
        let makers: [(String, () -> any ReplicaAPI)] = [
            ("hn", { HackerNewsReplica(seed: c.seed, clock: clock, count: n, isHostile: c.isHostile, isScripts: c.isScripts, extraComments: c.extraComments) }),
            ("algolia", { AlgoliaReplica(seed: c.seed, clock: clock, count: max(n * 5, 1500)) }),
            ("pokeapi", { PokeAPIReplica(seed: c.seed, count: c.items ?? 1302) }),
            ("github", { GitHubReplica(seed: c.seed, clock: clock, count: max(n, 1100)) }),
            ("reddit", { RedditReplica(seed: c.seed, clock: clock, count: n) }),
            ("mastodon", { MastodonReplica(seed: c.seed, clock: clock, count: n) }),
            ("stackexchange", { StackExchangeReplica(seed: c.seed, clock: clock, count: n) }),
            ("lobsters", { LobstersReplica(seed: c.seed, clock: clock, count: n + 13) }),
            ("devto", { DevToReplica(seed: c.seed, clock: clock, count: n + 7) }),
            ("jsonplaceholder", { JSONPlaceholderReplica(seed: c.seed, count: c.items ?? 100) }),
            ("wikipedia", { WikipediaReplica(seed: c.seed, clock: clock, count: n) }),
            ("sprites", { PicturesReplica(seed: c.seed) }),
            ("articles", { ArticlesReplica(seed: c.seed) }),
            ("feeds", { FeedsReplica() }),
        ]
        return makers.filter { c.apis?.contains($0.0) ?? true }.map { $0.1() }
    }
}
