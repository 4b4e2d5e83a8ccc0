import CursesTerminal
import FeedConfig
import FeedRuntime
import FeedModel
import FeedPaging
import FeedSources
import FeedStore
import FeedUI
import Foundation
import Logging

/// The interactive run's wiring: the curses terminal, the theme, the first state and what the
/// run fetches from, handed to `Runtime` (FeedRuntime), which owns the loop.
struct TerminalRuntime {
    var source: any FeedSource
    var pageSize: Int
    var prefetch: PrefetchPolicy
    var maxPages: Int?
    var livePeriod: Double?
    var logger: Logger
    var keyMap: KeyMap = .standard
    /// The theme asked for (flag or config); nil is the default. `NO_COLOR` overrides it.
    var theme: ThemeName?
    /// The comment thread of an item id, for sources whose items have one.
    var comments: DetailFetcher.MakeSource?
    var commentPageSize = 20
    /// The own document of an item id, for sources whose items have one (PokeAPI).
    var documents: DetailFetcher.MakeSource?
    /// `--images`: thumbnails and the detail's picture (never under NO_COLOR or the mono theme).
    var showsPictures = true
    /// `--image-cache-mb` in bytes.
    var pictureCacheBytes = 32 << 20
    /// The run's network: the reader's pages go through its transport.
    var network: Network
    /// What pictures are fetched through: the transport the source sends through (nil for a
    /// source without one, which has no pictures).
    var pictureTransport: (any HTTPTransport)?
    /// The page cache, if one is open.
    var cache: PageCache?
    /// `--offline`: every page from the cache.
    var isOfflineOnly = false
    /// `--hide-read` (or the config's `hide_read`): start with read items hidden.
    var hidesRead = false
    /// An item whose thread opens at once, over the list (`hn --thread ID`).
    var openThread: String?
    /// A web page read at once, the reader being the whole run (`feedscroll read URL`).
    var readPage: FeedItem?
    /// The config's `browser` and `browser_terminal` (`BrowserCommand.launch`).
    var browser: String?
    var browserTerminal: Bool?
    /// The config's `comment_width`.
    var commentWidth: Int?
    /// Said on the status line at start (a config warning).
    var startNotice: String?
    /// Keys the run before this one on the same terminal read but did not use (typed after the
    /// key that ended it): this run takes them first.
    var typedAhead: [Key] = []

    /// A feed, the subscription list, or a feed opened from it.
    var listRole = ListRole.feed
    /// The row the cursor goes to once it is loaded (the subscription list's row a feed was
    /// opened from, when the reader comes back to it).
    var cursorTarget: String?

    func run() -> Int32 {
        guard let opened = Self.openTerminal(theme: theme) else { return 1 }
        let (terminal, resolvedTheme) = opened
        defer { terminal.restore() }
        return run(on: terminal, theme: resolvedTheme).code
    }

    /// The curses terminal in the theme asked for, or nil after one line saying why not.
    static func openTerminal(theme: ThemeName?) -> (CursesTerminal, Theme)? {
        do {
            try CursesTerminal.preflight()
            let environment = ProcessInfo.processInfo.environment
            let resolvedTheme = Theme.select(theme, environment: environment)
            return (try CursesTerminal(options: .init(theme: resolvedTheme)), resolvedTheme)
        } catch {
            printError(error.message)
            return nil
        }
    }

    /// One run on a terminal already open (`feedscroll feeds` runs the list and each feed
    /// opened from it on the same one).
    /// - Returns: the exit status, how the run ended, and the keys read after the one that
    ///   ended it (for the next run's `typedAhead`).
    func run(on terminal: CursesTerminal, theme resolvedTheme: Theme)
        -> (code: Int32, ending: Runtime<CursesTerminal>.Ending, typedAhead: [Key])
    {
        // A terminal smaller than the list needs shows "terminal too small" until it is resized
        // (as less and htop do) rather than refusing to start.
        let initial = terminal.size
        var state = AppState(
            sourceName: source.name, paging: PagingState(
                firstKey: source.firstKey, pageSize: pageSize, maxPages: maxPages, pipeline: PagingState.listPipelineDepth),
            size: initial, prefetch: prefetch, keyMap: keyMap, livePeriod: livePeriod,
            cache: cacheState())
        state.listRole = listRole
        if let cursorTarget { state.placeCursor(on: cursorTarget) }
        if comments != nil { state.commentPageSize = commentPageSize }
        if let commentWidth { state.commentWidth = commentWidth }
        state.loadsDocuments = documents != nil
        // Pictures travel like pages: the run's transport, the fetch executor, the one inbox.
        let drawsPictures = showsPictures && resolvedTheme.usesColor && pictureTransport != nil
        state.setPictures(PictureState(isEnabled: drawsPictures, costLimit: pictureCacheBytes, background: resolvedTheme.pictureBackground))
        var parts = Runtime<CursesTerminal>.Parts(source: source)
        parts.comments = comments
        parts.documents = documents
        // The reader's pages go through the run's transport (that of the source or the pictures),
        // or one made for them when the source has none (the demo feed).
        parts.articleTransport = pictureTransport ?? network.transport(timeout: 10, width: 4)
        parts.pictureTransport = pictureTransport
        parts.cache = cache
        parts.browser = browser
        parts.browserTerminal = browserTerminal
        var startActions: [AppAction] = []
        if let openThread { startActions.append(.openThread(itemID: openThread)) }
        if let readPage { startActions.append(.readPage(readPage)) }
        if let startNotice { startActions.append(.notice(startNotice)) }
        let now = Date().timeIntervalSince1970
        startActions += typedAhead.map { .key($0, at: now) }
        logger.info("start", metadata: ["source": "\(source.name)", "size": "\(initial)", "pageSize": "\(pageSize)"])
        let runtime = Runtime(backend: terminal, state: state, parts: parts, startActions: startActions, logger: logger)
        let code = runtime.run()
        return (code, runtime.ending, runtime.keysAfterEnding)
    }

    /// The screen's first view of the cache: whether there is one, and the marks stored so far.
    private func cacheState() -> CacheState {
        guard let cache else { return CacheState() }
        let marks = cache.marks()
        return CacheState(isEnabled: true, isOfflineOnly: isOfflineOnly, readIDs: marks.readIDs, visits: marks.visits,
            hidesRead: hidesRead, savedIDs: marks.savedIDs)
    }
}
