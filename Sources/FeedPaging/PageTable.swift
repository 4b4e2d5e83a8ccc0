/// Values by page index, kept as runs of consecutive pages with one value: pages are numbered
/// 0, 1, 2… and a long session drops every one of them in turn, most with the same value (the
/// rows of a full page), so the table of a million-entry feed is a run or two where an array
/// with a slot a page grew 8 bytes a page (0.5 MB at 40,000 pages) and a dictionary tens.
///
/// - Complexity: reading a page: O(log r) for r runs; writing one at either end of a run or
///   next to it: O(log r) (the pager drops and takes back pages at the ends of what it holds);
///   elsewhere O(r).
public struct PageTable<Value: Sendable & Equatable>: Sendable, Equatable {
    /// Runs ascending, none empty, none touching another with the same value.
    private var runs: [(pages: Range<Int>, value: Value)] = []
    /// How many pages have a value.
    public private(set) var count = 0

    public init() {}

    public subscript(page: Int) -> Value? {
        get {
            let at = runIndex(after: page) - 1
            return at >= 0 && runs[at].pages.contains(page) ? runs[at].value : nil
        }
        set {
            guard page >= 0 else { return }
            remove(page)
            if let newValue { insert(page, newValue) }
        }
    }

    /// Removes a page's value and returns it.
    @discardableResult
    public mutating func removeValue(forPage page: Int) -> Value? {
        let value = self[page]
        self[page] = nil
        return value
    }

    /// The runs of pages with one value, ascending.
    public var valueRuns: [(pages: Range<Int>, value: Value)] { runs }

    /// The pages that have a value, ascending, with their values.
    public var entries: [(page: Int, value: Value)] {
        runs.flatMap { run in run.pages.map { (page: $0, value: run.value) } }
    }

    public static func == (lhs: PageTable, rhs: PageTable) -> Bool {
        lhs.count == rhs.count && lhs.runs.elementsEqual(rhs.runs) { $0.pages == $1.pages && $0.value == $1.value }
    }

    // MARK: - Runs

    /// The index of the first run that starts after `page`.
    private func runIndex(after page: Int) -> Int {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].pages.lowerBound <= page { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func remove(_ page: Int) {
        let at = runIndex(after: page) - 1
        guard at >= 0, runs[at].pages.contains(page) else { return }
        count -= 1
        let run = runs[at]
        let below = run.pages.lowerBound..<page, above = (page + 1)..<run.pages.upperBound
        switch (below.isEmpty, above.isEmpty) {
        case (true, true): runs.remove(at: at)
        case (false, true): runs[at].pages = below
        case (true, false): runs[at].pages = above
        case (false, false):
            runs[at].pages = below
            runs.insert((above, run.value), at: at + 1)
        }
    }

    /// Puts a value at a page that has none.
    private mutating func insert(_ page: Int, _ value: Value) {
        count += 1
        let at = runIndex(after: page)  // runs[at - 1] ends at or before `page`, runs[at] starts after it
        let joinsBelow = at > 0 && runs[at - 1].pages.upperBound == page && runs[at - 1].value == value
        let joinsAbove = at < runs.count && runs[at].pages.lowerBound == page + 1 && runs[at].value == value
        switch (joinsBelow, joinsAbove) {
        case (true, true):
            runs[at - 1].pages = runs[at - 1].pages.lowerBound..<runs[at].pages.upperBound
            runs.remove(at: at)
        case (true, false): runs[at - 1].pages = runs[at - 1].pages.lowerBound..<(page + 1)
        case (false, true): runs[at].pages = page..<runs[at].pages.upperBound
        case (false, false): runs.insert((page..<(page + 1), value), at: at)
        }
    }
}

extension PageTable: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (Int, Value)...) {
        for (page, value) in elements { self[page] = value }
    }
}
