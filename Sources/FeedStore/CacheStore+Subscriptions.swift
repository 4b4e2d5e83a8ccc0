import FeedModel
import Foundation
import GRDB

extension CacheStore {
    /// What an import changed.
    public struct ImportCount: Sendable, Equatable {
        /// Feeds new to the list.
        public var added: Int
        /// Feeds already listed whose name or tags the import replaced.
        public var updated: Int

        public init(added: Int, updated: Int) {
            self.added = added
            self.updated = updated
        }
    }

    /// Adds imported feeds to the stored list, after those already there, in their order. A
    /// feed already listed keeps its place and takes the import's name (when it has one) and tags.
    ///
    /// - Parameters:
    ///   - subscriptions: the feeds, each with an absolute http(s) URL.
    ///   - time: Unix seconds.
    /// - Returns: how many were added and how many updated.
    @discardableResult
    public func importSubscriptions(_ subscriptions: [Subscription], at time: Double) throws -> ImportCount {
        try write { db in
            var count = ImportCount(added: 0, updated: 0)
            var position = try Int.fetchOne(db, sql: "SELECT MAX(position) FROM subscription") ?? -1
            for subscription in subscriptions {
                let tags = try Self.encodeTags(subscription.tags)
                if let row = try Row.fetchOne(db, sql: "SELECT name, tags FROM subscription WHERE url = ?", arguments: [subscription.url]) {
                    let name: String? = subscription.name ?? row["name"]
                    if name != row["name"] || tags != row["tags"] {
                        try db.execute(
                            sql: "UPDATE subscription SET name = ?, tags = ? WHERE url = ?", arguments: [name, tags, subscription.url])
                        count.updated += 1
                    }
                } else {
                    position += 1
                    try db.execute(
                        sql: "INSERT INTO subscription (url, name, tags, position, addedAt) VALUES (?, ?, ?, ?, ?)",
                        arguments: [subscription.url, subscription.name, tags, position, time])
                    count.added += 1
                }
            }
            return count
        }
    }

    /// The stored (imported) feeds, in the order they were added.
    public func subscriptions() throws -> [Subscription] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT url, name, tags FROM subscription ORDER BY position").map { row in
                Subscription(url: row["url"], name: row["name"], tags: (try? Self.decodeTags(row["tags"])) ?? [])
            }
        }
    }

    /// The room `unreadCounts` makes for a feed's ids, per stored page: a starting size, not a
    /// bound. Most sources' pages hold 20 to 30 items (`defaultPageSize`: 20 for the demo and
    /// most APIs, 25 for syndication and the river, 30 for Hacker News; one asks for 50), so
    /// 32 seldom grows the set; a bigger page (`--page-size`, the subscription list's 1,000)
    /// only makes it grow, which `ItemIDHashSet` does by itself. The page rows do not say how many
    /// ids they hold without reading the lists, which is the work being sized.
    static let idsPerPageGuess = 32

    /// The unread entries of each feed in the cache: the distinct ids of its cached pages that
    /// have no read mark. A feed with no cached page has no count (nil), which is not zero.
    ///
    /// Counted in SQLite from the ids each page is stored with (`v7 page item ids`): no page is
    /// decoded (docs/FEEDS.md has the figures for 50 feeds of 1,000 entries). A feed with a
    /// page stored without ids is counted the old way, decoding its pages.
    ///
    /// - Complexity: O(ids of the feeds' pages × log read marks), in SQLite.
    public func unreadCounts(of feeds: [FeedKey]) throws -> [FeedKey: Int] {
        var counts: [FeedKey: Int] = [:]
        try unreadCounts(of: feeds) { feed, count in counts[feed] = count }
        return counts
    }

    /// `unreadCounts(of:)` handed over feed by feed as each is counted: the subscription list
    /// fills in its rows' counts behind the rows (a feed of 100,000 cached entries takes 30 ms
    /// warm and up to 180 ms read from the disk). The feeds with nothing cached come first, then
    /// the others by how many pages they hold, fewest first (`feeds`' order among equals), so
    /// one long feed holds back only its own row.
    ///
    /// - Parameter each: a feed and its count (nil: no cached page), called on this thread
    ///   before the next feed is counted; what it throws ends the counting (the list's load,
    ///   cancelled) and is thrown. A corrupt file met mid-way is replaced and the count starts
    ///   over on the new (empty) cache, so a feed may be handed over twice: the last wins.
    public func unreadCounts(of feeds: [FeedKey], each: (FeedKey, Int?) throws -> Void) throws {
        try read { db in
            var readIDs: Set<String>?
            var readHashesKept: ItemIDHashSet?
            // What each feed holds, from indexes alone: no page row (and its items) is read.
            var cached: [(feed: FeedKey, id: Int64, pages: Int, withIDs: Int)] = []
            for feed in feeds {
                guard let feedID = try Int64.fetchOne(
                    db, sql: "SELECT id FROM feed WHERE source = ? AND parameters = ?", arguments: [feed.source, feed.parameters])
                else {
                    try each(feed, nil)
                    continue
                }
                let pages = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM page WHERE feedID = ?", arguments: [feedID]) ?? 0
                let withIDs = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pageItemIDs WHERE feedID = ?", arguments: [feedID]) ?? 0
                cached.append((feed, feedID, pages, withIDs))
            }
            let order = cached.indices.sorted { (cached[$0].pages, $0) < (cached[$1].pages, $1) }
            for (feed, feedID, pages, withIDs) in order.map({ cached[$0] }) {
                let read = try readIDs ?? Set(String.fetchAll(db, sql: "SELECT itemID FROM readMark"))
                readIDs = read
                if pages == withIDs {
                    // The id lists read and counted here, by a seeded 64-bit hash of each id's
                    // bytes: SQLite's COUNT(DISTINCT) over json_each took 145 ms for a feed of
                    // 100,000 cached entries, and a set of strings 115 ms. The hashes go into an
                    // `ItemIDHashSet`: a `Set<Int>` hashes each hash again (3–7 ms against 0.7 for
                    // 50,000 inserts and lookups). Two different ids with one hash would count
                    // once (about 1 in 3·10⁹ for 100,000 ids).
                    let readHashes = readHashesKept ?? ItemIDHashSet(read.map(ItemIDHash.of))
                    readHashesKept = readHashes
                    var seen = ItemIDHashSet(minimumCapacity: withIDs * Self.idsPerPageGuess)
                    var unread = 0
                    let lists = try String.fetchCursor(db, sql: "SELECT itemIDs FROM pageItemIDs WHERE feedID = ?", arguments: [feedID])
                    while let list = try lists.next() {
                        Self.forEachID(in: list) { bytes in
                            let hash = ItemIDHash.of(bytes)
                            if seen.insert(hash), !readHashes.contains(hash) { unread += 1 }
                        }
                    }
                    try each(feed, unread)
                    continue
                }
                var unread: Set<String> = []
                let blobs = try Data.fetchCursor(db, sql: "SELECT items FROM page WHERE feedID = ?", arguments: [feedID])
                while let blob = try blobs.next() {
                    // A page written by another version that no longer decodes counts for nothing.
                    guard let items = try? Self.decoder.decode([IDOnly].self, from: blob) else { continue }
                    for item in items where !read.contains(item.id) { unread.insert(item.id) }
                }
                try each(feed, unread.count)
            }
        }
    }

    // MARK: - Helpers

    static func encodeTags(_ tags: [String]) throws -> String {
        String(decoding: try encoder.encode(tags), as: UTF8.self)
    }

    static func decodeTags(_ text: String) throws -> [String] {
        try decoder.decode([String].self, from: Data(text.utf8))
    }
}
