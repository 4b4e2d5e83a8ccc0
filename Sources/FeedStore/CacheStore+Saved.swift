import FeedModel
import Foundation
import GRDB

extension CacheStore {
    /// Saves an item for later, as it is now (any source's): saving it again renews the time.
    ///
    /// - Parameters:
    ///   - item: the item, already sanitised (it came through a fetcher).
    ///   - time: Unix seconds.
    public func save(_ item: FeedItem, at time: Double) throws {
        let blob = try Self.encoder.encode(item)
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO savedItem (itemID, item, savedAt) VALUES (?, ?, ?)
                    ON CONFLICT (itemID) DO UPDATE SET item = excluded.item, savedAt = excluded.savedAt
                    """,
                arguments: [item.id, blob, time])
        }
    }

    /// Takes an item off the saved list.
    public func unsave(_ itemID: String) throws {
        try write { db in try db.execute(sql: "DELETE FROM savedItem WHERE itemID = ?", arguments: [itemID]) }
    }

    /// The ids of every saved item.
    public func savedItemIDs() throws -> Set<String> {
        try read { db in Set(try String.fetchAll(db, sql: "SELECT itemID FROM savedItem")) }
    }

    /// Saved items, the latest saved first, `limit` of them after skipping `offset`.
    /// An item that no longer decodes (written by another version) is left out.
    public func savedItems(offset: Int = 0, limit: Int = .max) throws -> [FeedItem] {
        try read { db in
            try Data.fetchAll(
                db, sql: "SELECT item FROM savedItem ORDER BY savedAt DESC, itemID LIMIT ? OFFSET ?",
                arguments: [min(limit, Int(Int32.max)), offset]
            ).compactMap { try? Self.decoder.decode(FeedItem.self, from: $0) }
        }
    }

    /// How many items are saved.
    public func savedItemCount() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM savedItem") ?? 0 }
    }
}
