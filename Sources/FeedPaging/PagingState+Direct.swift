import FeedModel

/// Random access: on feeds whose pages can be addressed directly (offset, page number, a
/// slice of an id list) and whose API reports a total, any row's page can be fetched at once,
/// without the pages before it: `G` goes to the true end, `N%` and `:N` to any position.
extension PagingState {
    /// Whether pages are addressed by position (offset, page number, id slice) rather than by a
    /// token the previous page hands out (cursor, keyset, time).
    public var isAddressable: Bool { Self.directKey(from: firstKey, page: 1, pageSize: pageSize) != nil }

    /// Rows the API will hand out: its total, capped where it stops (`Page.cap`); nil when it
    /// reports none.
    public var reachableTotal: Int? {
        guard let total else { return nil }
        return cap.map { min($0, total) } ?? total
    }

    /// Whether any row's page can be fetched directly: addressable, with a known total.
    public var canJump: Bool { isAddressable && reachableTotal != nil }

    /// The page holding absolute row `row`, as the API lays pages out (`pageSize` rows each).
    public func page(ofAbsoluteRow row: Int) -> Int { max(0, row) / pageSize }

    /// The key of page `index`: the one a page handed out, else, on an addressable feed, the
    /// one its position gives.
    public func key(of index: Int) -> PageKey? {
        keys[index] ?? (isAddressable && index >= 0 ? Self.directKey(from: firstKey, page: index, pageSize: pageSize) : nil)
    }

    /// Goes to absolute row `row` (0-based) when it is not loaded: fetches its page directly and
    /// replaces the rows with it when it arrives (`jump(toPage:)`). Pages above it that were
    /// never loaded count as full pages (`rowsOfUnloadedPage`), so positions stay absolute.
    /// - Returns: the fetch; nothing when the row is loaded, the feed cannot jump, or a refresh runs.
    public mutating func jump(toRow row: Int) -> [PagingEffect] {
        guard canJump, let reachable = reachableTotal, reachable > 0 else { return [] }
        let target = page(ofAbsoluteRow: min(row, reachable - 1))
        if applier.pageRange?.contains(target) == true { return [] }
        return jump(toPage: target)
    }

    /// Rows a page above the applied ones stands for when it was never loaded nor dropped: a
    /// full page on a feed that can jump (the API lays pages out so), none otherwise.
    var rowsOfUnloadedPage: Int { canJump ? pageSize : 0 }

    /// Rows of the pages before `index`: dropped ones as they were, never-loaded ones as full pages.
    func rowsBefore(page index: Int) -> Int {
        var known = 0, pages = 0
        for run in droppedRows.valueRuns where run.pages.lowerBound < index {
            let count = min(run.pages.upperBound, index) - run.pages.lowerBound
            known += count * Int(run.value)
            pages += count
        }
        return known + (index - pages) * rowsOfUnloadedPage
    }

    /// Whether `rowsAbove` counts only rows that were there: every page above the applied ones
    /// was loaded (applied, or dropped with its rows counted), none stands in as a full page. On
    /// a feed whose pages leave items out (HN's dead stories) a stand-in over-counts, so a row
    /// reached by a jump has its true position only once this holds.
    public var rowsAboveAreExact: Bool {
        guard let first = applier.pageRange?.lowerBound, first > 0 else { return true }
        return droppedRows.valueRuns.reduce(0) { $0 + max(0, min($1.pages.upperBound, first) - $1.pages.lowerBound) } == first
    }

    /// Rows of the pages after the applied ones, as far as the last dropped one: dropped ones
    /// as they were, never-loaded ones between as full pages (on a feed that can jump), so
    /// after `G` then `g` the count is the one `G` showed, not the rows held plus the end's.
    public var rowsBelow: Int {
        guard let last = applier.pageRange?.upperBound else { return 0 }
        var known = 0, pages = 0
        var farthest: Int?
        for run in droppedRows.valueRuns where run.pages.upperBound - 1 > last {
            let count = run.pages.upperBound - max(run.pages.lowerBound, last + 1)
            known += count * Int(run.value)
            pages += count
            farthest = run.pages.upperBound - 1
        }
        guard let farthest else { return 0 }
        return known + (farthest - last - pages) * rowsOfUnloadedPage
    }

    // MARK: - Helpers

    /// The key of page `page` from the first key, when pages are addressed by position.
    static func directKey(from first: PageKey, page: Int, pageSize: Int) -> PageKey? {
        switch first {
        case let .offset(offset, _): .offset(offset + page * pageSize, limit: pageSize)
        case let .page(number): .page(number + page)
        case let .idSlice(start, _): .idSlice(start: start + page * pageSize, count: pageSize)
        case .cursor, .keyset, .time: nil
        }
    }
}

extension PagingState {
    /// The dropped page above the applied rows that holds absolute row `row` (page cap), if any.
    public func droppedPage(containingAbsoluteRow row: Int) -> Int? {
        guard let first = applier.pageRange?.lowerBound, row >= 0 else { return nil }
        var start = 0
        for run in droppedRows.valueRuns where run.pages.lowerBound < first && run.value > 0 {
            let rows = Int(run.value)
            let end = start + (min(run.pages.upperBound, first) - run.pages.lowerBound) * rows
            if row < end { return run.pages.lowerBound + (row - start) / rows }
            start = end
        }
        return nil
    }
}

extension PagingState {
    /// Items the API listed that the source left out (Hacker News's deleted and dead stories).
    public var omittedCount: Int { omittedByPage.valueRuns.reduce(0) { $0 + $1.pages.count * Int($1.value) } }
}
