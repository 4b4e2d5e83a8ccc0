import GRDB

extension CacheStore {
    /// Records that a thread was opened, with its story's comment count at that moment.
    public func recordVisit(_ visit: ThreadVisit) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO visit (threadID, visitedAt, commentCount) VALUES (?, ?, ?)
                    ON CONFLICT (threadID) DO UPDATE SET visitedAt = excluded.visitedAt, commentCount = excluded.commentCount
                    """,
                arguments: [visit.threadID, visit.visitedAt, visit.commentCount])
        }
    }

    /// Every thread visited, by story id (for `+N new` in the list).
    public func visits() throws -> [String: ThreadVisit] {
        try read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT threadID, visitedAt, commentCount FROM visit")
            return Dictionary(
                rows.map { ($0["threadID"], ThreadVisit(threadID: $0["threadID"], visitedAt: $0["visitedAt"], commentCount: $0["commentCount"])) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// Remembers comments as seen in a thread, so the next visit can mark the others new.
    public func markSeen(_ commentIDs: [String], in threadID: String) throws {
        guard !commentIDs.isEmpty else { return }
        try write { db in
            for id in commentIDs {
                try db.execute(
                    sql: "INSERT OR IGNORE INTO seenComment (threadID, commentID) VALUES (?, ?)", arguments: [threadID, id])
            }
        }
    }

    /// The comments seen in a thread on earlier visits.
    public func seenComments(in threadID: String) throws -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, sql: "SELECT commentID FROM seenComment WHERE threadID = ?", arguments: [threadID]))
        }
    }
}
