/// The difference between two snapshots, as plain data.
///
/// Indices follow the batch-update convention of list views: `deletes` and each move's
/// `from` are rows of the OLD snapshot; `inserts`, each move's `to` and `updates` are rows
/// of the NEW one. `apply(_:to:)` replays a changeset; `diff(_:_:)` produces one such that
/// `apply(diff(a, b), to: a) == b`. Every array is sorted by its index.
public struct Changeset<Item> {
    /// An item together with its row in the new snapshot.
    public struct IndexedItem {
        /// The row in the new snapshot.
        public var index: Int
        /// The item's content in the new snapshot.
        public var item: Item

        /// Creates an indexed item.
        @inlinable
        public init(index: Int, item: Item) {
            self.index = index
            self.item = item
        }
    }

    /// An item whose position changed relative to the items around it.
    public struct Move: Hashable, Sendable {
        /// The row in the old snapshot.
        public var from: Int
        /// The row in the new snapshot.
        public var to: Int

        /// Creates a move.
        @inlinable
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// Rows of the old snapshot whose ids are gone, ascending.
    public var deletes: [Int]
    /// Items whose ids are new, at their rows in the new snapshot, ascending.
    public var inserts: [IndexedItem]
    /// Items present in both whose relative order changed, ascending by `to`. Items whose
    /// new position is explained by deletes, inserts and other moves are not listed.
    public var moves: [Move]
    /// Items present in both (moved or not) whose content changed, at their rows in the new
    /// snapshot with their new content, ascending.
    public var updates: [IndexedItem]

    /// Creates a changeset; the default is the empty changeset.
    @inlinable
    public init(
        deletes: [Int] = [],
        inserts: [IndexedItem] = [],
        moves: [Move] = [],
        updates: [IndexedItem] = []
    ) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.updates = updates
    }

    /// Whether applying the changeset changes nothing.
    @inlinable
    public var isEmpty: Bool {
        deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty
    }
}

// MARK: - Conformances

extension Changeset.IndexedItem: Equatable where Item: Equatable {}
extension Changeset.IndexedItem: Sendable where Item: Sendable {}
extension Changeset: Equatable where Item: Equatable {}
extension Changeset: Sendable where Item: Sendable {}

extension Changeset.IndexedItem: CustomStringConvertible {
    public var description: String { "\(index): \(item)" }
}

extension Changeset.Move: CustomStringConvertible {
    public var description: String { "\(from)→\(to)" }
}

extension Changeset: CustomStringConvertible {
    public var description: String {
        "Changeset(deletes: \(deletes), inserts: \(inserts), moves: \(moves), updates: \(updates))"
    }
}
