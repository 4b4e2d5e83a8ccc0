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
        // One hash per item: the defaulted subscript finds the id's slot or makes it, where a
        // lookup then an insert would hash every new id twice.
        let next = base &+ storage.count
        if let existing = Self.claim(&sequenceNumbers[item.id, default: Self.unclaimed], as: next) {
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
        var added = ContiguousArray<Item>()
        var addedRow: [Item.ID: Int] = [:]
        for item in items {
            if let row = index(of: item.id) {
                storage[row] = item
            } else if let row = Self.claim(&addedRow[item.id, default: Self.unclaimed], as: added.count) {
                added[row] = item
            } else {
                added.append(item)
            }
        }
        for item in added.reversed() {
            base &-= 1
            sequenceNumbers[item.id] = base
            storage.prepend(item)
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
            sequenceNumbers[storage[row].id] = nil
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
            sequenceNumbers[storage[row].id] = nil
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

// MARK: - One hash per id

extension Snapshot {
    /// What a slot made by the defaulted subscript holds until `claim` fills it: no sequence
    /// number reaches it (they start at 0 and move by one a row).
    @usableFromInline static var unclaimed: Int { .min }

    /// Fills a dictionary slot that was just made, or reports the value it already held.
    ///
    /// - Returns: `nil` when the slot was new (it now holds `value`), else what it held.
    @inlinable
    static func claim(_ slot: inout Int, as value: Int) -> Int? {
        guard slot == unclaimed else { return slot }
        slot = value
        return nil
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
                sequenceNumbers[storage[row].id] = nil
            }
            for (offset, item) in newItems.enumerated() {
                let row = rows.lowerBound + offset
                precondition(sequenceNumbers[item.id] == nil, "replacement id already present")
                storage[row] = item
                sequenceNumbers[item.id] = base &+ row
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
