import FeedRuntime
import ArgumentParser
import FeedModel
import FeedSources
import Foundation

/// `--base-url`, taken by every network source: the API root the documented paths are
/// appended to. Pointing it at `feedscroll serve` or any compatible server just works.
struct NetworkOptions: ParsableArguments {
    @Option(name: .customLong("base-url"), help: ArgumentHelp("The API root (default: the public API).", valueName: "URL"))
    var baseURL: String?

    @Option(help: ArgumentHelp("Seconds one attempt of a request may take, whole (a failure is retried).", valueName: "SECONDS"))
    var timeout: Double = 10

    @Option(help: ArgumentHelp("Requests in flight at once per host, for the list and for a detail each.", valueName: "N"))
    var connections: Int = 8

    func validate() throws {
        guard timeout > 0, timeout <= 600 else { throw ValidationError("--timeout must be within 0…600 seconds, not \(timeout)") }
        guard (1...64).contains(connections) else { throw ValidationError("--connections must be within 1…64, not \(connections)") }
        if let baseURL, Self.checkedURL(baseURL) == nil {
            throw ValidationError("--base-url '\(baseURL)' is not a URL; give the API root as http://HOST/… or https://HOST/…")
        }
    }

    /// An absolute http or https URL with a host, or nil.
    static func checkedURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
              // A port past 65535 would trap inside the HTTP client rather than fail a request.
              url.port.map({ (1...65_535).contains($0) }) ?? true
        else { return nil }
        return url
    }

    /// The run's transport (one per run, shared by every source of the run).
    func transport(on network: Network, maxBodyBytes: Int = 16 << 20) -> any HTTPTransport {
        network.transport(timeout: timeout, width: connections, maxBodyBytes: maxBodyBytes)
    }

    func url(default fallback: URL) throws -> URL {
        guard let baseURL else { return fallback }
        guard let url = Self.checkedURL(baseURL) else {
            throw ValidationError("--base-url '\(baseURL)' is not a URL; give the API root as http://HOST/… or https://HOST/…")
        }
        return url
    }
}

struct HackerNewsCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "hn", abstract: "Hacker News (Firebase API): an id list, fetched once, paged locally.")
    @Argument(help: "top, new, best, ask, show or job.") var list: HackerNewsSource.List = .top
    @Option(name: .customLong("thread"), help: ArgumentHelp(
        "Open one item's comments (its id, hn:ID as --json prints it, or its news.ycombinator.com/item?id= URL): in the terminal its detail, over the list; --json/--plain stream them (id, parent, depth, author, time, text in thread order).",
        valueName: "ID"))
    var threadID: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    /// The item id `--thread` names.
    var thread: Int? { threadID.flatMap(HackerNewsCommentsSource.itemID) }

    func validate() throws {
        if let threadID, thread == nil {
            throw ValidationError("--thread takes an item id (a positive number), hn:ID or its https://news.ycombinator.com/item?id=… URL, not '\(threadID)'")
        }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: HackerNewsSource.defaultBaseURL)
        let transport = network.transport(on: context.network)
        let width = network.connections
        // The list leaves each story's reply ids here: opening it fetches them with the story.
        let hints = HackerNewsThreadHints()
        let comments: DetailFetcher.MakeSource = {
            HackerNewsCommentsSource.forItem($0, baseURL: url, transport: transport, maxConcurrentItems: width, hints: hints)
        }
        let launcher = Launcher(context, options: options, comments: comments, openThread: thread.map { "hn:\($0)" })
        if let thread, launcher.mode != .terminal {
            // Pipes stream the thread through the same pager: comments in depth-first order, a page at a time.
            try launcher.run { _ in
                HackerNewsCommentsSource(itemID: thread, baseURL: url, transport: transport, maxConcurrentItems: width)
            }
            return
        }
        // The terminal opens the thread's detail over the list (Esc goes to the list).
        try launcher.run { _ in
            HackerNewsSource(list: list, baseURL: url, transport: transport, maxConcurrentItems: width, hints: hints)
        }
    }
}

struct AlgoliaCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "hn-search", abstract: "Hacker News search (Algolia): by relevance, or newest first with --by-date.")
    @Argument(help: "The search query (empty: every story).") var query: String = ""
    @Flag(name: .customLong("by-date"), help: "Newest first, paged by time (stable while new stories arrive).")
    var byDate = false
    @Option(name: .customLong("thread"), help: ArgumentHelp(
        "Open one story's comments from Algolia (algolia:ID as --json prints it, its id, hn:ID or its news.ycombinator.com/item?id= URL): in the terminal its detail, over the search; --json/--plain stream them.",
        valueName: "ID"))
    var threadID: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    /// The story id `--thread` names.
    var thread: Int? {
        guard let threadID else { return nil }
        if threadID.hasPrefix("algolia:") { return Int(threadID.dropFirst(8)).flatMap { $0 > 0 ? $0 : nil } }
        return HackerNewsCommentsSource.itemID(threadID)
    }

    func validate() throws {
        if let threadID, thread == nil {
            throw ValidationError("--thread takes a story id, algolia:ID, hn:ID or its https://news.ycombinator.com/item?id=… URL, not '\(threadID)'")
        }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: AlgoliaSearchSource.defaultBaseURL)
        let transport = network.transport(on: context.network)
        // Results are Hacker News items: Enter opens the thread, from Algolia's `/items/{id}`.
        let comments: DetailFetcher.MakeSource = { AlgoliaCommentsSource.forItem($0, baseURL: url, transport: transport) }
        let launcher = Launcher(context, options: options, comments: comments, openThread: thread.map { "algolia:\($0)" })
        if let thread, launcher.mode != .terminal {
            try launcher.run { _ in AlgoliaCommentsSource(itemID: thread, baseURL: url, transport: transport) }
            return
        }
        try launcher.run { log in
            AlgoliaSearchSource(query: query, byDate: byDate, baseURL: url, transport: transport, log: log)
        }
    }
}

struct PokeAPICommand: RunCommand {
    static let configuration = CommandConfiguration(commandName: "pokeapi", abstract: "PokeAPI: every Pokémon, offset paging.")
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    @Option(name: .customLong("sprites-url"), help: ArgumentHelp(
        "The sprites root; artwork is {URL}/pokemon/other/official-artwork/{id}.png.", valueName: "URL"))
    var spritesURL: String?

    func run(in context: RunContext) throws {
        let url = try network.url(default: PokeAPISource.defaultBaseURL)
        var sprites = PokeAPISource.defaultSpritesURL
        if let spritesURL {
            guard let parsed = URL(string: spritesURL), let scheme = parsed.scheme?.lowercased(),
                scheme == "http" || scheme == "https", parsed.host != nil
            else { throw ValidationError("--sprites-url must be an http or https URL, not '\(spritesURL)'") }
            sprites = parsed
        }
        let transport = network.transport(on: context.network)
        // A Pokémon's detail loads its own document (types, size, stats).
        let documents: DetailFetcher.MakeSource = { PokeAPIDetailsSource(itemID: $0, baseURL: url, transport: transport) }
        try Launcher(context, options: options, documents: documents).run { _ in
            PokeAPISource(baseURL: url, spritesURL: sprites, transport: transport)
        }
    }
}

struct GitHubCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "github", abstract: "GitHub repository search (1000-result cap ends the feed).")
    @Argument(help: "The search query, e.g. 'language:swift stars:>100' (not needed with --thread).") var query: String?
    @Option(help: "stars, forks, updated, help-wanted-issues, or best-match.") var sort: String = "stars"
    @Option(help: ArgumentHelp(
        "Open one repository: its README and its open issues (owner/name, github:ID as --json prints it, or its URL): in the terminal its detail; --json/--plain stream the issues.",
        valueName: "REPO"))
    var thread: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    var sortValue: GitHubSearchSource.Sort? {
        sort == "best-match" ? .bestMatch : GitHubSearchSource.Sort(rawValue: sort)
    }

    /// The list under `--thread` when no query is given: the repository itself (`repo:`), or
    /// the most starred.
    func listQuery(_ repository: GitHubRepoThreadSource.Repository?) -> String {
        if let query, !query.trimmingSpace().isEmpty { return query }
        if case let .name(owner, repo)? = repository { return "repo:\(owner)/\(repo)" }
        return "stars:>1000"
    }

    func validate() throws {
        if let thread, GitHubRepoThreadSource.repository(thread) == nil {
            throw ValidationError("--thread takes a repository: owner/name, github:ID or its https://github.com/… URL, not '\(thread)'")
        }
        if thread == nil, (query ?? "").trimmingSpace().isEmpty {
            throw ValidationError("the GitHub search query must not be empty")
        }
        if sortValue == nil { throw ValidationError("unknown --sort '\(sort)'; use stars, forks, updated, help-wanted-issues or best-match") }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: GitHubSearchSource.defaultBaseURL)
        let token = ProcessInfo.processInfo.environment["GITHUB_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
        let transport = network.transport(on: context.network)
        let repository = thread.flatMap(GitHubRepoThreadSource.repository)
        let comments: DetailFetcher.MakeSource = { GitHubRepoThreadSource.forItem($0, baseURL: url, transport: transport, token: token) }
        let launcher = Launcher(context, options: options, comments: comments, openThread: repository.map(\.itemID))
        if let repository, launcher.mode != .terminal {
            try launcher.run { _ in GitHubRepoThreadSource(repository: repository, baseURL: url, transport: transport, token: token) }
            return
        }
        try launcher.run { log in
            GitHubSearchSource(query: listQuery(repository), sort: sortValue!, baseURL: url, transport: transport, token: token, log: log)
        }
    }
}

struct RedditCommand: RunCommand {
    static let configuration = CommandConfiguration(commandName: "reddit", abstract: "A subreddit's newest posts (cursor paging).")
    @Argument(help: "The subreddit, without r/ (not needed with --thread: the permalink's, else r/all).") var subreddit: String?
    @Option(help: ArgumentHelp(
        "Open one post with its comments (its id, reddit:t3_ID as --json prints it, or its permalink): in the terminal its detail; --json/--plain stream the comments.",
        valueName: "ID"))
    var thread: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    /// The subreddit listed: the one given, else with `--thread` the permalink's (`/r/NAME/`), else `all`.
    var listName: String {
        if let subreddit { return subreddit.hasPrefix("r/") ? String(subreddit.dropFirst(2)) : subreddit }
        if let thread, let url = URL(string: thread), url.scheme != nil {
            let parts = url.path.split(separator: "/")
            if parts.count >= 2, parts[0] == "r" { return String(parts[1]) }
        }
        return "all"
    }

    func validate() throws {
        guard subreddit != nil || thread != nil else { throw ValidationError("Missing expected argument '<subreddit>' (or --thread ID)") }
        let name = listName
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw ValidationError("'\(subreddit ?? name)' is not a subreddit name (letters, digits and _ only)")
        }
        if let thread, RedditCommentsSource.postID(thread) == nil {
            throw ValidationError("--thread takes a post id, reddit:t3_ID or the post's permalink, not '\(thread)'")
        }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: RedditSource.defaultBaseURL)
        let name = listName
        let transport = network.transport(on: context.network)
        let post = thread.flatMap(RedditCommentsSource.postID)
        let comments: DetailFetcher.MakeSource = { RedditCommentsSource.forItem($0, baseURL: url, transport: transport) }
        let launcher = Launcher(context, options: options, comments: comments, openThread: post.map { "reddit:t3_\($0)" })
        if let post, launcher.mode != .terminal {
            try launcher.run { _ in RedditCommentsSource(postID: post, baseURL: url, transport: transport) }
            return
        }
        try launcher.run { _ in RedditSource(subreddit: name, baseURL: url, transport: transport) }
    }
}

struct MastodonCommand: RunCommand {
    static let configuration = CommandConfiguration(commandName: "mastodon", abstract: "A Mastodon instance's public timeline (max_id keyset).")
    @Option(help: "The instance's host name.") var instance: String = "mastodon.social"
    @Option(help: ArgumentHelp(
        "Open one status with its conversation (its id, mastodon:ID as --json prints it, or its URL): in the terminal its detail; --json/--plain stream it.",
        valueName: "ID"))
    var thread: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    func validate() throws {
        if let thread, MastodonThreadSource.statusID(thread) == nil {
            throw ValidationError("--thread takes a status id, mastodon:ID or the status's URL, not '\(thread)'")
        }
    }

    func run(in context: RunContext) throws {
        guard let fallback = URL(string: "https://\(instance)"), fallback.host != nil, !instance.contains("/") else {
            throw ValidationError("--instance takes a host name like mastodon.social, not '\(instance)'")
        }
        let url = try network.url(default: fallback)
        let transport = network.transport(on: context.network)
        let status = thread.flatMap(MastodonThreadSource.statusID)
        let comments: DetailFetcher.MakeSource = { MastodonThreadSource.forItem($0, baseURL: url, transport: transport) }
        let launcher = Launcher(context, options: options, comments: comments, openThread: status.map { "mastodon:\($0)" })
        if let status, launcher.mode != .terminal {
            try launcher.run { _ in MastodonThreadSource(statusID: status, baseURL: url, transport: transport) }
            return
        }
        try launcher.run { _ in MastodonSource(baseURL: url, transport: transport) }
    }
}

struct StackExchangeCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "stackexchange", abstract: "Newest questions of a Stack Exchange site (25-page wall without a key).")
    @Option(help: "The site, e.g. stackoverflow, superuser.") var site: String = "stackoverflow"
    @Option(help: ArgumentHelp(
        "Open one question with its answers and comments (its id, stackexchange:ID as --json prints it, or its URL): in the terminal its detail; --json/--plain stream them.",
        valueName: "ID"))
    var thread: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    func validate() throws {
        if let thread, StackExchangeThreadSource.questionID(thread) == nil {
            throw ValidationError("--thread takes a question id (a positive number), stackexchange:ID or the question's URL, not '\(thread)'")
        }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: StackExchangeSource.defaultBaseURL)
        let key = ProcessInfo.processInfo.environment["STACKEXCHANGE_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        let transport = network.transport(on: context.network)
        let site = self.site
        let question = thread.flatMap(StackExchangeThreadSource.questionID)
        let comments: DetailFetcher.MakeSource = {
            StackExchangeThreadSource.forItem($0, site: site, baseURL: url, transport: transport, key: key)
        }
        let launcher = Launcher(context, options: options, comments: comments, openThread: question.map { "stackexchange:\($0)" })
        if let question, launcher.mode != .terminal {
            try launcher.run { _ in StackExchangeThreadSource(questionID: question, site: site, baseURL: url, transport: transport, key: key) }
            return
        }
        try launcher.run { log in
            StackExchangeSource(site: site, baseURL: url, transport: transport, key: key, log: log)
        }
    }
}

struct LobstersCommand: RunCommand {
    static let configuration = CommandConfiguration(commandName: "lobsters", abstract: "Lobsters: hottest or newest stories.")
    @Argument(help: "hottest or newest.") var list: LobstersSource.List = .hottest
    @Option(help: ArgumentHelp(
        "Open one story's comments (its short id, lobsters:ID as --json prints it, or its URL): in the terminal its detail; --json/--plain stream them.",
        valueName: "ID"))
    var thread: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    func validate() throws {
        if let thread, LobstersCommentsSource.shortID(thread) == nil {
            throw ValidationError("--thread takes a story's short id, lobsters:ID or its https://lobste.rs/s/… URL, not '\(thread)'")
        }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: LobstersSource.defaultBaseURL)
        let transport = network.transport(on: context.network)
        let story = thread.flatMap(LobstersCommentsSource.shortID)
        let comments: DetailFetcher.MakeSource = { LobstersCommentsSource.forItem($0, baseURL: url, transport: transport) }
        let launcher = Launcher(context, options: options, comments: comments, openThread: story.map { "lobsters:\($0)" })
        if let story, launcher.mode != .terminal {
            try launcher.run { _ in LobstersCommentsSource(storyID: story, baseURL: url, transport: transport) }
            return
        }
        try launcher.run { _ in LobstersSource(list: list, baseURL: url, transport: transport) }
    }
}

struct DevToCommand: RunCommand {
    static let configuration = CommandConfiguration(commandName: "devto", abstract: "DEV articles, optionally by tag.")
    @Option(help: "Only articles with this tag.") var tag: String?
    @Option(help: ArgumentHelp(
        "Open one article with its comments (its id, or devto:ID as --json prints it): in the terminal its detail; --json/--plain stream the comments.",
        valueName: "ID"))
    var thread: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    func validate() throws {
        if let thread, DevToCommentsSource.articleID(thread) == nil {
            throw ValidationError("--thread takes an article id (a positive number) or devto:ID, not '\(thread)'")
        }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: DevToSource.defaultBaseURL)
        let transport = network.transport(on: context.network)
        let article = thread.flatMap(DevToCommentsSource.articleID)
        let comments: DetailFetcher.MakeSource = { DevToCommentsSource.forItem($0, baseURL: url, transport: transport) }
        let launcher = Launcher(context, options: options, comments: comments, openThread: article.map { "devto:\($0)" })
        if let article, launcher.mode != .terminal {
            try launcher.run { _ in DevToCommentsSource(articleID: article, baseURL: url, transport: transport) }
            return
        }
        try launcher.run { _ in DevToSource(tag: tag, baseURL: url, transport: transport) }
    }
}

struct JSONPlaceholderCommand: RunCommand {
    static let configuration = CommandConfiguration(commandName: "jsonplaceholder", abstract: "JSONPlaceholder posts (json-server paging).")
    @Option(help: ArgumentHelp(
        "Open one post with its comments (its id, or jsonplaceholder:ID as --json prints it): in the terminal its detail; --json/--plain stream the comments.",
        valueName: "ID"))
    var thread: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    func validate() throws {
        if let thread, JSONPlaceholderCommentsSource.postID(thread) == nil {
            throw ValidationError("--thread takes a post id (a positive number) or jsonplaceholder:ID, not '\(thread)'")
        }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: JSONPlaceholderSource.defaultBaseURL)
        let transport = network.transport(on: context.network)
        let post = thread.flatMap(JSONPlaceholderCommentsSource.postID)
        let comments: DetailFetcher.MakeSource = { JSONPlaceholderCommentsSource.forItem($0, baseURL: url, transport: transport) }
        let launcher = Launcher(context, options: options, comments: comments, openThread: post.map { "jsonplaceholder:\($0)" })
        if let post, launcher.mode != .terminal {
            try launcher.run { _ in JSONPlaceholderCommentsSource(postID: post, baseURL: url, transport: transport) }
            return
        }
        try launcher.run { _ in JSONPlaceholderSource(baseURL: url, transport: transport) }
    }
}

struct WikipediaCommand: RunCommand {
    static let configuration = CommandConfiguration(commandName: "wikipedia", abstract: "English Wikipedia's recent changes (continue tokens).")
    @Option(help: ArgumentHelp(
        "Open one edit's diff, its conversation (wikipedia:ID@REV as --json prints it, a revision id, or the diff's URL: ?diff=REV, Special:Diff/REV): in the terminal its detail; --json/--plain stream the diff's lines (id, parent, depth, author, time, text, change).",
        valueName: "ID"))
    var thread: String?
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    func validate() throws {
        if let thread, WikipediaDiffSource.change(thread) == nil {
            throw ValidationError("--thread takes an edit: wikipedia:ID@REV, a revision id, or its diff's URL (…?diff=REV, Special:Diff/REV), not '\(thread)'")
        }
    }

    func run(in context: RunContext) throws {
        let url = try network.url(default: WikipediaSource.defaultBaseURL)
        let transport = network.transport(on: context.network)
        // Enter on an edit shows its diff.
        let diffs: DetailFetcher.MakeSource = { WikipediaDiffSource.forItem($0, baseURL: url, transport: transport) }
        let change = thread.flatMap(WikipediaDiffSource.change)
        let launcher = Launcher(context, options: options, comments: diffs, openThread: change?.itemID)
        if let change, launcher.mode != .terminal {
            try launcher.run { _ in
                WikipediaDiffSource(itemID: change.itemID, revisionID: change.revisionID, baseURL: url, transport: transport, streamsLines: true)
            }
            return
        }
        try launcher.run { _ in WikipediaSource(baseURL: url, transport: transport) }
    }
}

// The lists are arguments as they are spelled on the wire; ArgumentParser names the choices
// in its own one-line error.
extension HackerNewsSource.List: ExpressibleByArgument {}
extension LobstersSource.List: ExpressibleByArgument {}
