import FeedConfig
import FeedModel
import FeedPaging
import FeedSources
import FeedUI
import Foundation
import Logging

/// The interactive loop over any terminal backend: one thread owns the state and every call on
/// the backend, and it only performs effects.
///
/// Each step reduces what arrived (keys, resizes, answers through the one inbox), carries out
/// the effects (one `perform` switch: I/O starts elsewhere and answers through the inbox),
/// draws one frame, then sleeps in `poll()` on the backend's input, the inbox's pipe and the
/// backend's signal pipe: no timeout unless something animates, so an idle screen costs no CPU.
/// The curses backend runs it for real (`run`); tests drive it step by step with the recording
/// backend, a scripted source and clock, and wait on what the runtime itself waits on.
public final class Runtime<Backend: TerminalBackend> {
    /// What a run fetches from and stores in.
    public struct Parts {
        public var source: any FeedSource
        /// The comment thread of an item id, for sources whose items have one.
        public var comments: DetailFetcher.MakeSource?
        /// The own document of an item id, for sources whose items have one (PokeAPI).
        public var documents: DetailFetcher.MakeSource?
        /// What the reader's articles are fetched through (nil: the reader says it cannot).
        public var articleTransport: (any HTTPTransport)?
        /// What pictures are fetched through; nil draws none.
        public var pictureTransport: (any HTTPTransport)?
        /// The page cache, if one is open.
        public var cache: PageCache?
        /// The config's `browser` and `browser_terminal` (`BrowserCommand.launch`).
        public var browser: String?
        public var browserTerminal: Bool?

        public init(source: any FeedSource) { self.source = source }
    }

    /// Time between spinner frames, in milliseconds.
    public static var frameInterval: Int32 { 100 }

    public let backend: Backend
    /// The state, owned by the runtime's thread.
    public private(set) var state: AppState
    /// Every effect carried out so far, oldest first, when `recordsEffects` is set (tests).
    public private(set) var performed: [AppEffect] = []
    public var recordsEffects = false
    /// How the run ended, once it has: a quit, a chosen row of the subscription list, or back
    /// from a feed opened from it.
    public private(set) var ending = Ending.quit
    /// Keys read in the same turn as the one that ended the run, after it, not reduced by this
    /// run: the next run on the terminal (the list after Esc, the feed after Enter) takes them
    /// first, as a shell takes what was typed while a program ended.
    public private(set) var keysAfterEnding: [Key] = []

    /// What ended a run.
    public enum Ending: Sendable, Equatable {
        case quit
        /// Enter on the subscription list's row with this id.
        case chose(String)
        /// Back to the subscription list.
        case left
    }

    private let parts: Parts
    private let logger: Logger
    private let clock: @Sendable () -> Double
    private let inbox: Inbox<Delivery>
    private let fetcher: PageFetcher
    private let comments: DetailFetcher?
    private let documents: DetailFetcher?
    private let articles: ArticleLoader?
    private let pictures: PictureLoader?
    private var actions: [AppAction]
    private var copies: [String] = []

    /// - Parameters:
    ///   - backend: the terminal.
    ///   - state: the first state (its pager, size, cache marks and settings).
    ///   - parts: what the run fetches from and stores in.
    ///   - startActions: what is reduced after `.start` (a thread to open, a notice).
    ///   - logger: the run's log.
    ///   - clock: wall-clock seconds; every action carries its reading, `reduce` never reads one.
    public init(
        backend: Backend, state: AppState, parts: Parts, startActions: [AppAction] = [], logger: Logger,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.backend = backend
        self.state = state
        self.parts = parts
        self.logger = logger
        self.clock = clock
        let inbox = Inbox<Delivery>()
        self.inbox = inbox
        // The run's one executor (jobs on its custom concurrent queue), handed to every loader.
        let executor = FetchExecutor(label: "feedscroll.fetch")
        fetcher = PageFetcher(source: parts.source, executor: executor) { inbox.post(.fetched($0)) }
        comments = parts.comments.map { DetailFetcher(makeSource: $0, executor: executor) { inbox.post(.fetched($0)) } }
        documents = parts.documents.map {
            DetailFetcher(makeSource: $0, pager: { .document(serial: $0) }, executor: executor) { inbox.post(.fetched($0)) }
        }
        articles = parts.articleTransport.map { ArticleLoader(transport: $0, executor: executor) { inbox.post(.article(serial: $0, $1)) } }
        pictures = state.pictures.isEnabled
            ? parts.pictureTransport.map {
                PictureLoader(transport: $0, executor: executor, logger: logger) { inbox.post(.picture($0)) }
            } : nil
        actions = [.start(at: clock())] + startActions
    }

    deinit { stop() }

    /// Runs until the reader quits or the terminal goes away.
    /// - Returns: the exit status (1 when the terminal hung up).
    public func run() -> Int32 {
        while true {
            switch step() {
            case .running: continue
            case .quit: return 0
            case .hungUp: return 1
            }
        }
    }

    /// What a step ended with.
    public enum StepOutcome: Sendable, Equatable {
        case running
        /// The reader quit: everything in flight was cancelled and the cache flushed.
        case quit
        /// The terminal's input hung up (its window closed).
        case hungUp
    }

    /// One turn of the loop: reduce what arrived and carry out its effects, draw, then wait (at
    /// most `maximumWait` milliseconds when given) for input, an answer or a signal, and take
    /// in what came.
    @discardableResult
    public func step(maximumWait: Int32? = nil) -> StepOutcome {
        var index = 0
        while index < actions.count, !state.isQuitting {
            for effect in state.reduce(actions[index]) {
                if recordsEffects { performed.append(effect) }
                if let notice = perform(effect) { actions.append(.notice(notice)) }
            }
            index += 1
        }
        if state.isQuitting {
            keysAfterEnding = actions[index...].compactMap { if case let .key(key, _) = $0 { key } else { nil } }
        }
        actions.removeAll(keepingCapacity: true)
        if state.isQuitting {
            stop()
            logger.info("quit", metadata: ["requests": "\(state.list.paging.requestsIssued)", "items": "\(state.list.paging.items.count)"])
            return .quit
        }
        backend.draw(render(state, size: state.size))
        // After the frame: curses has flushed, so the copy cannot split one of its sequences.
        for text in copies {
            backend.copy(text)
            logger.info("copied", metadata: ["bytes": "\(text.utf8.count)"])
        }
        copies.removeAll()

        var timeout = timeout()
        if let maximumWait { timeout = timeout < 0 ? maximumWait : min(timeout, maximumWait) }
        var descriptors = [
            pollfd(fd: backend.inputFileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: inbox.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: backend.signalFileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        while poll(&descriptors, nfds_t(descriptors.count), timeout) < 0 && errno == EINTR {}
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            // The terminal went away (its window closed, tmux killed): nothing to draw on and
            // nobody to read from, so stop rather than spin on a dead descriptor.
            logger.notice("terminal hung up")
            stop()
            return .hungUp
        }
        let now = clock()
        for event in backend.readEvents() {
            switch event {
            case let .key(key): actions.append(.key(key, at: now))
            case let .resized(size): actions.append(.resized(size))
            }
        }
        for delivery in inbox.drain() {
            switch delivery {
            case let .fetched(result):
                log(result)
                if let note = Self.itemFailureNote(result) { actions.append(.notice(note)) }
                actions.append(.fetched(result, at: now))
            case let .picture(picture):
                actions.append(.pictureFetched(picture))
            case let .article(serial, outcome):
                actions.append(.articleFetched(serial: serial, outcome))
            case let .threadHistory(serial, seen):
                actions.append(.threadHistory(serial: serial, seen: seen))
            case let .cacheRead(read, copy):
                actions.append(.cacheRead(read, copy, at: now))
            case let .keptArticle(serial, kept, failure):
                actions.append(.articleRead(serial: serial, kept, failure: failure))
            }
        }
        if actions.isEmpty { actions.append(.tick(at: now)) }
        return .running
    }

    /// Closes every request still in flight, drops every retry not yet due, and waits for the
    /// cache's queued writes. Safe to call twice.
    private func stop() {
        fetcher.cancelAll()
        comments?.cancelAll()
        documents?.cancelAll()
        pictures?.cancelAll()
        articles?.cancelAll()
        parts.cache?.flush()
    }

    /// Carries out an effect (the one switch): I/O starts elsewhere and its answer comes back
    /// through the inbox. Returns a notice for the status line when it could not be done.
    private func perform(_ effect: AppEffect) -> String? {
        let inbox = inbox
        let cache = parts.cache
        switch effect {
        case let .fetch(request):
            logger.debug("fetch", metadata: ["id": "\(request.id)", "page": "\(request.index)", "key": "\(request.key)"])
            fetcher.fetch(request)
        case let .cancel(id):
            fetcher.cancel(id)
        case let .promote(id):
            logger.debug("promote", metadata: ["id": "\(id)"])
            fetcher.promote(id)
        case let .fetchComments(request, itemID, serial):
            logger.debug("fetch comments", metadata: ["id": "\(request.id)", "item": "\(itemID)", "page": "\(request.index)"])
            comments?.fetch(request, itemID: itemID, serial: serial)
        case let .cancelComments(id, serial):
            comments?.cancel(id, serial: serial)
        case let .fetchDocument(request, itemID, serial):
            logger.debug("fetch document", metadata: ["id": "\(request.id)", "item": "\(itemID)"])
            documents?.fetch(request, itemID: itemID, serial: serial)
        case let .cancelDocument(id, serial):
            documents?.cancel(id, serial: serial)
        case .startOver:
            fetcher.startOver()
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
                opening: link, environment: ProcessInfo.processInfo.environment, configured: parts.browser, terminal: parts.browserTerminal)
            logger.info("open", metadata: ["url": "\(link)", "browser": "\(launch.arguments[0])", "terminal": "\(launch.needsTerminal)"])
            guard launch.needsTerminal else { return BrowserLauncher.open(launch.arguments) }
            let backend = backend
            return backend.handOver {
                guard let failure = BrowserLauncher.run(launch.arguments) else { return nil }
                // What the program said on its way out (w3m's "Can't load") stays on the screen
                // until the reader has read it; the status line keeps the one-line account.
                if failure.ran { backend.holdForEnter("\(failure.note) · press Enter to go back") }
                return failure.note
            }
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
            pictures?.fetch(request)
        case let .cancelPicture(url):
            pictures?.cancel(url: url)
        case let .fetchArticle(url, serial):
            logger.info("read", metadata: ["url": "\(url)"])
            guard let articles else {
                inbox.post(.article(serial: serial, .failed("no network to read articles through")))
                break
            }
            articles.fetch(url: url, serial: serial)
        case let .cancelArticle(serial):
            articles?.cancel(serial: serial)
        case let .readArticle(url, serial, failure):
            guard let cache else {
                inbox.post(.keptArticle(serial: serial, nil, failure: failure))
                break
            }
            cache.readArticle(from: url) { inbox.post(.keptArticle(serial: serial, $0, failure: failure)) }
        case let .keepArticle(article, url):
            cache?.keepArticle(article, from: url)
        case let .save(item):
            guard let cache else { return "saving items needs the page cache" }
            cache.save(item)
        case let .unsave(itemID):
            cache?.unsave(itemID)
        case let .choose(itemID):
            ending = .chose(itemID)
        case .leave:
            ending = .left
        case .quit:
            break  // the step ends after this frame's actions
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
            for error in page.itemFailures {
                logger.warning("\(page.failedPart.rawValue) left out", metadata: ["pager": "\(pager)", "page": "\(request.index)", "error": "\(error.message)"])
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

    /// The status line's account of items a page had to leave out, if any.
    static func itemFailureNote(_ result: FetchResult) -> String? {
        guard case let .success(page)? = result.result, let first = page.itemFailures.first else { return nil }
        let count = page.itemFailures.count
        let part = page.failedPart.rawValue
        return "\(ItemFact.grouped(count)) \(part)\(count == 1 ? "" : "s") could not be loaded (\(first.message))"
    }

    /// How long `poll` may sleep: until the next spinner frame while something animates, until
    /// the next live update when one is due, otherwise for ever.
    private func timeout() -> Int32 {
        var timeout: Int32 = state.isAnimating ? Self.frameInterval : -1
        if let deadline = state.nextDeadline {
            let wait = Int32(max(0, min(86_400_000, ((deadline - clock()) * 1000).rounded(.up))))
            timeout = timeout < 0 ? wait : min(timeout, wait)
        }
        return timeout
    }
}
