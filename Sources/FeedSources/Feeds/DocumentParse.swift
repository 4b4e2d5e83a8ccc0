import FeedFormats
import FeedModel
import Foundation
import Synchronization

/// One feed document being parsed on a thread of its own: its entries appear as they are read,
/// so the first page of a 100,000-entry document is shown while the rest is still parsing.
///
/// The parse streams (`FeedParser.stream`): entries in document order, each appended once; the
/// head (paging links, archive flags, the entry count) is final only when `isDone`. Readers
/// wait with `waitFor(entries:)`, which returns as soon as that many entries are there or the
/// document ended, never by polling.
final class DocumentParse: Sendable {
    struct Progress {
        var entries: [FeedEntry] = []
        /// The feed's title as read up to the latest entry (final once done).
        var title = ""
        /// The whole head, once the document was read to its end.
        var head: FeedHead?
        var error: FeedError?
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        var isDone: Bool { head != nil || error != nil }
    }

    private let progress = Mutex(Progress())

    /// A document known whole already (WordPress's closing 404: no entries).
    init(finished head: FeedHead, entries: [FeedEntry] = []) {
        progress.withLock {
            $0.head = head
            $0.entries = entries
            $0.title = head.title
        }
    }

    /// Starts parsing `body` on a thread of its own (libxml2 is synchronous: it must not hold
    /// one of Swift's cooperative threads for the seconds a huge document takes).
    /// - Parameter done: called on that thread once the document was read whole, before
    ///   waiters see the end (the caller keeps archives and the subscription document then).
    init(parsing body: [UInt8], contentType: String?, address: String, done: @escaping @Sendable (FeedHead) -> Void) {
        let thread = Thread { [self] in
            do throws(FeedParseError) {
                let head = try FeedParser.stream(body, contentType: contentType, url: URL(string: address)) { entry, head in
                    self.append(entry, title: head.title)
                }
                done(head)
                finish(head: head, error: nil)
            } catch {
                let host = URL(string: address).map(ArticleFetch.hostName) ?? address
                finish(head: nil, error: FeedError(.decoding, "\(host): \(error.message)"))
            }
        }
        thread.name = "feed parse"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Parses `body` here and now, whole (a small document, or one that must be judged before
    /// anything else happens: a site's HTML page, whose feed is discovered instead).
    init(parsingNow body: [UInt8], contentType: String?, address: String) throws(FeedError) {
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

    /// Returns once at least `count` entries were read, or the document ended (or failed).
    func waitFor(entries count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = progress.withLock { p -> Bool in
                if p.isDone || p.entries.count >= count { return true }
                p.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

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
