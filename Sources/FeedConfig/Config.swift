import FeedModel
import FeedPaging
import FeedUI

/// The settings of `config.toml`, validated: every field is something the program can use.
///
/// Nil means "not set": the command line, then the built-in default, decides.
public struct Config: Equatable, Sendable {
    /// What bare `feedscroll` runs: a named feed or a command (`hn`, `demo`, …).
    public var defaultFeed: String?
    /// `[feeds.NAME]` tables, by name.
    public var feeds: [String: FeedDefinition]
    public var pageSize: Int?
    public var prefetch: PrefetchPolicy?
    /// The page cap (`--max-pages`).
    public var maxPages: Int?
    public var theme: ThemeName?
    /// The page cache's bound in megabytes (least recently used feeds go first).
    public var cacheMB: Int?
    /// `images = "on"|"off"`: thumbnails and the detail's picture (`--images`).
    public var showsImages: Bool?
    /// The picture cache's bound in megabytes (`--image-cache-mb`).
    public var imageCacheMB: Int?
    /// `hide_read`: start with read items hidden (`--hide-read`).
    public var hideRead: Bool?
    /// `[keys]`: the keys of each rebound intent.
    public var keys: [Intent: [Key]]
    /// What the file does that it may not mean, each with its line (a key taken from another
    /// action): said at start, never fatal.
    public var warnings: [ConfigError] = []
    /// `browser`: the command that opens links (`$BROWSER`'s form), over `$BROWSER`.
    public var browser: String?
    /// `browser_terminal`: whether the browser runs on the terminal; nil decides by its name.
    public var browserTerminal: Bool?
    /// `[[subscriptions]]`: the feeds `feedscroll feeds` lists, in file order.
    public var subscriptions: [Subscription] = []
    /// `comment_width`: the widest a comment's text runs, in columns.
    public var commentWidth: Int?
    /// `refresh_on_start`: whether `feedscroll feeds` refreshes every subscription behind the
    /// list when it first opens (nil: it does), or only on `R`.
    public var refreshesOnStart: Bool?

    public init(
        defaultFeed: String? = nil, feeds: [String: FeedDefinition] = [:], pageSize: Int? = nil,
        prefetch: PrefetchPolicy? = nil, maxPages: Int? = nil, theme: ThemeName? = nil, keys: [Intent: [Key]] = [:]
    ) {
        self.defaultFeed = defaultFeed
        self.feeds = feeds
        self.pageSize = pageSize
        self.prefetch = prefetch
        self.maxPages = maxPages
        self.theme = theme
        self.keys = keys
    }

    /// The defaults: what a missing file means.
    public static let empty = Config()

    /// The key table with `keys` applied.
    public var keyMap: KeyMap { keys.isEmpty ? .standard : KeyMap.standard.rebinding(keys) }
}

/// A `[feeds.NAME]` table: a source, its arguments, and settings that apply when it runs.
public struct FeedDefinition: Equatable, Sendable {
    public var name: String
    /// The command that runs it, e.g. `hn`.
    public var source: String
    /// The command's arguments, e.g. `["new", "--base-url", "http://…"]`.
    public var arguments: [String]
    public var pageSize: Int?
    public var prefetch: PrefetchPolicy?
    public var maxPages: Int?
    public var theme: ThemeName?
    /// `images = "on"|"off"` for this feed.
    public var showsImages: Bool?
    /// `hide_read` for this feed.
    public var hideRead: Bool?

    public init(
        name: String, source: String, arguments: [String] = [], pageSize: Int? = nil, prefetch: PrefetchPolicy? = nil,
        maxPages: Int? = nil, theme: ThemeName? = nil, showsImages: Bool? = nil, hideRead: Bool? = nil
    ) {
        self.showsImages = showsImages
        self.hideRead = hideRead
        self.name = name
        self.source = source
        self.arguments = arguments
        self.pageSize = pageSize
        self.prefetch = prefetch
        self.maxPages = maxPages
        self.theme = theme
    }
}
