import FeedRuntime
import ArgumentParser
import FeedModel
import FeedPaging
import FeedSources
import FeedStore
import Foundation
import Logging

/// How items leave the program.
enum OutputMode: Equatable {
    case terminal, plain, json

    init(_ options: FeedOptions) {
        if options.json {
            self = .json
        } else if options.plain || isatty(STDOUT_FILENO) == 0 {
            self = .plain
        } else {
            self = .terminal
        }
    }
}

/// Picks the runtime for the output mode and turns failures into one line and an exit code.
struct Launcher {
    /// The run's settings and network.
    var context: RunContext
    var options: FeedOptions
    var mode: OutputMode
    /// The comment thread of an item id, for sources whose items have one (the detail view).
    var comments: DetailFetcher.MakeSource?
    /// The own document of an item id, for sources whose items have one (the detail view).
    var documents: DetailFetcher.MakeSource?
    /// An item whose thread the terminal opens at once, over the list (`hn --thread ID`).
    var openThread: String?
    /// A web page the terminal reads at once, leaving it ending the run (`read URL`).
    var readPage: FeedItem?

    init(
        _ context: RunContext, options: FeedOptions, mode: OutputMode? = nil, comments: DetailFetcher.MakeSource? = nil,
        documents: DetailFetcher.MakeSource? = nil, openThread: String? = nil, readPage: FeedItem? = nil
    ) {
        self.context = context
        self.options = options
        self.mode = mode ?? OutputMode(options)
        self.comments = comments
        self.documents = documents
        self.openThread = openThread
        self.readPage = readPage
    }

    func run(_ source: any FeedSource) throws {
        try run { _ in source }
    }

    /// Runs a source made with the run's logger (adapters log notes such as a cap ending a feed).
    func run(_ makeSource: (@escaping SourceLog) -> any FeedSource) throws {
        let (logger, logSink) = FileLogHandler.bootstrap(path: options.log, reportsAtOnce: mode != .terminal)
        // A log that could not be written is said once, after the terminal is restored.
        defer { logSink?.reportFailure() }
        let network = makeSource { note in logger.notice("\(note)") }
        let settings = context.settings
        if let asked = options.pageSize, asked > network.maxPageSize {
            // The flag asks for this source; a config file's page_size (for every source) is clamped.
            FileHandle.standardError.write(Data("Error: --page-size must be within 1…\(network.maxPageSize) for \(network.name.split(separator: " ").first.map(String.init) ?? network.name), not \(asked)\n".utf8))
            throw ExitCode(64)
        }
        let pageSize = min(options.pageSize ?? settings.pageSize ?? network.defaultPageSize, network.maxPageSize)
        let prefetch = options.prefetch ?? settings.prefetch ?? .automatic
        let pageCap = options.pageCap(configured: settings.maxPages)
        let (cache, warning) = PageCache.open(options: options, settings: settings, source: network, pageSize: pageSize, logger: logger)
        if let warning { printError(warning) }
        // A cache found corrupt mid-run is moved aside and started anew: one line, at once in a
        // pipe, after the terminal is restored on screen (and in the log either way).
        let cacheNotes = ExitNotes(printsAtOnce: mode != .terminal)
        cache?.store.reportRecovery { line in
            logger.warning("\(line)")
            cacheNotes.add(line)
        }
        defer { cacheNotes.printHeld() }
        defer { cache?.flush() }
        var source = network
        if options.offline {
            guard let cache else {
                printError("--offline reads the page cache, and there is none to read")
                throw ExitCode(1)
            }
            source = OfflineSource(standingInFor: network, store: cache.store, feed: cache.feed)
        }
        // Offline, the pages come from the cache: nothing new to store.
        let writing = options.offline ? nil : cache
        let code: Int32
        // Every runtime has cancelled its loads by the time it returns; then the client closes.
        defer { context.network.shutdown() }
        switch mode {
        case .terminal:
            code = TerminalRuntime(
                source: source, pageSize: pageSize, prefetch: prefetch, maxPages: pageCap,
                livePeriod: options.live, logger: logger,
                keyMap: settings.keyMap, theme: options.theme ?? settings.theme, comments: comments, documents: documents,
                showsPictures: (options.images ?? settings.images ?? .on) == .on,
                pictureCacheBytes: Int((options.imageCacheMB ?? settings.imageCacheMB.map(Double.init) ?? 32) * 1_048_576),
                network: context.network, pictureTransport: context.network.current,
                cache: cache, isOfflineOnly: options.offline, hidesRead: options.hideRead || settings.hideRead,
                openThread: openThread, readPage: readPage, browser: settings.browser, browserTerminal: settings.browserTerminal,
                commentWidth: settings.commentWidth, startNotice: settings.startNotice
            ).run()
        case .plain, .json:
            code = PipeRuntime(
                source: source, pageSize: pageSize, maxPages: pageCap, limit: options.limit,
                format: mode == .json ? .json : .plain,
                logger: logger, cache: writing, requestTimeout: context.network.requestTimeout
            ).run()
        }
        if code != 0 { throw ExitCode(code) }
    }
}

/// Writes one line to stderr, prefixed with the program's name.
func printError(_ message: String) {
    let line = message.hasPrefix("feedscroll: ") ? message : "feedscroll: \(message)"
    FileHandle.standardError.write(Data("\(line)\n".utf8))
}
