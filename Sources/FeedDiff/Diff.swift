/// The changes that turn `old` into `new`, found by id.
///
/// Paul Heckel's algorithm ("A technique for isolating differences between files", 1978).
/// Ids are unique within a snapshot, so every id is one of Heckel's "unique lines" and the
/// snapshots' own id indexes are the symbol table. No id is hashed again: each slot of the new
/// snapshot's index (an id's hash and its row) is looked up by that hash in the old snapshot's
/// index, which pairs the new row with an old row holding an id of the same hash; walking the
/// new slots in order reads the old index in nearly the same order when the two are of a size.
/// The pass over the new rows then checks each pair's ids (a different id with the same hash
/// is looked up exactly) and compares the contents. Unpaired old rows are deletes, unpaired new
/// rows inserts, paired rows with different content updates.
///
/// Moves are minimal: the paired items that keep their relative order form a longest
/// increasing run of old rows read in new order, and only the others are reported as moved.
/// Moving one item from the top to the bottom is one move, not one per item it passed (the
/// offset tracking of DifferenceKit and IGListKit reports every passed item there). Pure
/// inserts and deletes produce no moves.
///
/// The diff works in memory the calling thread keeps between diffs (`DiffScratch`, about 17
/// bytes a row); it allocates only the changeset it returns, each array at its final size.
///
/// - Parameters:
///   - old: The snapshot before.
///   - new: The snapshot after.
/// - Returns: A changeset with `apply(diff(old, new), to: old) == new`.
/// - Complexity: O(n + m) when few items move (each paired item costs O(1) unless it sits
///   out of order), O(n + m log m) in the worst case (e.g. a reversal); n and m are the
///   counts of `old` and `new`. (A new snapshot whose index is sparse, more than eight slots
///   a row after many removals, is paired by hashing its ids instead of walking its slots.)
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

    // Int32 rows halve the memory the big passes stream through. The scratch holds five of
    // them a new row (old rows in new order, later the move search's back links; the paired
    // rows' new and old rows; the move search's run ends, two a run) and a flag an old row
    // (paired or not), plus one.
    precondition(oldCount <= Int(Int32.max) && newCount <= Int(Int32.max), "snapshot too large to diff")
    let rowsSize = 5 &* newCount &* MemoryLayout<Int32>.stride
    let scratch = DiffScratch.take(byteCount: rowsSize &+ (oldCount &+ 1) &* MemoryLayout<Bool>.stride)
    defer { DiffScratch.giveBack(scratch) }
    let rows = scratch.baseAddress!.bindMemory(to: Int32.self, capacity: 5 &* newCount)
    let newToOld = rows
    newToOld.initialize(repeating: -1, count: newCount)
    let pairedNewRows = rows + newCount
    let pairedOldRows = rows + 2 &* newCount
    // `isPaired[-1]` is a flag no old row owns, for inserts to mark.
    let isPaired = (scratch.baseAddress! + rowsSize).bindMemory(to: Bool.self, capacity: oldCount &+ 1) + 1
    isPaired.initialize(repeating: false, count: oldCount)

    // Rows are read in place through pointers (borrowed: no retain and release of what they
    // hold); a new row is copied only into an insert or an update.
    return old.storage.withUnsafeElements { oldRows in
        new.storage.withUnsafeElements { newRows in
            // Heckel's passes 1-3, by hash: each new row gets the old row whose id has its id's
            // hash (`-1` when none has), from the hashes the indexes keep.
            let seed = IDHash.seed
            let oldBase = old.base
            if new.sequenceNumbers.slots.count <= 8 &* newCount {
                let newBase = new.base
                new.sequenceNumbers.slots.withUnsafeBufferPointer { slots in
                    for slot in slots where slot.sequence != IDIndex.empty {
                        if let oldSequence = old.sequenceNumbers.lookup(hash: slot.hash, isMatch: { _ in true }) {
                            newToOld[slot.sequence &- newBase] = Int32(truncatingIfNeeded: oldSequence &- oldBase)
                        }
                    }
                }
            } else {
                for row in 0..<newCount {
                    let hash = indexHash(newRows[row].pointee.id, seed: seed)
                    if let oldSequence = old.sequenceNumbers.lookup(hash: hash, isMatch: { _ in true }) {
                        newToOld[row] = Int32(truncatingIfNeeded: oldSequence &- oldBase)
                    }
                }
            }

            // Passes 4-5 in new order: check each pair's ids, compare contents. Old rows are
            // read in the order they were paired: mostly one after another. Inserts sit among
            // the paired rows at random, so the loop does not branch on which a row is: an insert
            // is compared with itself (the same, so no update), marks a flag no old row owns and
            // is written both where the next paired row goes and where the next insert goes
            // (paired rows fill `pairedNewRows` from the front, inserts from the back); only the
            // counts tell which write counts.
            var changeset = Changeset<Item>()
            var outOfOrder = false
            var pairedCount = 0
            var insertCount = 0
            var lastPaired = -1
            for row in 0..<newCount {
                let item = newRows[row]
                var oldRow = Int(newToOld[row])
                var oldItem = oldRow >= 0 ? oldRows[Swift.max(oldRow, 0)] : item
                let isSameID = isKnownEqual(oldItem.pointee.id, item.pointee.id) || oldItem.pointee.id == item.pointee.id
                if _slowPath(!isSameID) {
                    // Another id with the same hash (rare: 64 bits, seeded): the exact lookup.
                    let hash = indexHash(item.pointee.id, seed: seed)
                    oldRow = old.sequenceNumber(of: item.pointee.id, hash: hash).map { $0 &- oldBase } ?? -1
                    oldItem = oldRow >= 0 ? oldRows[oldRow] : item
                }
                let isPair = oldRow >= 0
                isPaired[oldRow] = true
                let row32 = Int32(truncatingIfNeeded: row)
                pairedNewRows[newCount &- 1 &- insertCount] = row32
                pairedNewRows[pairedCount] = row32
                pairedOldRows[pairedCount] = Int32(truncatingIfNeeded: oldRow)
                outOfOrder = outOfOrder || (isPair && oldRow < lastPaired)
                lastPaired = isPair ? oldRow : lastPaired
                pairedCount &+= isPair ? 1 : 0
                insertCount &+= isPair ? 0 : 1
                if _slowPath(!(oldItem.pointee == item.pointee)) {
                    changeset.updates.append(.init(index: row, item: item.pointee))
                }
            }
            changeset.inserts = Array(unsafeUninitializedCapacity: insertCount) { inserts, initialized in
                for offset in 0..<insertCount {
                    let row = Int(pairedNewRows[newCount &- 1 &- offset])
                    (inserts.baseAddress! + offset).initialize(to: .init(index: row, item: newRows[row].pointee))
                }
                initialized = insertCount
            }
            // The unpaired old rows, without a branch on each flag (a fifth of them unpaired at
            // random is a mispredicted branch every few rows): each row is written at the end and
            // kept by moving the end past it.
            let deleteCount = oldCount &- pairedCount
            changeset.deletes = Array(unsafeUninitializedCapacity: deleteCount) { deletes, initialized in
                var end = 0
                var oldRow = 0
                while end < deleteCount {
                    deletes[end] = oldRow
                    end &+= isPaired[oldRow] ? 0 : 1
                    oldRow &+= 1
                }
                initialized = end
            }
            if outOfOrder {
                changeset.moves = movesOutOfOrder(
                    newRows: pairedNewRows, oldRows: UnsafeBufferPointer(start: pairedOldRows, count: pairedCount),
                    scratch: (previous: newToOld, runEnds: rows + 3 &* newCount))
            }
            return changeset
        }
    }
}

/// Whether two ids are known to be equal at a glance, for checking the diff's pairs: `==`,
/// except for `String` ids, which are compared by their bits (the same storage, or the same
/// small string).
///
/// Equal bits mean equal strings; different bits may still be equal strings (two copies of one
/// id, or canonically equivalent forms), so the diff falls back to `==` when this says no. It
/// spares the call into the stdlib that `String ==` is, for ids read from the same rows (a
/// snapshot and its edit share their strings).
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

/// The paired rows that must move: those outside one longest increasing subsequence of the
/// paired rows' old rows, read in new order.
///
/// Patience sorting with back links. An old row larger than the current longest run's end
/// extends it in O(1), which is what almost every row does when few items move; that end is
/// kept in a local, and each run end's old row beside its position, so the common case reads
/// no row through another. The rows come paired only (inserts left out), so no branch skips
/// them.
///
/// - Parameters:
///   - newRows: The paired rows, ascending (rows of the new snapshot).
///   - oldRows: Their old rows, in the same order.
///   - scratch: Room written before it is read: `previous`, one `Int32` a paired row; `runEnds`,
///     two.
@inlinable
internal func movesOutOfOrder<Item>(
    newRows: UnsafePointer<Int32>, oldRows: UnsafeBufferPointer<Int32>,
    scratch: (previous: UnsafeMutablePointer<Int32>, runEnds: UnsafeMutablePointer<Int32>)
) -> [Changeset<Item>.Move] {
    let count = oldRows.count
    // For each paired row, the one before it in its best run, or `staysInOrder` once the
    // longest run is traced.
    let staysInOrder: Int32 = -2
    let previous = scratch.previous
    // For each length, the paired row ending the best increasing run of that length so far,
    // and its old row.
    let runEnds = scratch.runEnds
    let runEndOldRows = scratch.runEnds + count
    var runCount = 0
    var lastOldRow: Int32 = -1
    var last: Int32 = -1
    for position in 0..<count {
        let oldRow = oldRows[position]
        let paired = Int32(truncatingIfNeeded: position)
        if oldRow > lastOldRow {
            previous[position] = last
            runEnds[runCount] = paired
            runEndOldRows[runCount] = oldRow
            runCount &+= 1
            lastOldRow = oldRow
            last = paired
        } else {
            var low = 0
            var high = runCount &- 1
            while low < high {
                let middle = (low &+ high) / 2
                if runEndOldRows[middle] < oldRow { low = middle &+ 1 } else { high = middle }
            }
            runEnds[low] = paired
            runEndOldRows[low] = oldRow
            previous[position] = low > 0 ? runEnds[low &- 1] : -1
            if low == runCount &- 1 {
                lastOldRow = oldRow
                last = paired
            }
        }
    }
    var position = Int(last)
    while position >= 0 {
        let before = Int(previous[position])
        previous[position] = staysInOrder
        position = before
    }
    var moves: [Changeset<Item>.Move] = []
    moves.reserveCapacity(count &- runCount)
    for position in 0..<count where previous[position] != staysInOrder {
        moves.append(.init(from: Int(oldRows[position]), to: Int(newRows[position])))
    }
    return moves
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
