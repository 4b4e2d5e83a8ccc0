import FeedFormats
import FeedModel
import Foundation
import Synchronization

/// One feed document being parsed on the parse queue: its entries appear as they are read, so
/// the first page of a 100,000-entry document is shown while the rest is still parsing.
///
/// The parse streams (`FeedParser.stream`): entries in document order, each appended once; the
/// head (paging links, archive flags, the entry count) is final only when `isDone`. Readers
/// wait with `waitFor(entries:)`, which returns as soon as that many entries are there, the
/// document ended, or the waiting task was cancelled, never by polling. A parse whose last
/// waiter was cancelled before it reached what was waited for stops at its next entry
/// (`isStopped`): nobody needs the rest, and the document is read again if it is wanted.
final class DocumentParse: Sendable {
    struct Waiter {
        var serial: Int
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    struct Progress {
        var entries: [FeedEntry] = []
        /// The feed's title as read up to the latest entry (final once done).
        var title = ""
        /// The whole head, once the document was read to its end.
        var head: FeedHead?
        var error: FeedError?
        var waiters: [Waiter] = []
        var nextSerial = 0

        var isDone: Bool { head != nil || error != nil }
    }

    private let progress = Mutex(Progress())
    private let stopFlag = Atomic<Bool>(false)

    /// Whether the parse was stopped because every load waiting for it was cancelled.
    var isStopped: Bool { stopFlag.load(ordering: .acquiring) }

    /// A document known whole already (WordPress's closing 404: no entries).
    init(finished head: FeedHead, entries: [FeedEntry] = []) {
        progress.withLock {
            $0.head = head
            $0.entries = entries
            $0.title = head.title
        }
    }

    /// Starts parsing `body` on `queue`.
    /// - Parameter done: called on the queue once the document was read whole, before waiters
    ///   see the end (the caller keeps archives and the subscription document then).
    init(
        parsing body: Data, contentType: String?, address: String, on queue: DispatchQueue = SyndicationSource.defaultParseQueue,
        done: @escaping @Sendable (FeedHead) -> Void
    ) {
        queue.async { [self] in
            do throws(FeedParseError) {
                let head = try FeedParser.stream(
                    body, contentType: contentType, url: URL(string: address), isCancelled: { self.isStopped }
                ) { entry, head in
                    self.append(entry, title: head.title)
                }
                done(head)
                finish(head: head, error: nil)
            } catch {
                if error.kind == .cancelled {
                    finish(head: nil, error: FeedError(.cancelled, "the parse was cancelled"))
                    return
                }
                let host = URL(string: address).map(ArticleFetch.hostName) ?? address
                finish(head: nil, error: FeedError(.decoding, "\(host): \(error.message)"))
            }
        }
    }

    /// Parses `body` here and now, whole (a small document, or one that must be judged before
    /// anything else happens: a site's HTML page, whose feed is discovered instead).
    init(parsingNow body: Data, contentType: String?, address: String) throws(FeedError) {
        do {
            let document = try FeedParser.parse(body, contentType: contentType, url: URL(string: address))
            progress.withLock {
                $0.entries = document.entries
                $0.head = document.head
                $0.title = document.head.title
            }
        } catch {
            let host = URL(string: address).map(ArticleFetch.hostName) ?? address
            throw FeedError(.decoding, "\(host): \(error.message)")
        }
    }

    private func append(_ entry: FeedEntry, title: String) {
        let ready = progress.withLock { p -> [CheckedContinuation<Void, Never>] in
            p.entries.append(entry)
            if p.title != title { p.title = title }
            return Self.takeReady(&p)
        }
        for continuation in ready { continuation.resume() }
    }

    private func finish(head: FeedHead?, error: FeedError?) {
        let ready = progress.withLock { p -> [CheckedContinuation<Void, Never>] in
            p.head = head
            p.error = error
            if let head { p.title = head.title }
            return Self.takeReady(&p)
        }
        for continuation in ready { continuation.resume() }
    }

    private static func takeReady(_ p: inout Progress) -> [CheckedContinuation<Void, Never>] {
        guard !p.waiters.isEmpty else { return [] }
        let count = p.entries.count
        let done = p.isDone
        var ready: [CheckedContinuation<Void, Never>] = []
        p.waiters.removeAll { waiter in
            guard done || waiter.count <= count else { return false }
            ready.append(waiter.continuation)
            return true
        }
        return ready
    }

    /// Returns once at least `count` entries were read, the document ended (or failed), or the
    /// calling task was cancelled. The last waiter cancelled before the parse was done stops it.
    func waitFor(entries count: Int) async {
        let serial = progress.withLock { p in
            p.nextSerial += 1
            return p.nextSerial
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = progress.withLock { p -> Bool in
                    if p.isDone || p.entries.count >= count || Task.isCancelled { return true }
                    p.waiters.append(Waiter(serial: serial, count: count, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let (continuation, isOrphaned) = progress.withLock { p -> (CheckedContinuation<Void, Never>?, Bool) in
                let index = p.waiters.firstIndex { $0.serial == serial }
                let continuation = index.map { p.waiters.remove(at: $0).continuation }
                return (continuation, p.waiters.isEmpty && !p.isDone)
            }
            if isOrphaned { stopFlag.store(true, ordering: .releasing) }
            continuation?.resume()
        }
    }

    /// Loads waiting now.
    var waiterCount: Int { progress.withLock { $0.waiters.count } }

    /// The entries at `indices` (read already).
    func entries(at indices: [Int32]) -> [FeedEntry] {
        progress.withLock { p in indices.map { p.entries[Int($0)] } }
    }

    /// What was read so far, under one lock: `body` sees the entries, the title, and the head
    /// once done.
    func read<T: Sendable>(_ body: (borrowing Progress) -> T) -> T {
        progress.withLock { body($0) }
    }
}
