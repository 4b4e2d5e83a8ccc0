import FeedModel
import Foundation
import GRDB

extension CacheStore {
    /// Stores a page fetched from the network, replacing whatever the feed held at that index,
    /// marks the feed as just used, and evicts the least recently used feeds past the bound.
    ///
    /// - Parameters:
    ///   - page: the page as fetched (already sanitised by the fetcher).
    ///   - index: its place in the feed (0 is the first page).
    ///   - feed: the feed it belongs to.
    ///   - time: Unix seconds it arrived.
    /// - Complexity: O(page size) plus the eviction, which reads one row per cached feed.
    public func store(_ page: Page, index: Int, of feed: FeedKey, at time: Double) throws {
        try store([PageWrite(page: page, index: index, feed: feed, time: time)])
    }

    /// Stores pages in one transaction, in order, as `store(_:index:of:at:)` stores each: a
    /// pipe's pages arrive faster than one commit each can be written (`StoreWriter` batches
    /// them). Each feed's byte count is updated, and the cache evicted, once per run of its pages.
    ///
    /// A page that eviction would take back at once is neither encoded nor written: one after
    /// the feed's farthest page when another page the size of that one would take the feed past
    /// the cache's bound (eviction takes the farthest pages of the feed being written last, so
    /// a pipe longer than the cache would write nothing but such pages once it is full).
    ///
    /// - Returns: whether each page was written (false for a page skipped so).
    /// - Complexity: O(total items) plus, per run of one feed's pages, the eviction.
    @discardableResult
    public func store(_ writes: [PageWrite]) throws -> [Bool] {
        guard !writes.isEmpty else { return [] }
        // Where each feed stands (its bytes, its farthest page and that page's bytes), to skip
        // the pages that would go at once. Read before the transaction: a page skipped on a
        // stale figure is only not cached.
        var standing: [FeedKey: (bytes: Int, lastIndex: Int, lastBytes: Int)] = [:]
        try read { db in
            for write in writes where standing[write.feed] == nil {
                var feed = (bytes: 0, lastIndex: -1, lastBytes: 0)
                if let row = try Row.fetchOne(
                    db, sql: "SELECT id, bytes FROM feed WHERE source = ? AND parameters = ?",
                    arguments: [write.feed.source, write.feed.parameters])
                {
                    feed.bytes = row["bytes"]
                    if let last = try Row.fetchOne(
                        db, sql: "SELECT pageIndex, bytes FROM page WHERE feedID = ? ORDER BY pageIndex DESC LIMIT 1",
                        arguments: [row["id"] as Int64])
                    {
                        feed.lastIndex = last["pageIndex"]
                        feed.lastBytes = last["bytes"]
                    }
                }
                standing[write.feed] = feed
            }
        }
        // Encoded before the transaction, so the write lock is held for SQL only.
        var rows: [(key: String, next: String?, items: Data, ids: String)?] = []
        rows.reserveCapacity(writes.count)
        for write in writes {
            var feed = standing[write.feed]!
            if write.index > 0 && write.index > feed.lastIndex && feed.bytes + feed.lastBytes > limitBytes {
                rows.append(nil)
                continue
            }
            let row = (
                key: try Self.encode(write.page.key), next: try write.page.next.map(Self.encode),
                items: try Self.encoder.encode(write.page.items), ids: try Self.encodeIDs(write.page.items.map(\.id)))
            let bytes = row.items.count + row.key.utf8.count
            feed.bytes += bytes
            if write.index > feed.lastIndex { (feed.lastIndex, feed.lastBytes) = (write.index, bytes) }
            standing[write.feed] = feed
            rows.append(row)
        }
        try write { db in
            var start = 0
            while start < writes.count {
                let feed = writes[start].feed
                var end = start
                while end < writes.count, writes[end].feed == feed { end += 1 }
                let feedID = try Self.feedID(feed, at: writes[end - 1].time, in: db)
                // The feed's byte count moves by what each page adds less what it replaces: a
                // recount sums every page of the feed, and `bytes` sits after the items blob in
                // a row, so it read the whole feed back for every write (quadratic in a pipe).
                var added = 0
                for offset in start..<end {
                    guard let row = rows[offset] else { continue }
                    let write = writes[offset]
                    // Each condition on its own index: `pageIndex = ? OR key = ?` in one WHERE
                    // searched by feedID alone and read every page row of the feed, for every
                    // page written (quadratic: a 200,000-item pipe took 8.8x --no-cache's time).
                    added -= try Int.fetchOne(
                        db, sql: """
                            SELECT COALESCE(SUM(bytes), 0) FROM (
                                SELECT rowid, bytes FROM page WHERE feedID = ?1 AND pageIndex = ?2
                                UNION SELECT rowid, bytes FROM page WHERE feedID = ?1 AND key = ?3)
                            """,
                        arguments: [feedID, write.index, row.key]) ?? 0
                    added += row.items.count + row.key.utf8.count
                    // One page per index: a page whose key changed (a cursor the API minted anew)
                    // replaces the old one, so a feed's rows stay bounded by its page count.
                    try db.execute(sql: "DELETE FROM page WHERE feedID = ? AND pageIndex = ?", arguments: [feedID, write.index])
                    try db.execute(sql: "DELETE FROM page WHERE feedID = ? AND key = ?", arguments: [feedID, row.key])
                    try db.execute(
                        sql: """
                            INSERT INTO page (feedID, key, pageIndex, next, total, items, fetchedAt, bytes, endNote, cap)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            feedID, row.key, write.index, row.next, write.page.total, row.items, write.time,
                            row.items.count + row.key.utf8.count, write.page.endNote, write.page.cap,
                        ])
                    // Its ids beside it, for the unread counts (deleted with it).
                    try db.execute(
                        sql: "INSERT OR REPLACE INTO pageItemIDs (feedID, key, itemIDs) VALUES (?, ?, ?)", arguments: [feedID, row.key, row.ids])
                }
                try db.execute(sql: "UPDATE feed SET bytes = bytes + ? WHERE id = ?", arguments: [added, feedID])
                try evict(keeping: feedID, in: db)
                start = end
            }
        }
        return rows.map { $0 != nil }
    }

    /// The cached pages of a feed from `firstKey` on, following each page's `next` key, as far
    /// as the cache holds them.
    ///
    /// - Parameters:
    ///   - feed: which feed.
    ///   - firstKey: the key of the first page wanted (the source's first key for a first screen).
    ///   - limit: the most pages to return.
    /// - Returns: the pages in feed order, items sanitised again; empty when nothing is cached.
    ///   A page that no longer decodes (written by another version) ends the chain.
    public func pages(of feed: FeedKey, from firstKey: PageKey, limit: Int = .max) throws -> [CachedPage] {
        var pages: [CachedPage] = []
        var key: String? = try Self.encode(firstKey)
        try read { db in
            guard let feedID = try Int64.fetchOne(
                db, sql: "SELECT id FROM feed WHERE source = ? AND parameters = ?", arguments: [feed.source, feed.parameters])
            else { return }
            var seen: Set<String> = []
            while let current = key, pages.count < limit, seen.insert(current).inserted {
                guard let row = try Row.fetchOne(
                    db, sql: "SELECT pageIndex, next, total, items, fetchedAt, endNote, cap FROM page WHERE feedID = ? AND key = ?",
                    arguments: [feedID, current])
                else { break }
                let next: String? = row["next"]
                // A page stored by an older feedscroll whose items no longer decode is as good as
                // not cached: the chain ends there, and the next fetch stores it anew.
                let nextKey: PageKey?
                if let next {
                    guard let decoded = try? Self.decodeKey(next) else { break }
                    nextKey = decoded
                } else {
                    nextKey = nil
                }
                guard let pageKey = try? Self.decodeKey(current),
                      let items = try? Self.decoder.decode([FeedItem].self, from: row["items"] as Data)
                else { break }
                // The footer's own words (`endNote`, `cap`) come back with the page: a feed shown from
                // the cache ends as honestly as it did when fetched.
                let page = Page(
                    key: pageKey, items: items.map { $0.sanitized() }, next: nextKey, total: row["total"], cap: row["cap"],
                    endNote: (row["endNote"] as String?).map { TextSanitizer.clean($0, mode: .line) })
                pages.append(CachedPage(page: page, index: row["pageIndex"], fetchedAt: row["fetchedAt"]))
                key = next
            }
        }
        return pages
    }

    /// Marks a feed as used now, so eviction takes it last (a run that reads only the cache).
    public func touch(_ feed: FeedKey, at time: Double) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE feed SET usedAt = ? WHERE source = ? AND parameters = ?",
                arguments: [time, feed.source, feed.parameters])
        }
    }

    /// Bytes of cached pages, over every feed.
    public func cachedBytes() throws -> Int {
        try read { db in try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(bytes), 0) FROM feed") ?? 0 }
    }

    /// The cached feeds, most recently used first.
    public func feeds() throws -> [FeedKey] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT source, parameters FROM feed ORDER BY usedAt DESC, id DESC").map {
                FeedKey(source: $0["source"], parameters: $0["parameters"])
            }
        }
    }

    // MARK: - Helpers

    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    static let decoder = JSONDecoder()

    /// A page's item ids as stored beside its items: a JSON array of strings, which SQLite's
    /// `json_each` reads (the unread counts).
    static func encodeIDs(_ ids: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(ids), as: UTF8.self)
    }

    /// A page's id list as `encodeIDs` wrote it (a JSON array of strings), or nil when it is
    /// not one.
    static func decodeIDs(_ text: String) -> [String]? {
        var ids: [String] = []
        let isList = forEachID(in: text) { ids.append(String(decoding: $0, as: UTF8.self)) }
        return isList ? ids : nil
    }

    /// Hands each id of a list `encodeIDs` wrote to `body` as its UTF-8 bytes, without making
    /// strings; false when the text is no such list. Read by hand: ids carry only the escapes
    /// `JSONEncoder` writes for `/`, `"`, `\` and control characters; a list with `\u` is read
    /// by `JSONDecoder` instead.
    @discardableResult
    static func forEachID(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        var text = text
        let outcome = text.withUTF8 { bytes -> Bool? in
            // A `\u` anywhere (or an escaped backslash before a `u`): JSONDecoder reads it all.
            for at in bytes.indices.dropLast() where bytes[at] == UInt8(ascii: "\\") && bytes[at + 1] == UInt8(ascii: "u") {
                return nil
            }
            var index = 0
            func skipSpace() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 } }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return true }
            var scratch: [UInt8] = []
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\"") else { return false }
                index += 1
                let start = index
                var escaped = false
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { escaped = true; index += 1 }
                    index += 1
                }
                guard index < bytes.count else { return false }
                if escaped {
                    scratch.removeAll(keepingCapacity: true)
                    var at = start
                    while at < index {
                        var byte = bytes[at]
                        if byte == UInt8(ascii: "\\") {
                            at += 1
                            switch bytes[at] {
                            case UInt8(ascii: "n"): byte = 0x0A
                            case UInt8(ascii: "t"): byte = 0x09
                            case UInt8(ascii: "r"): byte = 0x0D
                            case UInt8(ascii: "b"): byte = 0x08
                            case UInt8(ascii: "f"): byte = 0x0C
                            default: byte = bytes[at]  // `/`, `"`, `\`
                            }
                        }
                        scratch.append(byte)
                        at += 1
                    }
                    scratch.withUnsafeBufferPointer(body)
                } else {
                    body(UnsafeBufferPointer(rebasing: bytes[start..<index]))
                }
                index += 1
                skipSpace()
                guard index < bytes.count else { return false }
                if bytes[index] == UInt8(ascii: "]") { return true }
                guard bytes[index] == UInt8(ascii: ",") else { return false }
                index += 1
                skipSpace()
            }
            return false
        }
        if let outcome { return outcome }
        // `\u` escapes: read whole by JSONDecoder (no id was handed over yet).
        guard let ids = try? JSONDecoder().decode([String].self, from: Data(text.utf8)) else { return false }
        for var id in ids { id.withUTF8(body) }
        return true
    }

    /// A stored item decoded for its id alone.
    struct IDOnly: Decodable {
        var id: String
    }

    /// A page key as stored: canonical JSON, so equal keys are equal text.
    static func encode(_ key: PageKey) throws -> String {
        String(decoding: try encoder.encode(key), as: UTF8.self)
    }

    static func decodeKey(_ text: String) throws -> PageKey {
        try decoder.decode(PageKey.self, from: Data(text.utf8))
    }

    /// The feed's row id, created on first use; its `usedAt` set to `time`.
    static func feedID(_ feed: FeedKey, at time: Double, in db: Database) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO feed (source, parameters, usedAt) VALUES (?, ?, ?)
                ON CONFLICT (source, parameters) DO UPDATE SET usedAt = excluded.usedAt
                """,
            arguments: [feed.source, feed.parameters, time])
        return try Int64.fetchOne(
            db, sql: "SELECT id FROM feed WHERE source = ? AND parameters = ?", arguments: [feed.source, feed.parameters])!
    }
}
