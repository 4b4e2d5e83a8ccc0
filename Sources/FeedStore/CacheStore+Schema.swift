import Foundation
import GRDB

extension CacheStore {
    /// Every schema change, in order. Never edit a registered migration: add one.
    ///
    /// - `v1 pages`: feeds (source + parameters, last use, bytes) and their pages by key.
    /// - `v3 feed documents`: syndication feed documents by URL (archives kept for good, a
    ///   feed's own document with its validators); not counted against the page limit.
    /// - `v2 marks`: read marks by item id, thread visits with their comment count, and the
    ///   comments seen on each visit.
    /// - `v4 subscriptions and saved items`: feeds imported from OPML (URL, name, tags, place)
    ///   and items saved for later (the item as it was, with when). Not cache: neither the page
    ///   limit nor `clear()` touches them.
    /// - `v5 page notes`: a page's own end words (`Page.endNote`) and `cap`, so a feed shown
    ///   from the cache ends as it did when fetched.
    /// - `v6 articles`: the reader's articles by URL.
    /// - `v7 page item ids`: each page's item ids as a JSON array in a table of their own
    ///   (`pageItemIDs`, deleted with their page), so the subscription list's unread counts
    ///   are counted in SQLite (`json_each`) without reading a page's items: a column of
    ///   `page` would sit after the items blob, and SQLite reads a row's overflow pages up to
    ///   the column it wants. Pages cached before are given theirs here, once.
    /// - `v8 feed document body last`: `feedDocument` made again with `body` as its last
    ///   column, for the same reason and one more: a long body is written through SQLite's
    ///   incremental blob I/O into a `zeroblob(n)`, and SQLite keeps a zeroblob's zeros implicit
    ///   only when it ends the record (before, it built 33 MB of zeros in memory, twice, for the
    ///   100,000-entry feed); reading a document's validators no longer reads its body's pages.
    ///   Each body is copied across a chunk at a time through incremental blob I/O
    ///   (`copyDocumentBodies`), never whole in memory (an `INSERT … SELECT body` held it twice:
    ///   a 98 MB peak for a 33 MB document). The schema it makes is the same either way.
    /// - `v9 feed titles`: each feed's own title by the URL it is subscribed at, so the
    ///   subscription list names a feed the config or OPML names not (`CacheStore+FeedTitles`);
    ///   cache (`clear()` empties it).
    /// - `v10 feed moves`: where a feed moved for good (301 or 308) by the URL it is subscribed
    ///   at, and whether the subscription list said so yet (`CacheStore+FeedMoves`). Not cache:
    ///   `clear()` leaves it, as it leaves the subscriptions.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 pages") { db in
            try db.create(table: "feed") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("source", .text).notNull()
                table.column("parameters", .text).notNull()
                table.column("usedAt", .double).notNull()
                table.column("bytes", .integer).notNull().defaults(to: 0)
                table.uniqueKey(["source", "parameters"])
            }
            try db.create(table: "page") { table in
                table.column("feedID", .integer).notNull().references("feed", onDelete: .cascade)
                table.column("key", .text).notNull()
                table.column("pageIndex", .integer).notNull()
                table.column("next", .text)
                table.column("total", .integer)
                table.column("items", .blob).notNull()
                table.column("fetchedAt", .double).notNull()
                table.column("bytes", .integer).notNull()
                table.primaryKey(["feedID", "key"])
            }
            try db.create(index: "page_by_index", on: "page", columns: ["feedID", "pageIndex"])
        }
        migrator.registerMigration("v2 marks") { db in
            try db.create(table: "readMark") { table in
                table.primaryKey("itemID", .text)
                table.column("readAt", .double).notNull()
            }
            try db.create(table: "visit") { table in
                table.primaryKey("threadID", .text)
                table.column("visitedAt", .double).notNull()
                table.column("commentCount", .integer).notNull()
            }
            try db.create(table: "seenComment") { table in
                table.column("threadID", .text).notNull()
                table.column("commentID", .text).notNull()
                table.primaryKey(["threadID", "commentID"])
            }
        }
        migrator.registerMigration("v3 feed documents") { db in
            try db.create(table: "feedDocument") { table in
                table.primaryKey("url", .text)
                table.column("body", .blob).notNull()
                table.column("contentType", .text)
                table.column("etag", .text)
                table.column("lastModified", .text)
                table.column("isArchive", .boolean).notNull()
                table.column("fetchedAt", .double).notNull()
            }
        }
        migrator.registerMigration("v4 subscriptions and saved items") { db in
            try db.create(table: "subscription") { table in
                table.primaryKey("url", .text)
                table.column("name", .text)
                table.column("tags", .text).notNull()
                table.column("position", .integer).notNull()
                table.column("addedAt", .double).notNull()
            }
            try db.create(table: "savedItem") { table in
                table.primaryKey("itemID", .text)
                table.column("item", .blob).notNull()
                table.column("savedAt", .double).notNull()
            }
            try db.create(index: "savedItem_by_time", on: "savedItem", columns: ["savedAt"])
        }
        migrator.registerMigration("v5 page notes") { db in
            try db.alter(table: "page") { table in
                table.add(column: "endNote", .text)
                table.add(column: "cap", .integer)
            }
        }
        migrator.registerMigration("v6 articles") { db in
            try db.create(table: "article") { table in
                table.primaryKey("url", .text)
                table.column("article", .blob).notNull()
                table.column("bytes", .integer).notNull()
                table.column("fetchedAt", .double).notNull()
            }
            try db.create(index: "article_by_time", on: "article", columns: ["fetchedAt"])
        }
        migrator.registerMigration("v7 page item ids") { db in
            try db.execute(sql: """
                CREATE TABLE pageItemIDs (
                    feedID INTEGER NOT NULL, key TEXT NOT NULL, itemIDs TEXT NOT NULL,
                    PRIMARY KEY (feedID, key),
                    FOREIGN KEY (feedID, key) REFERENCES page (feedID, key) ON DELETE CASCADE)
                """)
            // One page at a time (a cache holds up to its bound of items, never all in memory).
            for row in try Row.fetchAll(db, sql: "SELECT feedID, key FROM page") {
                let (feedID, key): (Int64, String) = (row["feedID"], row["key"])
                guard let blob = try Data.fetchOne(db, sql: "SELECT items FROM page WHERE feedID = ? AND key = ?", arguments: [feedID, key])
                else { continue }
                // A page that no longer decodes counted for nothing, and still does.
                let ids = (try? decoder.decode([IDOnly].self, from: blob))?.map(\.id) ?? []
                try db.execute(
                    sql: "INSERT INTO pageItemIDs (feedID, key, itemIDs) VALUES (?, ?, ?)", arguments: [feedID, key, try encodeIDs(ids)])
            }
        }
        migrator.registerMigration("v8 feed document body last") { db in
            // Made again under a new name, this would succeed a second time where another
            // process just ran it (and fail only on GRDB's own record of it, a constraint
            // `openRacing` does not take for a race): fail as a lost `CREATE TABLE` does.
            if try db.columns(in: "feedDocument").last?.name == "body" {
                throw DatabaseError(resultCode: .SQLITE_ERROR, message: "feedDocument already has its body last (another process migrated it)")
            }
            try db.create(table: "feedDocumentBodyLast") { table in
                table.primaryKey("url", .text)
                table.column("contentType", .text)
                table.column("etag", .text)
                table.column("lastModified", .text)
                table.column("isArchive", .boolean).notNull()
                table.column("fetchedAt", .double).notNull()
                table.column("body", .blob).notNull()
            }
            // The rows first, each body its length in zeros (`length` reads no blob's content),
            // then each body copied into its zeros a chunk at a time.
            try db.execute(sql: """
                INSERT INTO feedDocumentBodyLast (url, contentType, etag, lastModified, isArchive, fetchedAt, body)
                SELECT url, contentType, etag, lastModified, isArchive, fetchedAt, zeroblob(length(body)) FROM feedDocument
                """)
            try copyDocumentBodies(db, from: "feedDocument", to: "feedDocumentBodyLast")
            try db.drop(table: "feedDocument")
            try db.rename(table: "feedDocumentBodyLast", to: "feedDocument")
        }
        migrator.registerMigration("v9 feed titles") { db in
            // A feed's own title by its subscribed URL (`CacheStore+FeedTitles`).
            try db.create(table: "feedTitle") { table in
                table.primaryKey("url", .text)
                table.column("title", .text).notNull()
            }
        }
        migrator.registerMigration("v10 feed moves") { db in
            try db.create(table: "feedMove") { table in
                table.primaryKey("url", .text)
                table.column("movedTo", .text).notNull()
                table.column("status", .integer).notNull()
                table.column("movedAt", .double).notNull()
                table.column("announced", .boolean).notNull().defaults(to: false)
            }
        }
        return migrator
    }
}
