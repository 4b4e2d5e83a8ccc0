/// Following rows through a changeset: where an old row went, and how many rows arrived above
/// a point. This is what lets a view keep the cursor on its item, count what is new above it and
/// carry marks (search matches) across a change without looking at the rows themselves.
extension Changeset {
    /// Maps rows of the old snapshot to rows of the new one.
    ///
    /// Rows that were neither deleted nor moved keep their relative order (that is what `moves`
    /// leaves out), so a kept row's new position is its rank among the kept rows, pushed down by
    /// every inserted or moved-in row before it.
    public struct RowMap: Sendable {
        /// Old rows that are not kept in order: deleted or moved away, ascending.
        private let removed: [Int]
        private let deleted: Set<Int>
        /// New rows that hold no kept row: inserted or moved in, ascending, each minus its own
        /// position in this list (non-decreasing, so it can be searched).
        private let addedShifts: [Int]
        private let moveTargets: [Int: Int]

        init(_ changeset: Changeset) {
            deleted = Set(changeset.deletes)
            moveTargets = Dictionary(changeset.moves.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
            removed = (changeset.deletes + changeset.moves.map(\.from)).sorted()
            let added = (changeset.inserts.map(\.index) + changeset.moves.map(\.to)).sorted()
            addedShifts = added.enumerated().map { $0.element - $0.offset }
        }

        /// The row an old row moved to, or `nil` if it was deleted.
        ///
        /// - Complexity: O(log k), k the number of changes.
        public func newRow(ofOldRow row: Int) -> Int? {
            if deleted.contains(row) { return nil }
            if let target = moveTargets[row] { return target }
            let rank = row - Self.count(removed, below: row)
            return rank + Self.count(addedShifts, below: rank + 1)
        }

        /// How many values of an ascending array are below `bound`.
        private static func count(_ values: [Int], below bound: Int) -> Int {
            var low = 0, high = values.count
            while low < high {
                let mid = (low + high) / 2
                if values[mid] < bound { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    /// The map from old rows to new rows; build it once to follow many rows.
    ///
    /// - Complexity: O(k log k), k the number of changes.
    public var rowMap: RowMap { RowMap(self) }

    /// The row an old row moved to, or `nil` if it was deleted.
    ///
    /// - Complexity: O(k log k); use `rowMap` to follow many rows.
    public func newRow(ofOldRow row: Int) -> Int? { rowMap.newRow(ofOldRow: row) }

    /// The first row the changeset touches: every row above it holds the same item, unchanged,
    /// in both snapshots, so a view laid out row by row keeps its lines above it and lays out
    /// again only from there. Nil when nothing changes.
    ///
    /// - Complexity: O(m), m the number of moves.
    public var firstChangedRow: Int? {
        var first = [deletes.first, inserts.first?.index, updates.first?.index].compactMap { $0 }.min()
        for move in moves { first = min(first ?? .max, move.from, move.to) }
        return first
    }

    /// How many inserted rows sit above a row of the new snapshot.
    ///
    /// - Complexity: O(log k).
    public func insertCount(above row: Int) -> Int {
        var low = 0, high = inserts.count
        while low < high {
            let mid = (low + high) / 2
            if inserts[mid].index < row { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// How many deleted rows lie above `row` of the old snapshot: how far an index at or below
    /// it moves up.
    /// - Complexity: O(log d), `deletes` being sorted.
    public func deleteCount(above row: Int) -> Int {
        var low = 0, high = deletes.count
        while low < high {
            let mid = (low + high) / 2
            if deletes[mid] < row { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
