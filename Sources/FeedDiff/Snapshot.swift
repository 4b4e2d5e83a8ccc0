/// An ordered collection of items with unique ids: what the feed shows, row by row.
///
/// Identity (`id`) is kept apart from content (`==`): two snapshots are equal when they hold
/// the same ids in the same order with equal content. Rows are found by id in O(1).
///
/// A snapshot grows and shrinks at both ends in O(page): appending a page costs the same
/// whether the snapshot holds a thousand items or a million, and so does prepending a page
/// that was dropped and is fetched again while scrolling back. Each id maps to an absolute
/// sequence number; the row of an id is its sequence number minus a moving base, so
/// prepending lowers the base instead of renumbering every row.
///
/// Ids are unique by construction: adding an item whose id is already present updates the
/// content of the existing row in place and adds no row.
public struct Snapshot<Item: Identifiable & Equatable> {
    @usableFromInline internal var storage: DoubleEndedArray<Item>
    /// Absolute sequence number of each id (its row is `sequenceNumber - base`), keyed by the
    /// id's hash and checked against the row: each id is stored once, in its row.
    @usableFromInline internal var sequenceNumbers: IDIndex
    /// Sequence number of row 0.
    @usableFromInline internal var base: Int

    /// Creates an empty snapshot.
    @inlinable
    public init() {
        storage = DoubleEndedArray()
        sequenceNumbers = IDIndex()
        base = 0
    }

    /// Creates a snapshot of the given items, in order.
    ///
    /// A duplicate id keeps the row of its FIRST occurrence; each later occurrence replaces
    /// that row's content, so the row shows the content of the last occurrence.
    /// `Snapshot([a1, b, a2])` has the rows `[a2, b]`.
    ///
    /// - Parameter items: The items, possibly with duplicate ids.
    /// - Complexity: O(n), where n is the number of items.
    @inlinable
    public init<S: Sequence>(_ items: S) where S.Element == Item {
        // An array's buffer is taken as the snapshot's storage (`ContiguousArray(_:)` shares it:
        // no row copied or retained); other sequences are copied once.
        self.init(rows: ContiguousArray(items))
    }

    /// A snapshot of `rows`, kept as its storage when their ids are unique (the common case):
    /// the rows are only indexed, each id hashed once and read in place. From the first
    /// duplicate id on, the rest are appended one by one (`append` updates the first row).
    @inlinable
    internal init(rows: ContiguousArray<Item>) {
        base = 0
        var index = IDIndex()
        index.reserveCapacity(rows.count)
        let seed = IDHash.seed
        let unique = rows.withUnsafeBufferPointer { rows -> Int in
            for row in rows.indices {
                let hash = indexHash(rows[row].id, seed: seed)
                let existing = index.findOrInsert(hash: hash, sequence: row) { rows[$0].id == rows[row].id }
                if existing != nil { return row }
            }
            return rows.count
        }
        sequenceNumbers = index
        if unique == rows.count {
            storage = DoubleEndedArray(rows)
            return
        }
        storage = DoubleEndedArray(ContiguousArray(rows[..<unique]))
        for row in unique..<rows.count {
            append(rows[row])
        }
    }

    /// The number of rows.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var count: Int { storage.count }

    /// The row of the item with the given id, or `nil` if no row has that id.
    ///
    /// - Parameter id: The id to look for.
    /// - Returns: The row index in `0..<count`, or `nil`.
    /// - Complexity: O(1) on average (one hash lookup).
    @inlinable
    public func index(of id: Item.ID) -> Int? {
        guard let sequenceNumber = sequenceNumber(of: id, hash: indexHash(id)) else { return nil }
        return sequenceNumber &- base
    }

    /// The sequence number of `id` (whose `indexHash` is `hash`), if a row has it.
    @inlinable
    internal func sequenceNumber(of id: Item.ID, hash: Int) -> Int? {
        let base = self.base
        return sequenceNumbers.lookup(hash: hash) { sequence in
            storage.withElement(at: sequence &- base) { $0.id == id }
        }
    }

    /// Whether a row has the given id.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public func contains(id: Item.ID) -> Bool {
        index(of: id) != nil
    }

    /// The item with the given id, or `nil` if no row has that id.
    ///
    /// - Complexity: O(1) on average.
    @inlinable
    public subscript(id id: Item.ID) -> Item? {
        index(of: id).map { storage[$0] }
    }

    /// The items, in row order.
    ///
    /// - Complexity: O(n).
    @inlinable
    public var items: [Item] { Array(self) }

    /// The ids, in row order.
    ///
    /// - Complexity: O(n).
    @inlinable
    public var ids: [Item.ID] { map(\.id) }
}

// MARK: - Collection

extension Snapshot: RandomAccessCollection {
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { storage.count }

    /// The item in the given row.
    ///
    /// - Complexity: O(1).
    @inlinable
    public subscript(position: Int) -> Item {
        precondition(position >= 0 && position < storage.count, "row out of range")
        return storage[position]
    }
}

// MARK: - Equatable, Sendable, description

extension Snapshot: Equatable {
    /// Two snapshots are equal when they have the same ids in the same order and equal content.
    ///
    /// - Complexity: O(n).
    @inlinable
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for row in 0..<lhs.count {
            let left = lhs.storage[row]
            let right = rhs.storage[row]
            if left.id != right.id || left != right { return false }
        }
        return true
    }
}

extension Snapshot: Sendable where Item: Sendable, Item.ID: Sendable {}

extension Snapshot: CustomStringConvertible {
    public var description: String { "Snapshot(\(items))" }
}
