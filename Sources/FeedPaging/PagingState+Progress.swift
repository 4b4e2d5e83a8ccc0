import FeedModel

/// Progress or stop: a feed whose pages bring nothing new ends, whatever its links promise.
///
/// Going down, the pager remembers the key of every page it has read and how many new rows
/// each page added. It stops asking when
/// - a page links to a key it has already read for another page: a cycle of any length
///   (A → B → A), a page that links to itself;
/// - `barrenPageLimit` pages in a row add no new row and the last still links onward: the same
///   page handed out again under a new cursor or page number, empty pages that link onward, a
///   total that promises pages the API does not fill.
///
/// The page that shows it keeps its items: the feed ends after it (`endPage`), pages fetched
/// ahead are dropped (`cancelUnconfirmed` closes them), and the footer says why with the
/// number of requests made (`stop`), instead of "end of feed". `refresh` starts over.
///
/// Every request going down either adds a row, reads a key never read before, or is one of at
/// most `barrenPageLimit` in a row: a feed of `n` distinct items costs at most
/// `(n + 1) × barrenPageLimit` requests, whatever its links do.
extension PagingState {
    /// What the pager remembers to tell progress from a feed going round.
    ///
    /// Each key read going down is kept as its 64-bit hash with the page it was read for, not
    /// as the key itself: a feed's keys are strings (a cursor names a document and an entry),
    /// and the pager keeps every page's key anyway (`PagingState.keys`, compactly). A hash that
    /// matches is confirmed against the real key of each page it was read for before the feed
    /// is ended, so two keys with one hash never end a feed, and a link back is caught however
    /// many keys share its hash.
    public struct ProgressWatch: Sendable, Equatable {
        /// The first page read going down for each key's hash (`PageKey.hashValue`, masked).
        var pageOfKeyHash: [Int: Int32]
        /// Further pages whose keys have a hash already in `pageOfKeyHash` but are other keys
        /// (empty unless hashes collide).
        var sharedHashPages: [Int: [Int32]] = [:]
        /// Pages in a row, going down, that added no row.
        var barrenRun = 0
        /// Whether every page of that run was empty (rather than repeating rows).
        var isRunEmpty = true
        /// The bits of a key's hash kept: all of them, but for tests that make keys collide.
        var hashMask = -1

        init(firstKey: PageKey) { pageOfKeyHash = [firstKey.hashValue & hashMask: 0] }

        init(keys: PageKeyTable, hashMask: Int) {
            self.hashMask = hashMask
            pageOfKeyHash = [:]
            // The first page a key was handed out for is where it was read.
            for entry in keys.entries where page(of: entry.value, in: keys) == nil {
                add(entry.value, page: entry.page)
            }
        }

        func hash(_ key: PageKey) -> Int { key.hashValue & hashMask }

        /// The pages read for keys with `key`'s hash.
        func pages(hash: Int) -> [Int] {
            guard let first = pageOfKeyHash[hash] else { return [] }
            return [Int(first)] + (sharedHashPages[hash] ?? []).map(Int.init)
        }

        /// The first page read for `key` (whose key in `keys` is `key`), apart from `except`.
        func page(of key: PageKey, in keys: PageKeyTable, except: Int? = nil) -> Int? {
            pages(hash: hash(key)).first { $0 != except && keys[$0] == key }
        }

        /// Remembers that `key` was read for `page`.
        mutating func add(_ key: PageKey, page: Int) {
            let hash = hash(key)
            if pageOfKeyHash[hash] == nil {
                pageOfKeyHash[hash] = Int32(clamping: page)
            } else if !pages(hash: hash).contains(page) {
                sharedHashPages[hash, default: []].append(Int32(clamping: page))
            }
        }
    }

    /// Pages in a row that may add no new row while still linking onward: the fourth ends the
    /// feed. Real feeds do hand out an empty or all-repeated page now and then (a filtered
    /// batch, items that moved up between two requests); four in a row is a loop, and costs
    /// four requests to learn.
    public static let barrenPageLimit = 4

    /// Why the pager stopped asking for pages although the last one linked onward, until
    /// `refresh`: a `.noProgress` error whose message says so and counts the requests.
    public var stop: FeedError? {
        guard isAtEnd else { return nil }
        return stopReason
    }

    // MARK: - Helpers

    /// Checks a page read going down before its next key is kept.
    /// - Returns: false when its next key is one already read for another page (the feed
    ///   then ends after this page, and `stop` says why).
    mutating func checkNextKey(of page: Page, index: Int) -> Bool {
        guard let next = page.next else { return true }
        // A page read for a key with the same hash links back only if its key is `next`.
        if progress.page(of: next, in: keys, except: index + 1) != nil {
            endPage = index + 1
            stopReason = FeedError(
                .noProgress, "the API links back to a page already read — stopped after \(requestCount)",
                isRetryable: false)
            return false
        }
        progress.add(next, page: index + 1)
        return true
    }

    /// Counts the rows the pages just applied going down added, in order, and ends the feed
    /// after the last of them when too many in a row added none.
    mutating func checkRowsAdded(pages: [(index: Int, page: Page)]) {
        for (index, page) in pages {
            guard let rows = applier.rowCount(ofPage: index) else { continue }
            if rows > 0 {
                progress.barrenRun = 0
                progress.isRunEmpty = true
                continue
            }
            progress.barrenRun += 1
            progress.isRunEmpty = progress.isRunEmpty && page.items.isEmpty
        }
        guard progress.barrenRun >= Self.barrenPageLimit, let last = pages.last, last.page.next != nil,
              endPage.map({ $0 > last.index + 1 }) ?? true
        else { return }
        endPage = last.index + 1
        let what = progress.isRunEmpty ? "empty pages that link onward" : "the same page"
        stopReason = FeedError(
            .noProgress, "the API keeps returning \(what) — stopped after \(requestCount)", isRetryable: false)
    }

    private var requestCount: String { requestsIssued == 1 ? "1 request" : "\(requestsIssued) requests" }

    /// Keeps only the bits of `mask` of each key's hash from now on, so that tests can make
    /// different keys share a hash.
    mutating func keepKeyHashBits(_ mask: Int) {
        progress = ProgressWatch(keys: keys, hashMask: mask)
    }

    /// Forgets a stop and what led to it (a refresh starts over with its own keys).
    mutating func resetProgress() {
        progress = ProgressWatch(keys: keys, hashMask: progress.hashMask)
        stopReason = nil
    }
}
