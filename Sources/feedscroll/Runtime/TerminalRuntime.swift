import CursesTerminal
import FeedModel
import FeedPaging
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
    var logger: Logger

    /// Time between spinner frames, in milliseconds.
    static let frameInterval: Int32 = 100

    func run() -> Int32 {
        let terminal: CursesTerminal
        do {
            try CursesTerminal.preflight()
            terminal = try CursesTerminal()
        } catch {
            printError(error.message)
            return 1
        }
        // A terminal smaller than the list needs shows "terminal too small" until it is resized
        // (as less and htop do) rather than refusing to start.
        let initial = terminal.size
        defer { terminal.restore() }

        let inbox = Inbox<PageFetcher.Event>()
        let fetcher = PageFetcher(source: source) { inbox.post($0) }
        var state = AppState(
            sourceName: source.name, paging: PagingState(firstKey: source.firstKey, pageSize: pageSize),
            size: initial, prefetch: prefetch)
        var actions: [AppAction] = [.start(at: Self.now())]
        var descriptors = [
            pollfd(fd: terminal.inputFileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: inbox.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: terminal.signalFileDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        logger.info("start", metadata: ["source": "\(source.name)", "size": "\(initial)", "pageSize": "\(pageSize)"])

        while true {
            for action in actions {
                for effect in state.reduce(action) {
                    perform(effect, fetcher: fetcher)
                }
            }
            actions.removeAll(keepingCapacity: true)
            if state.isQuitting { break }
            terminal.draw(render(state, size: state.size))

            let timeout = state.isAnimating ? Self.frameInterval : -1
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
            for event in inbox.drain() {
                log(event)
                actions.append(.fetched(event, at: now))
            }
            if actions.isEmpty { actions.append(.tick(at: now)) }
        }
        logger.info("quit", metadata: ["requests": "\(state.paging.requestsIssued)", "items": "\(state.paging.items.count)"])
        return 0
    }

    // MARK: - Helpers

    private func perform(_ effect: AppEffect, fetcher: PageFetcher) {
        switch effect {
        case let .fetch(request):
            logger.debug("fetch", metadata: ["id": "\(request.id)", "page": "\(request.index)", "key": "\(request.key)"])
            fetcher.fetch(request)
        case let .cancel(id):
            fetcher.cancel(id)
        case .startOver:
            fetcher.startOver()
        case .quit:
            break
        }
    }

    private func log(_ event: PageFetcher.Event) {
        switch event {
        case let .loaded(request, .success(page), latency):
            logger.debug("loaded", metadata: [
                "id": "\(request.id)", "page": "\(request.index)", "items": "\(page.items.count)", "ms": "\(Int(latency * 1000))",
            ])
        case let .loaded(request, .failure(error), _):
            logger.warning("failed", metadata: ["id": "\(request.id)", "page": "\(request.index)", "error": "\(error.message)"])
        case let .retrying(request, attempt, delay, error):
            logger.notice("retrying", metadata: [
                "id": "\(request.id)", "attempt": "\(attempt)", "delay": "\(delay)", "error": "\(error.message)",
            ])
        }
    }

    private static func now() -> Double { Date().timeIntervalSince1970 }
}
