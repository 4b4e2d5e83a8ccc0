import GRDB

extension CacheStore {
    /// Brings the cached page bytes under `limitBytes`: whole feeds go, least recently used
    /// first; the feed being written goes last, and then only its farthest pages, so its first
    /// screen stays.
    ///
    /// - Parameters:
    ///   - feedID: the feed just written.
    ///   - db: the open write transaction.
    func evict(keeping feedID: Int64, in db: Database) throws {
        var total = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(bytes), 0) FROM feed") ?? 0
        guard total > limitBytes else { return }
        let others = try Row.fetchAll(
            db, sql: "SELECT id, bytes FROM feed WHERE id != ? ORDER BY usedAt ASC, id ASC", arguments: [feedID])
        for row in others where total > limitBytes {
            try db.execute(sql: "DELETE FROM page WHERE feedID = ?", arguments: [row["id"] as Int64])
            try db.execute(sql: "DELETE FROM feed WHERE id = ?", arguments: [row["id"] as Int64])
            total -= row["bytes"] as Int
        }
        var evicted = 0
        while total > limitBytes {
            guard let row = try Row.fetchOne(
                db, sql: "SELECT pageIndex, bytes FROM page WHERE feedID = ? AND pageIndex > 0 ORDER BY pageIndex DESC LIMIT 1",
                arguments: [feedID])
            else { break }
            try db.execute(sql: "DELETE FROM page WHERE feedID = ? AND pageIndex = ?", arguments: [feedID, row["pageIndex"] as Int])
            total -= row["bytes"] as Int
            evicted += row["bytes"] as Int
        }
        // Less what went, rather than a recount that reads every page of the feed back.
        try db.execute(sql: "UPDATE feed SET bytes = bytes - ? WHERE id = ?", arguments: [evicted, feedID])
    }

    /// Removes every cached page, read mark and visit (`feedscroll cache clear`).
    public func clear() throws {
        try write { db in
            for table in ["page", "feed", "readMark", "visit", "seenComment", "feedDocument", "article", "feedTitle"] {
                try db.execute(sql: "DELETE FROM \(table)")
            }
        }
    }
}
