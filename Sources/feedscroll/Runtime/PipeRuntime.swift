import FeedRuntime
import FeedModel
import FeedPaging
import Foundation
import Logging

/// Streams items to stdout through the same pager the screen uses, asking for each page only
/// when the writer has written everything before it.
struct PipeRuntime {
    enum Format { case plain, json }

    var source: any FeedSource
    var pageSize: Int
    var maxPages: Int?
    var limit: Int?
    var format: Format
    var logger: Logger
    /// Where fetched pages are stored; nil without a cache (or offline, reading it).
    var cache: PageCache?
    /// Seconds one attempt may take (`--timeout`) when the source has a transport: a retry
    /// waiting longer than this is said on stderr.
    var requestTimeout: Double?

    /// - Returns: the exit status: 0 when the feed, the limit or the reader ended the run;
    ///   1 after a final failure, reported on stderr once every fetched item was written.
    func run() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let limit = self.limit ?? Int.max
        // Written pages are let go whatever the cap says (`--max-pages 0` included): the pager
        // keeps at most the default's worth for its own checks, and `seen` de-duplicates
        // across the whole run in bounded memory.
        var paging = PagingState(firstKey: source.firstKey, pageSize: pageSize, maxPages: maxPages ?? PagingState.defaultMaxPages)
        var filter = PipeFilter(pageSize: pageSize)
        let inbox = Inbox<FetchResult>()
        let cache = self.cache
        let fetcher = PageFetcher(source: source, executor: FetchExecutor(label: "feedscroll.fetch")) { result in
            if case let .success(page)? = result.result { cache?.remember(page, index: result.request.index) }
            inbox.post(result)
        }
        // Every return below ends the run: loads still in flight are cancelled on the wire.
        defer { fetcher.cancelAll() }
        let output = LineWriter(descriptor: STDOUT_FILENO)
        var written = 0
        var row = 0  // the next row of `paging.items` to write
        while written < limit {
            // Written pages beyond the cap are dropped; the ones kept still de-duplicate what comes.
            if row > 0 { row -= paging.trim(visible: (row - 1)..<row, cursor: row - 1).deleteCount(above: row) }
            // The cache keeps up or the pipe waits: fetching on while pages queue for the disk
            // would hold every page in memory (backpressure).
            cache?.waitForRoom()
            perform(paging.prefetch(cursor: row, distance: 0), fetcher)
            // Read rows through `paging` rather than a local copy of the snapshot: a copy still
            // alive when `receive` mutates would make every page copy every row (O(n²)).
            while row < paging.items.count && written < limit {
                let item = paging.items[row]
                row += 1
                guard filter.admits(item) else { continue }
                output.append(line(for: item))
                written += 1
            }
            switch output.flush() {
            case .written: break
            case .readerGone: return 0  // the reader went away (head, a closed pager): end quietly
            case let .failed(reason):
                // Output lost (a full disk, a closed stdout): one line, and not a success.
                printError("cannot write the output: \(reason)")
                return 1
            }
            if let stop = filter.stop {
                // Pages the pager no longer holds, handed out again and again.
                printError("\(source.name): \(stop.message)")
                return 1
            }
            if written < limit, let stop = paging.stop, row == paging.items.count {
                // The feed went round (a cycle, a repeat, empty pages linking on): what it had
                // is written, and the run is not a success.
                printError("\(source.name): \(stop.message)")
                return 1
            }
            if written >= limit || paging.isAtEnd && row == paging.items.count {
                // An empty feed says so (the screen shows "No items"), still a success.
                if written == 0 && limit > 0 { printError("\(source.name) has no items") }
                return 0
            }
            if let failure = paging.failure {
                printError(failure.message)
                return 1
            }
            if paging.inFlight.isEmpty { continue }
            inbox.wait()
            for fetched in inbox.drain() {
                let request = fetched.request
                switch fetched.outcome {
                case let .loaded(result, latency):
                    logger.debug("loaded", metadata: ["page": "\(request.index)", "ms": "\(Int(latency * 1000))"])
                    if case let .success(page) = result {
                        // A left-out item is never silent: one stderr line and a log line each.
                        for error in page.itemFailures {
                            printError("\(page.failedPart.rawValue) left out: \(error.message)")
                            logger.warning("\(page.failedPart.rawValue) left out", metadata: ["page": "\(request.index)", "error": "\(error.message)"])
                        }
                    }
                    // A pipe never starts a live batch, so no cancel is expected; any that
                    // comes is carried out all the same.
                    perform(paging.receive(request, result).effects, fetcher)
                case let .retrying(attempt, delay, error):
                    // A wait longer than a request may take is said, not sat through silently.
                    if delay > (requestTimeout ?? .infinity) {
                        printError("\(error.message) — waiting \(Int(delay.rounded())) s before attempt \(attempt)")
                    }
                    logger.notice("retrying", metadata: [
                        "page": "\(request.index)", "attempt": "\(attempt)", "delay": "\(delay)", "error": "\(error.message)",
                    ])
                case .partial:
                    break  // a pipe writes whole pages, in order
                }
            }
        }
        return 0
    }

    /// Carries out the pager's effects.
    private func perform(_ effects: [PagingEffect], _ fetcher: PageFetcher) {
        for effect in effects {
            switch effect {
            case let .fetch(request):
                logger.debug("fetch", metadata: ["page": "\(request.index)", "key": "\(request.key)"])
                fetcher.fetch(request)
            case let .cancel(id):
                logger.debug("cancel", metadata: ["request": "\(id)"])
                fetcher.cancel(id)
            case let .promote(id):
                fetcher.promote(id)
            }
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    private func line(for item: FeedItem) -> String {
        switch format {
        case .plain:
            return "\(TextSanitizer.clean(item.id))\t\(item.title)\n"  // ids are raw for identity
        case .json:
            let data = (try? Self.encoder.encode(JSONRecord(item))) ?? Data("{}".utf8)
            return TextSanitizer.escapingHiddenInJSON(String(decoding: data, as: UTF8.self)) + "\n"
        }
    }
}

/// Buffers lines and writes them with `write(2)`, so a closed pipe is an `EPIPE` we can see
/// and a full disk an `ENOSPC` we can report.
final class LineWriter {
    /// What a flush did.
    enum Outcome: Equatable {
        case written
        /// The reader closed the pipe (`EPIPE`): the run ends quietly, as `head` expects.
        case readerGone
        /// Any other failure (`ENOSPC`, `EBADF` for a closed stdout, `EIO`): the system's words.
        case failed(String)
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) { self.descriptor = descriptor }

    func append(_ line: String) { buffer.append(contentsOf: line.utf8) }

    func flush() -> Outcome {
        var offset = 0
        defer { buffer.removeAll(keepingCapacity: true) }
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                return code == EPIPE ? .readerGone : .failed(String(cString: strerror(code)))
            }
            offset += n
        }
        return .written
    }
}
