// MARK: - Growing and shrinking at the ends

extension Snapshot {
    /// Adds items after the last row, in order.
    ///
    /// An item whose id is already present (in the snapshot or earlier in `items`) adds no
    /// row: it replaces the content of the existing row in place.
    ///
    /// - Parameter items: The items to add.
    /// - Complexity: O(k) amortized, where k is the number of items added, whatever the
    ///   size of the snapshot.
    @inlinable
    public mutating func append<S: Sequence>(contentsOf items: S) where S.Element == Item {
        for item in items {
            append(item)
        }
    }

    /// Adds one item after the last row, or updates the row that already has its id.
    ///
    /// - Parameter item: The item to add.
    /// - Returns: `true` if a row was added, `false` if an existing row was updated.
    /// - Complexity: O(1) amortized.
    @inlinable
    @discardableResult
    public mutating func append(_ item: Item) -> Bool {
        // One hash per item, and the id kept only in its row: the index finds the id's slot or
        // fills it with the next sequence number, checking equality against the rows.
        let base = self.base
        let next = base &+ storage.count
        let hash = indexHash(item.id)
        // The index is moved out while it is written, so the check can read the rows (no copy);
        // the check is asked only of rows whose id has the same hash, and reads them borrowed.
        var index = IDIndex()
        swap(&index, &sequenceNumbers)
        let existing = index.findOrInsert(hash: hash, sequence: next) { sequence in
            storage.withElement(at: sequence &- base) { $0.id == item.id }
        }
        swap(&index, &sequenceNumbers)
        if let existing {
            storage[existing &- base] = item
            return false
        }
        storage.append(item)
        return true
    }

    /// Adds items before the first row, keeping their order: after `prepend(contentsOf: [a, b])`
    /// the snapshot starts with `a, b`.
    ///
    /// Duplicates follow the same rule as `init(_:)`: an id already present in the snapshot
    /// updates that row in place; a duplicate within `items` keeps the row of its first
    /// occurrence with the content of its last.
    ///
    /// - Parameter items: The items to add.
    /// - Complexity: O(k) amortized, where k is the number of items added, whatever the
    ///   size of the snapshot (rows already present are not renumbered).
    @inlinable
    public mutating func prepend<S: Sequence>(contentsOf items: S) where S.Element == Item {
        // The new rows are gathered first (a duplicate within `items` keeps its first place),
        // then put in front one by one, each indexed once its row exists.
        var added = ContiguousArray<Item>()
        var addedHashes = ContiguousArray<Int>()
        var addedIndex = IDIndex()
        for item in items {
            let id = item.id
            let hash = indexHash(id)
            if let sequence = sequenceNumber(of: id, hash: hash) {
                storage[sequence &- base] = item
            } else if let row = addedIndex.findOrInsert(hash: hash, sequence: added.count, isMatch: { added[$0].id == id }) {
                added[row] = item
            } else {
                added.append(item)
                addedHashes.append(hash)
            }
        }
        sequenceNumbers.reserveCapacity(sequenceNumbers.count &+ added.count)
        for offset in added.indices.reversed() {
            base &-= 1
            storage.prepend(added[offset])
            sequenceNumbers.insertNew(hash: addedHashes[offset], sequence: base)
        }
    }

    /// Replaces the content of the row that has the item's id.
    ///
    /// - Parameter item: The new content.
    /// - Returns: The row that was updated, or `nil` (and nothing changes) if no row has the id.
    /// - Complexity: O(1) on average.
    @inlinable
    @discardableResult
    public mutating func update(_ item: Item) -> Int? {
        guard let row = index(of: item.id) else { return nil }
        storage[row] = item
        return row
    }

    /// Removes the first `k` rows.
    ///
    /// - Parameter k: The number of rows to remove; `0...count`.
    /// - Complexity: O(k) amortized.
    @inlinable
    public mutating func removeFirst(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more rows than there are")
        for row in 0..<k {
            unindex(row: row)
        }
        storage.removeFirst(k)
        base &+= k
    }

    /// Removes the last `k` rows.
    ///
    /// - Parameter k: The number of rows to remove; `0...count`.
    /// - Complexity: O(k) amortized.
    @inlinable
    public mutating func removeLast(_ k: Int) {
        precondition(k >= 0 && k <= count, "removing more rows than there are")
        for row in (count - k)..<count {
            unindex(row: row)
        }
        storage.removeLast(k)
    }

    /// Removes every row.
    ///
    /// - Complexity: O(1) (the storage is released, not cleared row by row).
    @inlinable
    public mutating func removeAll() {
        self = Snapshot()
    }
}

// MARK: - The index

extension Snapshot {
    /// Removes the id of `row` (still in storage) from the index.
    @inlinable
    internal mutating func unindex(row: Int) {
        let id = storage[row].id
        let base = self.base
        var index = IDIndex()
        swap(&index, &sequenceNumbers)
        index.remove(hash: indexHash(id)) { storage[$0 &- base].id == id }
        swap(&index, &sequenceNumbers)
    }
}

// MARK: - Replacing rows in the middle

extension Snapshot {
    /// Replaces the rows in `rows` with `newItems`.
    ///
    /// The ids of `newItems` must be unique and must not occur outside `rows`.
    ///
    /// - Complexity: O(m) when the count does not change, else O(m + min(rows before,
    ///   rows after)), where m is the number of rows replaced and added: the shorter side
    ///   of the snapshot is taken off and put back.
    internal mutating func replaceRows(_ rows: Range<Int>, with newItems: [Item]) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= count, "rows out of range")
        if rows.count == newItems.count {
            for row in rows {
                unindex(row: row)
            }
            for (offset, item) in newItems.enumerated() {
                let row = rows.lowerBound + offset
                let hash = indexHash(item.id)
                precondition(sequenceNumber(of: item.id, hash: hash) == nil, "replacement id already present")
                storage[row] = item
                sequenceNumbers.insertNew(hash: hash, sequence: base &+ row)
            }
        } else if rows.lowerBound >= count - rows.upperBound {
            let tail = Array(self[rows.upperBound...])
            removeLast(count - rows.lowerBound)
            let before = count
            append(contentsOf: newItems)
            append(contentsOf: tail)
            precondition(count == before + newItems.count + tail.count, "replacement id already present")
        } else {
            let head = Array(self[..<rows.lowerBound])
            removeFirst(rows.upperBound)
            let before = count
            prepend(contentsOf: head + newItems)
            precondition(count == before + newItems.count + head.count, "replacement id already present")
        }
    }
}
