import CursesTerminal
import FeedConfig
import FeedModel
import FeedPaging
import FeedSources
import FeedStore
import FeedUI
import Foundation
import Logging

/// The interactive loop: one thread owns the state and every curses call.
///
/// It sleeps in `poll()` on stdin, the fetcher's inbox pipe and the terminal's signal pipe, with
/// no timeout unless something animates (then until the next spinner frame), so an idle screen
/// costs no CPU. Each wake-up turns what arrived into actions, reduces them, carries out the
/// effects, and draws one frame.
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
    /// The config's `browser` and `browser_terminal` (`BrowserCommand.launch`).
    var browser: String?
    var browserTerminal: Bool?
    /// The config's `comment_width`.
    var commentWidth: Int?
    /// Said on the status line at start (a config warning).
    var startNotice: String?

    /// Time between spinner frames, in milliseconds.
    static let frameInterval: Int32 = 100

    func run() -> Int32 {
        let terminal: CursesTerminal
        let resolvedTheme: Theme
        do {
            try CursesTerminal.preflight()
            let environment = ProcessInfo.processInfo.environment
            resolvedTheme = Theme.select(theme, environment: environment)
            terminal = try CursesTerminal(options: .init(theme: resolvedTheme))
        } catch {
            printError(error.message)
            return 1
        }
        // A terminal smaller than the list needs shows "terminal too small" until it is resized
        // (as less and htop do) rather than refusing to start.
        let initial = terminal.size
        defer { terminal.restore() }

        // One inbox for every fetch result, list, comments or picture: each says what it is for.
        let inbox = Inbox<Delivery>()
        let fetcher = PageFetcher(source: source) { inbox.post(.fetched($0)) }
        let commentFetchers = comments.map { DetailFetcher(makeSource: $0) { inbox.post(.fetched($0)) } }
        // The reader's pages go through the run's transport (that of the source or the pictures),
        // or one made for them when the source has none (the demo feed).
        let articleLoader = ArticleLoader(transport: pictureTransport ?? Network.current ?? Network.transport(timeout: 10, width: 4)) {
            inbox.post(.article(serial: $0, $1))
        }
        let documentFetchers = documents.map { DetailFetcher(makeSource: $0, pager: { .document(serial: $0) }) { inbox.post(.fetched($0)) } }
        var state = AppState(
            sourceName: source.name, paging: PagingState(
                firstKey: source.firstKey, pageSize: pageSize, maxPages: maxPages, pipeline: PagingState.listPipelineDepth),
            size: initial, prefetch: prefetch, keyMap: keyMap, livePeriod: livePeriod,
            cache: cacheState())
        if commentFetchers != nil { state.commentPageSize = commentPageSize }
        if let commentWidth { state.commentWidth = commentWidth }
        state.loadsDocuments = documentFetchers != nil
        // Pictures travel like pages: the run's transport, the fetch executor, the one inbox.
        let drawsPictures = showsPictures && resolvedTheme.usesColor && pictureTransport != nil
        let pictureLoader = drawsPictures
            ? pictureTransport.map { PictureLoader(transport: $0, logger: logger) { inbox.post(.picture($0)) } } : nil
        state.setPictures(PictureState(isEnabled: drawsPictures, costLimit: pictureCacheBytes, background: resolvedTheme.pictureBackground))
        var actions: [AppAction] = [.start(at: Self.now())]
        if let openThread { actions.append(.openThread(itemID: openThread)) }
        if let startNotice { actions.append(.notice(startNotice)) }
        var descriptors = [
            pollfd(fd: terminal.inputFileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: inbox.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: terminal.signalFileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        logger.info("start", metadata: ["source": "\(source.name)", "size": "\(initial)", "pageSize": "\(pageSize)"])

        let workers = Workers(
            terminal: terminal, inbox: inbox, fetcher: fetcher, comments: commentFetchers, documents: documentFetchers,
            articles: articleLoader, pictures: pictureLoader)
        var copies: [String] = []
        while true {
            var index = 0
            while index < actions.count {
                for effect in state.reduce(actions[index]) {
                    if let notice = perform(effect, workers, copies: &copies) { actions.append(.notice(notice)) }
                }
                index += 1
            }
            actions.removeAll(keepingCapacity: true)
            if state.isQuitting { break }
            terminal.draw(render(state, size: state.size))
            // After the frame: curses has flushed, so the copy cannot split one of its sequences.
            for text in copies {
                if let bytes = OSC52.sequence(copying: text) { terminal.writePassthrough(bytes) }
                logger.info("copied", metadata: ["bytes": "\(text.utf8.count)"])
            }
            copies.removeAll()

            let timeout = Self.timeout(for: state)
            while poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 && errno == EINTR {}
            if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // The terminal went away (its window closed, tmux killed): nothing to draw on and
                // nobody to read from, so stop rather than spin on a dead descriptor.
                logger.notice("terminal hung up")
                return 1
            }
            let now = Self.now()
            for event in terminal.readEvents() {
                switch event {
                case let .key(key): actions.append(.key(key, at: now))
                case let .resized(size): actions.append(.resized(size))
                }
            }
            for delivery in inbox.drain() {
                switch delivery {
                case let .fetched(result):
                    log(result)
                    if let note = Self.skippedNote(result) { actions.append(.notice(note)) }
                    actions.append(.fetched(result, at: now))
                case let .picture(picture):
                    actions.append(.pictureFetched(picture))
                case let .article(serial, outcome):
                    actions.append(.articleFetched(serial: serial, outcome))
                case let .threadHistory(serial, seen):
                    actions.append(.threadHistory(serial: serial, seen: seen))
                case let .cacheRead(read, copy):
                    actions.append(.cacheRead(read, copy, at: now))
                }
            }
            if actions.isEmpty { actions.append(.tick(at: now)) }
        }
        // Quitting closes every request still in flight and drops every retry not yet due.
        fetcher.cancelAll()
        commentFetchers?.cancelAll()
        documentFetchers?.cancelAll()
        pictureLoader?.cancelAll()
        articleLoader.cancelAll()
        cache?.flush()
        logger.info("quit", metadata: ["requests": "\(state.paging.requestsIssued)", "items": "\(state.paging.items.count)"])
        return 0
    }

    // MARK: - Helpers

    /// The screen's first view of the cache: whether there is one, and the marks stored so far.
    private func cacheState() -> CacheState {
        guard let cache else { return CacheState() }
        let marks = cache.marks()
        return CacheState(isEnabled: true, isOfflineOnly: isOfflineOnly, readIDs: marks.readIDs, visits: marks.visits,
            hidesRead: hidesRead)
    }

    /// What carries out the effects of one run.
    private struct Workers {
        let terminal: CursesTerminal
        let inbox: Inbox<Delivery>
        let fetcher: PageFetcher
        let comments: DetailFetcher?
        let documents: DetailFetcher?
        let articles: ArticleLoader
        let pictures: PictureLoader?
    }

    /// Carries out an effect (the one switch): I/O starts elsewhere and its answer comes back
    /// through the inbox. Returns a notice for the status line when it could not be done.
    private func perform(_ effect: AppEffect, _ workers: Workers, copies: inout [String]) -> String? {
        let inbox = workers.inbox
        switch effect {
        case let .fetch(request):
            logger.debug("fetch", metadata: ["id": "\(request.id)", "page": "\(request.index)", "key": "\(request.key)"])
            workers.fetcher.fetch(request)
        case let .cancel(id):
            workers.fetcher.cancel(id)
        case let .fetchComments(request, itemID, serial):
            logger.debug("fetch comments", metadata: ["id": "\(request.id)", "item": "\(itemID)", "page": "\(request.index)"])
            workers.comments?.fetch(request, itemID: itemID, serial: serial)
        case let .cancelComments(id, serial):
            workers.comments?.cancel(id, serial: serial)
        case let .fetchDocument(request, itemID, serial):
            logger.debug("fetch document", metadata: ["id": "\(request.id)", "item": "\(itemID)"])
            workers.documents?.fetch(request, itemID: itemID, serial: serial)
        case let .cancelDocument(id, serial):
            workers.documents?.cancel(id, serial: serial)
        case .startOver:
            workers.fetcher.startOver()
        case let .readCache(read):
            // Read on the cache's queue: a slow or locked store never holds a key or a frame.
            guard let cache else {
                inbox.post(.cacheRead(read, nil))
                break
            }
            cache.read(read) { inbox.post(.cacheRead(read, $0)) }
        case let .writeCache(page, index, threadID):
            guard let cache else { break }
            cache.remember(page, index: index, in: threadID.map(cache.threadFeed))
        case let .openURL(link):
            let launch = BrowserCommand.launch(
                opening: link, environment: ProcessInfo.processInfo.environment, configured: browser, terminal: browserTerminal)
            logger.info("open", metadata: ["url": "\(link)", "browser": "\(launch.arguments[0])", "terminal": "\(launch.needsTerminal)"])
            guard launch.needsTerminal else { return BrowserLauncher.open(launch.arguments) }
            return workers.terminal.handOver { BrowserLauncher.run(launch.arguments) }
        case let .copy(text):
            copies.append(text)
        case let .markRead(itemID, isRead):
            cache?.setRead(itemID, isRead)
        case let .recordVisit(threadID, commentCount):
            cache?.recordVisit(threadID, commentCount: commentCount)
        case let .markSeen(commentIDs, threadID):
            cache?.markSeen(commentIDs, in: threadID)
        case let .loadThreadHistory(threadID, serial):
            // Read on the cache's queue, not here; the answer marks the new comments.
            cache?.readSeenComments(in: threadID) { inbox.post(.threadHistory(serial: serial, seen: $0)) }
        case let .fetchPicture(request):
            workers.pictures?.fetch(request)
        case let .cancelPicture(url):
            workers.pictures?.cancel(url: url)
        case let .fetchArticle(url, serial):
            logger.info("read", metadata: ["url": "\(url)"])
            workers.articles.fetch(url: url, serial: serial)
        case let .cancelArticle(serial):
            workers.articles.cancel(serial: serial)
        case .quit:
            break  // the loop ends after this frame's actions
        }
        return nil
    }

    private func log(_ result: FetchResult) {
        let request = result.request
        let pager = switch result.pager {
        case .list: "list"
        case .comments: "comments"
        case .document: "document"
        }
        switch result.outcome {
        case let .loaded(.success(page), latency):
            logger.debug("loaded", metadata: [
                "pager": "\(pager)", "id": "\(request.id)", "page": "\(request.index)", "items": "\(page.items.count)", "ms": "\(Int(latency * 1000))",
            ])
            for error in page.failed {
                logger.warning("item left out", metadata: ["pager": "\(pager)", "page": "\(request.index)", "error": "\(error.message)"])
            }
        case let .loaded(.failure(error), _):
            logger.warning("failed", metadata: ["pager": "\(pager)", "id": "\(request.id)", "page": "\(request.index)", "error": "\(error.message)"])
        case let .retrying(attempt, delay, error):
            logger.notice("retrying", metadata: [
                "pager": "\(pager)", "id": "\(request.id)", "attempt": "\(attempt)", "delay": "\(delay)", "error": "\(error.message)",
            ])
        case let .partial(items):
            logger.debug("first items", metadata: ["pager": "\(pager)", "id": "\(request.id)", "items": "\(items.count)"])
        }
    }

    private static func now() -> Double { Date().timeIntervalSince1970 }

    /// The status line's account of items a page had to leave out, if any.
    static func skippedNote(_ result: FetchResult) -> String? {
        guard case let .success(page)? = result.result, let first = page.failed.first else { return nil }
        let count = page.failed.count
        return "\(count) item\(count == 1 ? "" : "s") could not be loaded (\(first.message))"
    }

    /// How long `poll` may sleep: until the next spinner frame while something animates, until
    /// the next live update when one is due, otherwise for ever.
    private static func timeout(for state: AppState) -> Int32 {
        var timeout: Int32 = state.isAnimating ? frameInterval : -1
        if let deadline = state.nextDeadline {
            let wait = Int32(max(0, min(86_400_000, ((deadline - now()) * 1000).rounded(.up))))
            timeout = timeout < 0 ? wait : min(timeout, wait)
        }
        return timeout
    }
}
