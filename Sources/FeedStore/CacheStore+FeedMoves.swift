import FeedModel
import Foundation
import GRDB

/// Feeds that moved for good (`feedMove`): a feed that answered 301 or 308 is fetched at its new
/// address from then on, while its identity (cached pages, read marks, saved items, unread
/// counts) stays the URL it is subscribed at, which is this table's key. The user's config is
/// never rewritten; `feedscroll export` writes the new address. Not cache: `clear()` keeps it.
extension CacheStore {
    /// A move as kept: where to, and whether the subscription list has said so.
    public struct StoredFeedMove: Sendable, Equatable {
        public var move: FeedMove
        public var isAnnounced: Bool

        public init(move: FeedMove, isAnnounced: Bool) {
            self.move = move
            self.isAnnounced = isAnnounced
        }
    }

    /// Keeps that the feed subscribed at `url` moved to `move.url`. A move to a new place is
    /// announced again; the same move kept again changes nothing.
    public func storeFeedMove(_ move: FeedMove, of url: String, at time: Double) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO feedMove (url, movedTo, status, movedAt, announced) VALUES (?, ?, ?, ?, 0)
                    ON CONFLICT(url) DO UPDATE SET movedTo = excluded.movedTo, status = excluded.status,
                        movedAt = excluded.movedAt, announced = 0
                    WHERE movedTo != excluded.movedTo
                    """,
                arguments: [url, move.url, move.status, time])
        }
    }

    /// The moves of the feeds subscribed at `urls`; a feed that did not move is left out.
    public func feedMoves(of urls: [String]) throws -> [String: StoredFeedMove] {
        guard !urls.isEmpty else { return [:] }
        let wanted = Set(urls)
        // A row per feed that ever moved: few, read whole.
        return try read { db in
            var moves: [String: StoredFeedMove] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT url, movedTo, status, announced FROM feedMove") {
                let url: String = row["url"]
                guard wanted.contains(url) else { continue }
                moves[url] = StoredFeedMove(move: FeedMove(url: row["movedTo"], status: row["status"]), isAnnounced: row["announced"])
            }
            return moves
        }
    }

    /// The subscription list said these feeds moved: it says it no more.
    public func markFeedMovesAnnounced(_ urls: [String]) throws {
        guard !urls.isEmpty else { return }
        try write { db in
            for url in urls {
                try db.execute(sql: "UPDATE feedMove SET announced = 1 WHERE url = ?", arguments: [url])
            }
        }
    }
}
