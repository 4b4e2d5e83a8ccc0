import GRDB

extension CacheStore {
    /// Marks an item read or unread. Items are known by id across feeds, so the mark shows in
    /// every feed that lists the same item.
    ///
    /// - Parameters:
    ///   - itemID: the item's namespaced id (`hn:8863`).
    ///   - isRead: read, or unread again (`u`).
    ///   - time: Unix seconds.
    public func setRead(_ itemID: String, _ isRead: Bool, at time: Double) throws {
        try write { db in
            if isRead {
                try db.execute(
                    sql: "INSERT INTO readMark (itemID, readAt) VALUES (?, ?) ON CONFLICT (itemID) DO UPDATE SET readAt = excluded.readAt",
                    arguments: [itemID, time])
            } else {
                try db.execute(sql: "DELETE FROM readMark WHERE itemID = ?", arguments: [itemID])
            }
        }
    }

    /// Every item marked read.
    public func readItemIDs() throws -> Set<String> {
        try read { db in Set(try String.fetchAll(db, sql: "SELECT itemID FROM readMark")) }
    }
}
