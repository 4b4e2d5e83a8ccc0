/// A set of `ItemIDHash` values: open addressing over one array of hashes, probed linearly.
///
/// `Set<Int>` hashes every `Int` again through `Hasher` (SipHash) on each insert and lookup; an
/// id's hash is already seeded and spread over 64 bits, so here its own bits choose the slot.
/// The unread counts of the subscription list insert and look up one hash per cached id, and
/// with a 100,000-entry feed this is the difference between the list's first rows and a pause.
///
/// Zero marks an empty slot, so a hash of zero is kept apart (`hasZero`). The table doubles
/// when it is half full: a miss probes about 2.5 slots at that load.
public struct ItemIDHashSet: Sendable {
    private var slots: [Int]
    private var mask: Int
    private var hasZero = false
    /// How many hashes the set holds.
    public private(set) var count = 0

    /// A set with room for `capacity` hashes before it grows.
    public init(minimumCapacity capacity: Int = 0) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// The set of these hashes.
    public init<S: Sequence>(_ hashes: S) where S.Element == Int {
        self.init(minimumCapacity: hashes.underestimatedCount)
        for hash in hashes { insert(hash) }
    }

    /// Whether the set holds `hash`.
    public func contains(_ hash: Int) -> Bool {
        if hash == 0 { return hasZero }
        return slots.withUnsafeBufferPointer { slots in
            var at = Self.start(hash) & mask
            while true {
                let slot = slots[at]
                if slot == hash { return true }
                if slot == 0 { return false }
                at = (at &+ 1) & mask
            }
        }
    }

    /// Adds `hash`; `true` when it was not there yet.
    @discardableResult
    public mutating func insert(_ hash: Int) -> Bool {
        if hash == 0 {
            defer { hasZero = true }
            if hasZero { return false }
            count += 1
            return true
        }
        if (count + 1) * 2 > slots.count { grow() }
        let mask = mask
        let inserted = slots.withUnsafeMutableBufferPointer { slots -> Bool in
            var at = Self.start(hash) & mask
            while true {
                let slot = slots[at]
                if slot == hash { return false }
                if slot == 0 {
                    slots[at] = hash
                    return true
                }
                at = (at &+ 1) & mask
            }
        }
        if inserted { count += 1 }
        return inserted
    }

    /// The first slot to look at: the hash's high bits folded onto its low ones (the low bits
    /// alone would do for a seeded hash; folding keeps a poor one from clustering).
    @inline(__always)
    private static func start(_ hash: Int) -> Int { hash ^ (hash >> 29) }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: 0, count: old.count * 2)
        mask = slots.count - 1
        let mask = mask
        slots.withUnsafeMutableBufferPointer { slots in
            for hash in old where hash != 0 {
                var at = Self.start(hash) & mask
                while slots[at] != 0 { at = (at &+ 1) & mask }
                slots[at] = hash
            }
        }
    }
}
