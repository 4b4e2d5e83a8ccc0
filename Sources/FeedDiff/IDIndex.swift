// MARK: - The id index: each id stored once

/// The index behind `Snapshot`: for each row, its id's hash and its sequence number, in one
/// open-addressed table (linear probing). The id itself is not kept here: it is in the row, and
/// equality is checked against the row (through `isMatch`), so a string id is stored (and
/// retained) once, where a `[ID: Int]` kept a second copy as the key.
///
/// Each id is hashed once on its way in; growing the table moves slots by their stored hash
/// and hashes no id again, and neither does `diff`, which pairs rows by walking the new
/// snapshot's slots and looking their hashes up in the old snapshot's table. A slot's row is
/// `sequence - base` (the snapshot's base); only rows present have slots, and every slot's row
/// holds an id with that hash.
@usableFromInline
internal struct IDIndex: Sendable {
    @usableFromInline
    internal struct Slot: Sendable {
        @usableFromInline var hash: Int
        /// `IDIndex.empty` for a free slot.
        @usableFromInline var sequence: Int

        @inlinable
        init(hash: Int, sequence: Int) {
            self.hash = hash
            self.sequence = sequence
        }
    }

    /// No sequence number reaches it (they start at 0 and move by one a row).
    @inlinable static var empty: Int { .min }

    /// A power of two slots (or none before the first insert).
    @usableFromInline internal var slots: ContiguousArray<Slot>
    @usableFromInline internal var count: Int

    @inlinable
    internal init() {
        slots = []
        count = 0
    }

    /// The most slots used before the table doubles: three quarters.
    @inlinable
    internal static func maximumLoad(capacity: Int) -> Int { capacity &- capacity >> 2 }

    /// Makes room for `capacity` ids without growing.
    @inlinable
    internal mutating func reserveCapacity(_ capacity: Int) {
        var size = Swift.max(slots.count, 8)
        while Self.maximumLoad(capacity: size) < capacity { size &<<= 1 }
        if size != slots.count { resize(to: size) }
    }

    /// The sequence number of the id with this hash that `isMatch` recognises, if present.
    ///
    /// - Parameters:
    ///   - hash: the id's `indexHash`.
    ///   - isMatch: whether the row at a sequence number holds the id (asked only of slots
    ///     whose hash is equal).
    @inlinable
    internal func lookup(hash: Int, isMatch: (Int) -> Bool) -> Int? {
        guard count > 0 else { return nil }
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count &- 1
            var position = hash & mask
            while true {
                let slot = slots[position]
                if slot.sequence == Self.empty { return nil }
                if slot.hash == hash && isMatch(slot.sequence) { return slot.sequence }
                position = (position &+ 1) & mask
            }
        }
    }

    /// Finds the id, or adds it with `sequence` when it is not there.
    ///
    /// - Returns: the sequence number the id already had, or `nil` when it was added.
    @inlinable
    internal mutating func findOrInsert(hash: Int, sequence: Int, isMatch: (Int) -> Bool) -> Int? {
        if count >= Self.maximumLoad(capacity: slots.count) { resize(to: Swift.max(8, slots.count &<< 1)) }
        let added = slots.withUnsafeMutableBufferPointer { slots -> Int? in
            let mask = slots.count &- 1
            var position = hash & mask
            while true {
                let slot = slots[position]
                if slot.sequence == Self.empty {
                    slots[position] = Slot(hash: hash, sequence: sequence)
                    return nil
                }
                if slot.hash == hash && isMatch(slot.sequence) { return slot.sequence }
                position = (position &+ 1) & mask
            }
        }
        if added == nil { count &+= 1 }
        return added
    }

    /// Adds an id known not to be present.
    @inlinable
    internal mutating func insertNew(hash: Int, sequence: Int) {
        if count >= Self.maximumLoad(capacity: slots.count) { resize(to: Swift.max(8, slots.count &<< 1)) }
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count &- 1
            var position = hash & mask
            while slots[position].sequence != Self.empty { position = (position &+ 1) & mask }
            slots[position] = Slot(hash: hash, sequence: sequence)
        }
        count &+= 1
    }

    /// Removes a present id (nothing when it is absent).
    ///
    /// The slots after it in its probe run are shifted back into the hole where their probe
    /// would reach it first (deletion without tombstones), so lookups never slow down.
    @inlinable
    internal mutating func remove(hash: Int, isMatch: (Int) -> Bool) {
        guard count > 0 else { return }
        let removed = slots.withUnsafeMutableBufferPointer { slots -> Bool in
            let mask = slots.count &- 1
            var position = hash & mask
            while true {
                let slot = slots[position]
                if slot.sequence == Self.empty { return false }
                if slot.hash == hash && isMatch(slot.sequence) { break }
                position = (position &+ 1) & mask
            }
            var hole = position
            var next = position
            while true {
                next = (next &+ 1) & mask
                let slot = slots[next]
                if slot.sequence == Self.empty { break }
                // The slot may fill the hole when its home is not in (hole, next], cyclically.
                let home = slot.hash & mask
                let staysPut = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
                if !staysPut {
                    slots[hole] = slot
                    hole = next
                }
            }
            slots[hole] = Slot(hash: 0, sequence: Self.empty)
            return true
        }
        if removed { count &-= 1 }
    }

    /// Rebuilds the table with `size` slots (a power of two), moving each slot by its hash.
    @usableFromInline
    internal mutating func resize(to size: Int) {
        var grown = ContiguousArray(repeating: Slot(hash: 0, sequence: Self.empty), count: size)
        let mask = size &- 1
        grown.withUnsafeMutableBufferPointer { grown in
            for slot in slots where slot.sequence != Self.empty {
                var position = slot.hash & mask
                while grown[position].sequence != Self.empty { position = (position &+ 1) & mask }
                grown[position] = slot
            }
        }
        slots = grown
    }
}
