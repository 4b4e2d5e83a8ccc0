import FeedFormats
import FeedModel
import Foundation
import Synchronization

/// One feed document being parsed on the parse queue: its entries appear as they are read, so
/// the first page of a 100,000-entry document is shown while the rest is still parsing.
///
/// The parse streams (`FeedCursor`, a slice of entries at a time, each slice queued behind
/// whatever else waits on the parse queue): every entry's id is kept as its 64-bit hash
/// (`ItemIDHash`), in document order (an `ItemIDHashList`: past 8,192 of them in a temporary
/// file), but the entries themselves only within a window of `heldEntries`, so a document of
/// any length holds one window of entries, never all of them; its bytes stay in their file
/// when the transport spooled them. A
/// page outside the window is read again (`entries(at:)`): a second cursor over the same bytes, kept between
/// pages so a walk forward reads the document once more in all, started again from the top
/// only when a page before it is asked. The head (paging links, archive flags, the entry
/// count) is final only when `isDone`. Readers wait with `waitFor(entries:)`, which returns as
/// soon as that many entries are there, the document ended, or the waiting task was
/// cancelled, never by polling. A parse whose last waiter was cancelled before it reached what
/// was waited for stops at its next entry (`isStopped`): nobody needs the rest, and the
/// document is read again if it is wanted.
final class DocumentParse: Sendable {
    struct Waiter {
        var serial: Int
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    struct Progress {
        /// The id hash (`ItemIDHash`) of every entry read so far, in document order: the walk
        /// needs to recognise them, the entries themselves carry the ids.
        var ids = ItemIDHashList()
        /// The entries held: `heldFrom ..< heldFrom + held.count`.
        var held: [FeedEntry] = []
        var heldFrom = 0
        /// The feed's title as read up to the latest entry (final once done).
        var title = ""
        /// The whole head, once the document was read to its end.
        var head: FeedHead?
        var error: FeedError?
        var waiters: [Waiter] = []
        var nextSerial = 0
        /// Cursors made to read pages again (a walk forward needs one; each page before the
        /// rereading cursor's place one more).
        var rereadCursors = 0
        /// Entries the loads have waited for so far (`Int.max`: the whole document).
        var demand = 0
        /// The first pass stopped a window ahead of the demand; a load wanting more resumes it.
        var isPaused = false
        /// The first entry of the latest page asked (`entries(at:)`): the window keeps it.
        var lastAsked = 0

        var isDone: Bool { head != nil || error != nil }
        /// Entries read so far.
        var entryCount: Int { ids.count }

        /// The entries at `indices`, when the window holds them all.
        func heldEntries(at indices: [Int32]) -> [FeedEntry]? {
            var out: [FeedEntry] = []
            out.reserveCapacity(indices.count)
            for index in indices {
                let offset = Int(index) - heldFrom
                guard offset >= 0, offset < held.count else { return nil }
                out.append(held[offset])
            }
            return out
        }
    }

    /// Entries held at a time (the first ones while the document is read, then the window a
    /// page read again brought): a page of the largest size and more.
    static let heldEntries = 1_000
    /// Entries read in one block on the parse queue before the next block is queued.
    static let slice = 256

    private let progress = Mutex(Progress())
    private let stopFlag = Atomic<Bool>(false)
    /// What a page outside the window is read again from (nil: the document is held whole).
    private let source: (body: DocumentBytes, contentType: String?, address: String, queue: DispatchQueue)?
    /// The cursor pages outside the window are read through, kept between them.
    private let rereading = Mutex<FeedCursor?>(nil)
    /// The first pass's cursor, between its slices.
    private let firstPass = Mutex<FeedCursor?>(nil)
    /// Called on the queue once the first pass read the document whole.
    private let done: (@Sendable (FeedHead) -> Void)?

    /// Whether the parse was stopped because every load waiting for it was cancelled.
    var isStopped: Bool { stopFlag.load(ordering: .acquiring) }

    /// A document known whole already (WordPress's closing 404: no entries).
    init(finished head: FeedHead, entries: [FeedEntry] = []) {
        source = nil
        done = nil
        progress.withLock {
            $0.head = head
            $0.ids = ItemIDHashList(entries.map { ItemIDHash.of($0.id) })
            $0.held = entries
            $0.title = head.title
        }
    }

    /// Starts parsing `body` on `queue`.
    /// - Parameter done: called on the queue once the document was read whole, before waiters
    ///   see the end (the caller keeps an archive then).
    init(
        parsing body: DocumentBytes, contentType: String?, address: String,
        on queue: DispatchQueue = SyndicationSource.defaultParseQueue,
        done: @escaping @Sendable (FeedHead) -> Void
    ) {
        source = (body, contentType, address, queue)
        self.done = done
        queue.async { [self] in
            do throws(FeedParseError) {
                try firstPass.withLock { slot throws(FeedParseError) in
                    slot = try FeedCursor(body, contentType: contentType, url: URL(string: address), isCancelled: { self.isStopped })
                }
                readSlice()
            } catch {
                failed(error)
            }
        }
    }

    /// One slice of the first pass. The next is queued behind whatever else waits on the queue
    /// (a page read again), so a long document never holds the queue whole; or, once the pass
    /// is a window ahead of what the loads waited for, none is: the pass pauses (no thread, no
    /// CPU) until the pages come within half a window of it (`waitFor(entries:)` and
    /// `entries(at:)` resume it).
    private func readSlice() {
        guard let queue = source?.queue else { return }
        do throws(FeedParseError) {
            let head = try firstPass.withLock { cursor throws(FeedParseError) -> FeedHead? in
                try cursor!.read(upTo: Self.slice) { entry, head in self.append(entry, title: head.title) }
            }
            guard let head else {
                let goesOn = progress.withLock { p -> Bool in
                    // The id list could not keep an id (its file): the parse ends with that error.
                    guard p.error == nil else { return false }
                    guard p.entryCount - Self.heldEntries >= p.demand else { return true }
                    p.isPaused = true
                    return false
                }
                if goesOn { queue.async { [self] in readSlice() } }
                return
            }
            firstPass.withLock { $0 = nil }
            done?(head)
            finish(head: head, error: nil)
        } catch {
            firstPass.withLock { $0 = nil }
            failed(error)
        }
    }

    private func failed(_ error: FeedParseError) {
        if error.kind == .cancelled {
            finish(head: nil, error: FeedError(.cancelled, "the parse was cancelled"))
            return
        }
        let address = source?.address ?? ""
        let host = URL(string: address).map(ArticleFetch.hostName) ?? address
        finish(head: nil, error: FeedError(.decoding, "\(host): \(error.message)"))
    }

    /// Parses `body` here and now, whole (a small document, or one that must be judged before
    /// anything else happens: a site's HTML page, whose feed is discovered instead).
    init(parsingNow body: Data, contentType: String?, address: String) throws(FeedError) {
        source = nil
        done = nil
        do {
            let document = try FeedParser.parse(body, contentType: contentType, url: URL(string: address))
            progress.withLock {
                $0.ids = ItemIDHashList(document.entries.map { ItemIDHash.of($0.id) })
                $0.held = document.entries
                $0.head = document.head
                $0.title = document.head.title
            }
        } catch {
            let host = URL(string: address).map(ArticleFetch.hostName) ?? address
            throw FeedError(.decoding, "\(host): \(error.message)")
        }
    }

    private func append(_ entry: FeedEntry, title: String) {
        let id = ItemIDHash.of(entry.id)
        let ready = progress.withLock { p -> [CheckedContinuation<Void, Never>] in
            // The window follows the first pass while it ends where the pass is (a page read
            // again elsewhere moved it): between one and two windows of the latest entries.
            if p.heldFrom + p.held.count == p.ids.count {
                if p.held.count >= 2 * Self.heldEntries {
                    // Entries before the latest page asked go (the pass pauses a window ahead of
                    // the pages, so that stays within about two windows); a pass that runs on
                    // with nobody asking (a refresh reading documents whole) keeps one window.
                    var drop = min(p.lastAsked - p.heldFrom, p.held.count - Self.heldEntries)
                    if drop <= 0, p.held.count >= 4 * Self.heldEntries { drop = p.held.count - Self.heldEntries }
                    if drop > 0 {
                        p.held.removeFirst(drop)
                        p.heldFrom += drop
                    }
                }
                p.held.append(entry)
            }
            do throws(SpillFileError) {
                try p.ids.append(id)
            } catch {
                let address = source?.address ?? ""
                p.error = FeedError(.decoding, "\(URL(string: address).map(ArticleFetch.hostName) ?? address): \(error.message)")
            }
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
        let count = p.entryCount
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
                let (ready, resumes) = progress.withLock { p -> (Bool, Bool) in
                    if p.isDone || p.entryCount >= count || Task.isCancelled { return (true, false) }
                    p.waiters.append(Waiter(serial: serial, count: count, continuation: continuation))
                    return (false, Self.raiseDemand(&p, to: count))
                }
                if resumes { resumeFirstPass() }
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

    /// Raises the demand; whether a paused first pass should go on (it is then marked running):
    /// when it is less than half a window ahead, so it reads on beside the pages shown from
    /// the window rather than after them.
    private static func raiseDemand(_ p: inout Progress, to count: Int) -> Bool {
        p.demand = max(p.demand, count)
        guard p.isPaused, p.entryCount - heldEntries / 2 < p.demand else { return false }
        p.isPaused = false
        return true
    }

    private func resumeFirstPass() {
        source?.queue.async { [self] in readSlice() }
    }

    /// Loads waiting now.
    var waiterCount: Int { progress.withLock { $0.waiters.count } }

    /// The entries at `indices` (read already): from the window when it holds them, else read
    /// again on the parse queue, which then holds the window from the first of them.
    func entries(at indices: [Int32]) async throws(FeedError) -> [FeedEntry] {
        // What is shown moves the demand on too: the first pass keeps half a window ahead of it.
        let (held, resumes) = progress.withLock { p in
            if let first = indices.min() { p.lastAsked = Int(first) }
            return (p.heldEntries(at: indices), Self.raiseDemand(&p, to: Int(indices.max() ?? -1) + 1))
        }
        if resumes { resumeFirstPass() }
        if let held { return held }
        guard let source else { throw FeedError(.decoding, "feed: entries asked that the document does not hold") }
        let result: Result<[FeedEntry], FeedError> = await withCheckedContinuation { continuation in
            source.queue.async { [self] in continuation.resume(returning: reread(indices, from: source)) }
        }
        return try result.get()
    }

    /// Reads the entries at `indices` again through the rereading cursor (on the parse queue).
    private func reread(
        _ indices: [Int32], from source: (body: DocumentBytes, contentType: String?, address: String, queue: DispatchQueue)
    ) -> Result<[FeedEntry], FeedError> {
        // Another page read them meanwhile.
        if let held = progress.withLock({ $0.heldEntries(at: indices) }) { return .success(held) }
        let first = Int(indices.min() ?? 0)
        let want = max(Int(indices.max() ?? 0) - first + 1, Self.heldEntries)
        let host = URL(string: source.address).map(ArticleFetch.hostName) ?? source.address
        do throws(FeedParseError) {
            let window = try rereading.withLock { slot throws(FeedParseError) -> [FeedEntry] in
                // Forward from where the cursor is, or from the top for a page before it.
                if slot == nil || slot!.count > first {
                    slot = try FeedCursor(source.body, contentType: source.contentType, url: URL(string: source.address))
                    progress.withLock { $0.rereadCursors += 1 }
                }
                let cursor = slot!
                while cursor.count < first {
                    if try cursor.read(upTo: first - cursor.count, onEntry: { _, _ in }) != nil { break }
                }
                var window: [FeedEntry] = []
                window.reserveCapacity(want)
                try cursor.read(upTo: want) { entry, _ in window.append(entry) }
                return window
            }
            let hashes = window.map { ItemIDHash.of($0.id) }
            return progress.withLock { p -> Result<[FeedEntry], FeedError> in
                // The same bytes read the same way give the same entries: anything else is a bug
                // to say, not entries to show under the wrong rows.
                let known = min(window.count, max(0, p.ids.count - first))
                let kept: [Int]
                do throws(SpillFileError) {
                    kept = try p.ids.hashes(first..<first + known)
                } catch {
                    return .failure(FeedError(.decoding, "\(host): \(error.message)"))
                }
                guard known > 0, (0..<known).allSatisfy({ hashes[$0] == kept[$0] }) else {
                    return .failure(FeedError(.decoding, "\(host): the document read differently the second time"))
                }
                p.held = window
                p.heldFrom = first
                return p.heldEntries(at: indices).map { .success($0) }
                    ?? .failure(FeedError(.decoding, "\(host): the document ends before entry \(want + first)"))
            }
        } catch {
            rereading.withLock { $0 = nil }
            return .failure(FeedError(.decoding, "\(host): \(error.message)"))
        }
    }

    /// What was read so far, under one lock: `body` sees the entries, the title, and the head
    /// once done.
    func read<T: Sendable>(_ body: (borrowing Progress) -> T) -> T {
        progress.withLock { body($0) }
    }
}
