/// The changes that turn `old` into `new`, found by id.
///
/// Paul Heckel's algorithm ("A technique for isolating differences between files", 1978).
/// Ids are unique within a snapshot, so every id is one of Heckel's "unique lines" and the
/// old snapshot's own id index is the symbol table: at most one lookup per new item pairs
/// it with its old row (none when the row follows the previous pair, the common case).
/// Unpaired old rows are deletes, unpaired new rows inserts, paired rows with different
/// content updates.
///
/// Moves are minimal: the paired items that keep their relative order form a longest
/// increasing run of old rows read in new order, and only the others are reported as moved.
/// Moving one item from the top to the bottom is one move, not one per item it passed (the
/// offset tracking of DifferenceKit and IGListKit reports every passed item there). Pure
/// inserts and deletes produce no moves.
///
/// - Parameters:
///   - old: The snapshot before.
///   - new: The snapshot after.
/// - Returns: A changeset with `apply(diff(old, new), to: old) == new`.
/// - Complexity: O(n + m) when few items move (each paired item costs O(1) unless it sits
///   out of order), O(n + m log m) in the worst case (e.g. a reversal); n and m are the
///   counts of `old` and `new`.
@inlinable
public func diff<Item>(_ old: Snapshot<Item>, _ new: Snapshot<Item>) -> Changeset<Item> {
    let oldCount = old.count
    let newCount = new.count
    var changeset = Changeset<Item>()
    if oldCount == 0 || newCount == 0 {
        changeset.deletes = Array(0..<oldCount)
        changeset.inserts.reserveCapacity(newCount)
        for row in 0..<newCount {
            changeset.inserts.append(.init(index: row, item: new.storage[row]))
        }
        return changeset
    }

    // Heckel's passes 1-3: pair every new row with its old row through the symbol table.
    // Int32 rows halve the memory the big passes stream through.
    precondition(oldCount <= Int(Int32.max) && newCount <= Int(Int32.max), "snapshot too large to diff")
    var newToOld = ContiguousArray<Int32>(repeating: -1, count: newCount)
    var isPaired = ContiguousArray<Bool>(repeating: false, count: oldCount)
    var inserts: [Changeset<Item>.IndexedItem] = []
    inserts.reserveCapacity(Swift.max(0, newCount - oldCount))
    var updates: [Changeset<Item>.IndexedItem] = []
    var isInOrder = true
    newToOld.withUnsafeMutableBufferPointer { newToOld in
        isPaired.withUnsafeMutableBufferPointer { isPaired in
            var lastPaired = -1
            let seed = IDHash.seed
            for row in 0..<newCount {
                new.storage.withElement(at: row) { item in
                    // Heckel's passes 4-5 in advance: rows mostly come in runs, so the pair is
                    // usually the old row after the last pair, or one or two further on when rows
                    // in between were deleted. Ids are unique, so an id found there IS the pair.
                    // Checking those rows (sequential memory) first spares a hash lookup, which
                    // on a big table is a cache miss. Rows are read borrowed (a new row is copied only
                    // into an insert or an update): no retain and release of what they hold.
                    var oldRow = -1
                    var guess = lastPaired &+ 1
                    let lastGuess = Swift.min(guess &+ 2, oldCount &- 1)
                    while guess <= lastGuess {
                        if old.storage.withElement(at: guess, { isKnownEqual($0.id, item.id) }) {
                            oldRow = guess
                            break
                        }
                        guess &+= 1
                    }
                    if oldRow < 0, let found = old.sequenceNumber(of: item.id, hash: indexHash(item.id, seed: seed)) {
                        oldRow = found &- old.base
                    }
                    if oldRow >= 0 {
                        newToOld[row] = Int32(truncatingIfNeeded: oldRow)
                        isPaired[oldRow] = true
                        if oldRow < lastPaired { isInOrder = false }
                        lastPaired = oldRow
                        if old.storage.withElement(at: oldRow, { $0 != item }) {
                            updates.append(.init(index: row, item: copy item))
                        }
                    } else {
                        inserts.append(.init(index: row, item: copy item))
                    }
                }
            }
        }
    }
    var deletes: [Int] = []
    deletes.reserveCapacity(Swift.max(0, oldCount - newCount))
    for oldRow in 0..<oldCount where !isPaired[oldRow] {
        deletes.append(oldRow)
    }
    changeset.deletes = deletes
    changeset.inserts = inserts
    changeset.updates = updates
    if !isInOrder {
        changeset.moves = movesOutOfOrder(newToOld)
    }
    return changeset
}

/// Whether two ids are known to be equal at a glance, for the diff's guesses: `==`, except for
/// `String` ids, which are compared by their bits (the same storage, or the same small string).
///
/// Equal bits mean equal strings; different bits may still be equal strings (two copies of one
/// id, or canonically equivalent forms), and a guess that says no only costs the hash lookup
/// that then finds the row. A string comparison that fails costs a call into the stdlib and a
/// `memcmp`: most failed guesses were those.
@inlinable @inline(__always)
internal func isKnownEqual<ID: Equatable>(_ left: ID, _ right: ID) -> Bool {
    // The bits are read as a plain value (a trivial bit cast: the ids are not copied or retained).
    guard ID.self == String.self, MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size else {
        return left == right
    }
    return unsafeBitCast(left, to: (UInt64, UInt64).self) == unsafeBitCast(right, to: (UInt64, UInt64).self)
}

/// Replays a changeset.
///
/// - Parameters:
///   - changeset: Changes relative to `old`, e.g. from `diff(old, new)`.
///   - old: The snapshot the changeset was made for.
/// - Returns: The new snapshot.
/// - Precondition: the changeset fits `old`: indices in range, every old row deleted or
///   moved at most once, every new row filled at most once, updates keep the row's id and
///   inserts bring ids that are not already there.
/// - Complexity: O(n + k log k), where n is the size of the result and k the number of
///   inserts and moves (the log factor only if they are not already sorted).
@inlinable
public func apply<Item>(_ changeset: Changeset<Item>, to old: Snapshot<Item>) -> Snapshot<Item> {
    let oldCount = old.count
    let newCount = oldCount - changeset.deletes.count + changeset.inserts.count
    precondition(newCount >= 0, "changeset deletes more rows than there are")

    // Rows that leave their place: deleted, or taken out to be put back elsewhere.
    var isTakenOut = ContiguousArray<Bool>(repeating: false, count: oldCount)
    for oldRow in changeset.deletes {
        precondition(oldRow >= 0 && oldRow < oldCount && !isTakenOut[oldRow], "bad delete \(oldRow)")
        isTakenOut[oldRow] = true
    }
    for move in changeset.moves {
        precondition(
            move.from >= 0 && move.from < oldCount && !isTakenOut[move.from], "bad move \(move)")
        isTakenOut[move.from] = true
    }

    var inserts = changeset.inserts
    if !inserts.isSorted(by: { $0.index < $1.index }) { inserts.sort { $0.index < $1.index } }
    var moves = changeset.moves
    if !moves.isSorted(by: { $0.to < $1.to }) { moves.sort { $0.to < $1.to } }

    // Fill the new rows in order: an insert, a moved item, or the next old row that stayed.
    var rows = ContiguousArray<Item>()
    rows.reserveCapacity(newCount)
    var nextInsert = 0
    var nextMove = 0
    var nextOldRow = 0
    for row in 0..<newCount {
        if nextInsert < inserts.count && inserts[nextInsert].index == row {
            rows.append(inserts[nextInsert].item)
            nextInsert += 1
        } else if nextMove < moves.count && moves[nextMove].to == row {
            rows.append(old.storage[moves[nextMove].from])
            nextMove += 1
        } else {
            while nextOldRow < oldCount && isTakenOut[nextOldRow] { nextOldRow += 1 }
            precondition(nextOldRow < oldCount, "changeset does not fit the snapshot")
            rows.append(old.storage[nextOldRow])
            nextOldRow += 1
        }
    }
    while nextOldRow < oldCount && isTakenOut[nextOldRow] { nextOldRow += 1 }
    precondition(
        nextInsert == inserts.count && nextMove == moves.count && nextOldRow == oldCount,
        "changeset does not fit the snapshot")

    for update in changeset.updates {
        precondition(update.index >= 0 && update.index < newCount, "bad update \(update.index)")
        precondition(rows[update.index].id == update.item.id, "update changes the id of row \(update.index)")
        rows[update.index] = update.item
    }
    let result = Snapshot(rows)
    precondition(result.count == newCount, "changeset inserts an id that is already there")
    return result
}

// MARK: - Minimal moves

/// The paired rows that must move: those outside one longest increasing subsequence of
/// `newToOld` (old rows in new order; `-1` marks an insert and is skipped).
///
/// Patience sorting with back links. An old row larger than the current longest run's end
/// extends it in O(1), which is what almost every row does when few items move.
@inlinable
internal func movesOutOfOrder<Item>(_ newToOld: ContiguousArray<Int32>) -> [Changeset<Item>.Move] {
    let newCount = newToOld.count
    // Scratch space, written before it is read (so left uninitialized): for each paired row,
    // the row before it in its best run, or `staysInOrder` once the longest run is traced.
    let staysInOrder: Int32 = -2
    let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: newCount)
    defer { previous.deallocate() }
    // runEnds[length - 1]: the new row ending the best increasing run of that length so far.
    let runEnds = UnsafeMutableBufferPointer<Int32>.allocate(capacity: newCount)
    defer { runEnds.deallocate() }
    return newToOld.withUnsafeBufferPointer { newToOld in
        var runCount = 0
        for row in 0..<newCount {
            let oldRow = newToOld[row]
            if oldRow < 0 { continue }
            if runCount > 0 && newToOld[Int(runEnds[runCount - 1])] > oldRow {
                var low = 0
                var high = runCount - 1
                while low < high {
                    let middle = (low + high) / 2
                    if newToOld[Int(runEnds[middle])] < oldRow { low = middle + 1 } else { high = middle }
                }
                runEnds[low] = Int32(truncatingIfNeeded: row)
                previous[row] = low > 0 ? runEnds[low - 1] : -1
            } else {
                previous[row] = runCount > 0 ? runEnds[runCount - 1] : -1
                runEnds[runCount] = Int32(truncatingIfNeeded: row)
                runCount += 1
            }
        }
        var row = runCount > 0 ? Int(runEnds[runCount - 1]) : -1
        while row >= 0 {
            let before = Int(previous[row])
            previous[row] = staysInOrder
            row = before
        }
        var moves: [Changeset<Item>.Move] = []
        for row in 0..<newCount where newToOld[row] >= 0 && previous[row] != staysInOrder {
            moves.append(.init(from: Int(newToOld[row]), to: row))
        }
        return moves
    }
}

// MARK: -

extension Collection {
    @inlinable
    internal func isSorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> Bool {
        var iterator = makeIterator()
        guard var previous = iterator.next() else { return true }
        while let next = iterator.next() {
            if areInIncreasingOrder(next, previous) { return false }
            previous = next
        }
        return true
    }
}
