import FeedConfig
import FeedModel
import FeedPaging
import FeedUI

/// What the config file says for this run (its top level, overlaid by the named feed's table),
/// loaded once by `main` before any command is parsed and handed to it in its `RunContext`.
/// Command-line flags override each value.
struct RunSettings: Sendable {
    var pageSize: Int?
    var prefetch: PrefetchPolicy?
    var maxPages: Int?
    var theme: ThemeName?
    /// `images = "on"|"off"`.
    var images: ImagesSetting?
    /// `image_cache_mb`.
    var imageCacheMB: Int?
    var keyMap: KeyMap = .standard
    /// The page cache's bound (`cache_mb`).
    var cacheMB: Int?
    /// `hide_read`: start with read items hidden.
    var hideRead = false
    /// `browser` and `browser_terminal`.
    var browser: String?
    var browserTerminal: Bool?
    /// `comment_width`.
    var commentWidth: Int?
    /// `refresh_on_start`: `feedscroll feeds` refreshes every subscription when the list first opens.
    var refreshesOnStart = true
    /// The command line after the config's rewrite (a named feed replaced by its command):
    /// what the page cache tells feeds apart by.
    var arguments: [String] = []
    /// The config's `[[subscriptions]]`, in file order.
    var subscriptions: [Subscription] = []
    /// What the terminal says on its status line at start (a config warning), if anything.
    var startNotice: String?

    init() {}

    init(config: Config, feed: FeedDefinition?) {
        pageSize = feed?.pageSize ?? config.pageSize
        prefetch = feed?.prefetch ?? config.prefetch
        maxPages = feed?.maxPages ?? config.maxPages
        theme = feed?.theme ?? config.theme
        images = (feed?.showsImages ?? config.showsImages).map { $0 ? .on : .off }
        imageCacheMB = config.imageCacheMB
        keyMap = config.keyMap
        cacheMB = config.cacheMB
        hideRead = feed?.hideRead ?? config.hideRead ?? false
        browser = config.browser
        browserTerminal = config.browserTerminal
        commentWidth = config.commentWidth
        refreshesOnStart = config.refreshesOnStart ?? true
        subscriptions = config.subscriptions
    }
}
