import ArgumentParser
import FeedModel
import FeedRuntime
import FeedSources
import FeedStore
import Foundation

/// `feedscroll feeds`: the subscription list; Enter opens a feed (its history by scrolling),
/// the river or the saved items, and Esc comes back to the list.
struct FeedsCommand: RunCommand {
    static let configuration = CommandConfiguration(
        commandName: "feeds",
        abstract: "The subscription list (config [[subscriptions]] and imported OPML) with unread counts, the river, saved items.",
        discussion: """
            Enter opens the row: a feed with its whole history by scrolling, the river (every \
            subscription merged, newest first) or the saved items (s saves any item of any feed, \
            and unsaves it). Esc, h or ← go back to the list; q quits. In a pipe the list is \
            printed as `feeds:URL<TAB>name`. --refresh revalidates every subscription concurrently.
            """)

    @Flag(help: "Refresh every subscription at once (an unchanged feed costs one 304), a progress line each on stderr, then exit.")
    var refresh = false
    @OptionGroup var network: NetworkOptions
    @OptionGroup var options: FeedOptions

    func run(in context: RunContext) throws {
        let settings = context.settings
        let location: CacheLocation = options.noCache
            ? .disabled : options.cache.map { .file($0) } ?? .standard(environment: ProcessInfo.processInfo.environment)
        let opening = CacheStore.open(
            location, limitBytes: (settings.cacheMB ?? CacheStore.defaultLimitBytes >> 20) << 20, readsReadOnly: options.offline)
        if let warning = opening.warning { printError(warning) }
        let stored = (try? opening.store?.subscriptions()) ?? []
        let subscriptions = allSubscriptions(configured: settings.subscriptions, stored: stored)
        guard !subscriptions.isEmpty else {
            printError("no subscriptions: add [[subscriptions]] to the config, or run feedscroll import FILE.opml")
            throw ExitCode(1)
        }
        if options.offline && opening.store == nil {
            printError("--offline reads the page cache, and there is none to read")
            throw ExitCode(1)
        }
        let session = FeedsSession(
            context: context, options: options, transport: network.transport(on: context.network, maxBodyBytes: SyndicationSource.maxDocumentBytes),
            store: opening.store, subscriptions: subscriptions)
        if refresh {
            guard !options.offline else {
                printError("--refresh fetches every feed; it cannot run --offline")
                throw ExitCode(64)
            }
            let code = session.refreshAll()
            if code != 0 { throw ExitCode(code) }
            return
        }
        if OutputMode(options) != .terminal {
            try Launcher(context, options: options).run(session.listSource())
            return
        }
        let code = session.runTerminal()
        if code != 0 { throw ExitCode(code) }
    }
}
