import FeedDiff
import FeedModel

/// What `/` looks at in every loaded row (its title, author and URL host), prepared once when
/// the row arrives: the fields' UTF-8 bytes end to end in one buffer, each field followed by a
/// 0 byte, and where each row ends. A keystroke is then a scan of bytes, as grep's is, rather
/// than a walk over the items that finds each URL's host again.
///
/// The bytes are kept as received, not lower-cased: smart case folds while scanning (an ASCII
/// letter of a case-blind pattern matches either case of the byte, as `SearchPattern` does), so
/// one copy serves both cases and a case-sensitive pattern needs no second look at the items.
/// Rows follow the pager's changesets (`follow`), so the text stays row for row with the items.
struct SearchText: Sendable, Equatable {
    /// The rows' fields, each followed by a 0 byte, row after row.
    private(set) var bytes: [UInt8] = []
    /// Where each row's bytes end in `bytes` (a row starts where the one before it ends).
    private(set) var ends: [Int] = []

    init() {}

    /// The text of the given rows, in order.
    init(_ items: some Sequence<FeedItem>) {
        for item in items { append(item) }
    }

    /// The number of rows.
    var count: Int { ends.count }

    /// Adds a row after the last one.
    /// - Complexity: O(length of the item's title, author and URL).
    mutating func append(_ item: FeedItem) {
        bytes.append(contentsOf: item.title.utf8)
        bytes.append(0)
        if let author = item.author { bytes.append(contentsOf: author.utf8) }
        bytes.append(0)
        if let host = item.urlHost { bytes.append(contentsOf: host.utf8) }
        bytes.append(0)
        ends.append(bytes.count)
    }

    /// Follows a change of the rows. Pages added after the last row (the common case) are
    /// appended; any other change rebuilds the buffer, copying the bytes of every row the
    /// change kept in place and preparing only inserted, updated and moved ones.
    ///
    /// - Parameters:
    ///   - changes: the change from the rows this text holds to `items`.
    ///   - items: the rows after the change.
    /// - Complexity: O(k) for k rows added at the end, else O(n log k + bytes).
    mutating func follow(_ changes: Changeset<FeedItem>, to items: Snapshot<FeedItem>) {
        let oldCount = count
        if changes.isEmpty && oldCount == items.count { return }
        if changes.deletes.isEmpty, changes.moves.isEmpty, changes.updates.isEmpty,
           oldCount + changes.inserts.count == items.count,
           changes.inserts.enumerated().allSatisfy({ $0.element.index == oldCount + $0.offset })
        {
            for insert in changes.inserts { append(insert.item) }
            return
        }
        // Old row each new row keeps, or -1 for one to prepare from its item.
        var source = [Int](repeating: -1, count: items.count)
        let map = changes.rowMap
        let moved = Set(changes.moves.map(\.from))
        for row in 0..<oldCount where !moved.contains(row) {
            if let new = map.newRow(ofOldRow: row), new >= 0, new < items.count { source[new] = row }
        }
        for update in changes.updates where update.index < items.count { source[update.index] = -1 }
        var next = SearchText()
        next.bytes.reserveCapacity(bytes.count)
        next.ends.reserveCapacity(items.count)
        for row in items.indices {
            let old = source[row]
            if old < 0 {
                next.append(items[row])
            } else {
                next.bytes.append(contentsOf: bytes[start(of: old)..<ends[old]])
                next.ends.append(next.bytes.count)
            }
        }
        self = next
    }

    /// The rows whose title, author or URL host contains the pattern, ascending.
    ///
    /// - Parameters:
    ///   - needle: the pattern's bytes, folded to lower case unless `isCaseSensitive`; no 0 byte.
    ///   - isCaseSensitive: whether letters must match exactly; otherwise an ASCII letter of
    ///     `needle` matches either case (other bytes match exactly, as `SearchPattern` compares).
    ///   - candidates: rows to check, ascending (the matches of a shorter pattern this one
    ///     extends); nil checks every row.
    /// - Complexity: O(bytes scanned · m) at worst; the first byte is found eight at a time.
    func rows(containing needle: [UInt8], isCaseSensitive: Bool, among candidates: [Int]? = nil) -> [Int] {
        guard !needle.isEmpty, !needle.contains(0) else { return [] }
        let scanner = Scanner(needle: needle, isCaseSensitive: isCaseSensitive)
        return bytes.withUnsafeBufferPointer { buffer -> [Int] in
            guard let base = buffer.baseAddress else { return [] }
            var found: [Int] = []
            if let candidates {
                found.reserveCapacity(candidates.count)
                for row in candidates where row < count {
                    if scanner.firstMatch(in: base, from: start(of: row), to: ends[row]) != nil { found.append(row) }
                }
                return found
            }
            var row = 0
            var position = 0
            while let hit = scanner.firstMatch(in: base, from: position, to: buffer.count) {
                while ends[row] <= hit { row += 1 }
                found.append(row)
                position = ends[row]  // one match makes the row: go on from the next one
                row += 1
            }
            return found
        }
    }

    /// Whether one row contains the pattern (see `rows(containing:isCaseSensitive:among:)`).
    func row(_ row: Int, contains needle: [UInt8], isCaseSensitive: Bool) -> Bool {
        guard row < count, !needle.isEmpty, !needle.contains(0) else { return false }
        let scanner = Scanner(needle: needle, isCaseSensitive: isCaseSensitive)
        return bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { scanner.firstMatch(in: $0, from: start(of: row), to: ends[row]) != nil } ?? false
        }
    }

    // MARK: - Helpers

    private func start(of row: Int) -> Int { row == 0 ? 0 : ends[row - 1] }

    /// A pattern ready to scan for: its bytes, and per byte the bit a case-blind comparison
    /// sets on the text's byte (0x20 for an ASCII letter, which makes `A` read as `a`).
    private struct Scanner {
        let needle: [UInt8]
        let caseBits: [UInt8]
        /// The first byte eight times, and the bits to set on eight text bytes before comparing.
        let firstWord: UInt64
        let firstCaseWord: UInt64

        init(needle: [UInt8], isCaseSensitive: Bool) {
            self.needle = needle
            caseBits = needle.map { !isCaseSensitive && $0 >= 0x61 && $0 <= 0x7A ? 0x20 : 0 }
            firstWord = UInt64(needle[0]) &* 0x0101_0101_0101_0101
            firstCaseWord = UInt64(caseBits[0]) &* 0x0101_0101_0101_0101
        }

        /// Where the pattern first occurs wholly within `from..<to`, if it does.
        func firstMatch(in base: UnsafePointer<UInt8>, from: Int, to end: Int) -> Int? {
            let m = needle.count
            let last = end - m  // the last place a match can start
            var i = from
            while i <= last {
                guard let hit = firstCandidate(in: base, from: i, through: last) else { return nil }
                var j = 1
                while j < m, base[hit + j] | caseBits[j] == needle[j] { j += 1 }
                if j == m { return hit }
                i = hit + 1
            }
            return nil
        }

        /// The first place in `from...last` whose byte matches the pattern's first byte, eight
        /// bytes at a time: a byte equal to the first one becomes 0 after the xor, and the
        /// lowest byte the zero test flags is the first such byte (flags above a true zero can
        /// be false, below it never are).
        private func firstCandidate(in base: UnsafePointer<UInt8>, from: Int, through last: Int) -> Int? {
            var i = from
            let raw = UnsafeRawPointer(base)
            while i + 8 <= last + 1 {
                let word = (UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) | firstCaseWord) ^ firstWord
                let zeros = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if zeros != 0 { return i + zeros.trailingZeroBitCount / 8 }
                i += 8
            }
            let first = needle[0], bits = caseBits[0]
            while i <= last {
                if base[i] | bits == first { return i }
                i += 1
            }
            return nil
        }
    }
}
