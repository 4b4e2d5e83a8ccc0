import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

@Suite struct FeedStoreOpeningTests {
    @Test func anEmptyFileGetsEveryMigrationInWALMode() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("sub/dir/cache.sqlite")
        let opening = CacheStore.open(.file(path))
        let store = try #require(opening.store)
        #expect(opening.warning == nil)
        let applied = try store.pool.read { try CacheStore.migrator.appliedIdentifiers($0) }
        #expect(applied == ["v1 pages", "v2 marks", "v3 feed documents", "v4 subscriptions and saved items", "v5 page notes", "v6 articles", "v7 page item ids", "v8 feed document body last", "v9 feed titles", "v10 feed moves"])
        let mode = try store.pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func anOlderSchemaIsMigratedWithItsPagesKept() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            // A cache written by the version that had only pages.
            let pool = try DatabasePool(path: path)
            try CacheStore.migrator.migrate(pool, upTo: "v1 pages")
            let old = CacheStore(pool: pool, path: path, limitBytes: CacheStore.defaultLimitBytes)
            // Written as that version wrote it (today's writer fills columns it did not have).
            let page = StoreFixtures.page(0)
            try pool.write { db in
                try db.execute(
                    sql: "INSERT INTO feed (source, parameters, usedAt, bytes) VALUES (?, ?, 42, 0)",
                    arguments: [StoreFixtures.feed.source, StoreFixtures.feed.parameters])
                let feedID = db.lastInsertedRowID
                try db.execute(
                    sql: "INSERT INTO page (feedID, key, pageIndex, next, total, items, fetchedAt, bytes) VALUES (?, ?, 0, ?, ?, ?, 42, 10)",
                    arguments: [
                        feedID, try CacheStore.encode(page.key), try page.next.map(CacheStore.encode), page.total,
                        try CacheStore.encoder.encode(page.items),
                    ])
            }
            #expect(throws: DatabaseError.self) { try old.readItemIDs() }
        }
        let opening = CacheStore.open(.file(path))
        let store = try #require(opening.store)
        #expect(opening.warning == nil)
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).map(\.fetchedAt) == [42])
        try store.setRead("hn:0", true, at: 43)
        #expect(try store.readItemIDs() == ["hn:0"])
    }

    @Test func aNewerSchemaIsLeftAloneAndSkipped() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            let store = try StoreFixtures.open(path)
            try store.store(StoreFixtures.page(0), index: 0, of: StoreFixtures.feed, at: 1)
            try store.pool.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v9 future')") }
        }
        let opening = CacheStore.open(.file(path))
        #expect(opening.store == nil)
        #expect(opening.warning == "cache: \(path) was written by a newer feedscroll; running without a cache")
        // Untouched: the newer version still finds its pages.
        let pool = try DatabasePool(path: path)
        #expect(try pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM page") } == 1)
    }

    @Test func aFileThatIsNotADatabaseIsMovedAsideAndAFreshCacheStarts() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        let opening = CacheStore.open(.file(path), now: 1_700_000_000)
        let aside = path + ".corrupt-1700000000"
        #expect(opening.warning == "cache: \(path) was not a readable cache; moved to \(aside), starting empty")
        let store = try #require(opening.store)
        try store.store(StoreFixtures.page(0), index: 0, of: StoreFixtures.feed, at: 1)
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).count == 1)
        #expect(try Data(contentsOf: URL(fileURLWithPath: aside)) == garbage)
    }

    @Test func aDatabaseWithCorruptPagesIsMovedAside() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            let store = try StoreFixtures.open(path)
            for number in 0..<3 {
                try store.store(StoreFixtures.page(number, titleBytes: 2_000), index: number, of: StoreFixtures.feed, at: 1)
            }
            _ = try store.pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
        }
        // Keep the header (the first 100 bytes), scribble over the schema and the tables.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xA5, count: 12_000))
        try handle.close()
        let opening = CacheStore.open(.file(path), now: 5)
        #expect(opening.warning?.hasPrefix("cache: \(path) was not a readable cache; moved to \(path).corrupt-5") == true)
        let store = try #require(opening.store)
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).isEmpty)
    }

    @Test func aLockedCacheIsSkippedAfterTheBusyTimeout() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        _ = try StoreFixtures.open(path)
        // Another program holds the file in exclusive locking mode (as `sqlite3` can).
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "BEGIN EXCLUSIVE")
            try db.execute(sql: "INSERT INTO feed (source, parameters, usedAt) VALUES ('x', '', 0)")
        }
        let started = Date()
        let opening = CacheStore.open(.file(path), busyTimeout: 0.2)
        #expect(opening.store == nil)
        #expect(opening.warning == "cache: \(path) is locked by another program; running without a cache")
        #expect(Date().timeIntervalSince(started) < 5)
        try holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    }

    @Test func anUncreatableDirectoryIsSkipped() throws {
        let scratch = try ScratchDirectory()
        let blocker = scratch.file("file")
        try Data("x".utf8).write(to: URL(fileURLWithPath: blocker))
        let opening = CacheStore.open(.file(blocker + "/feedscroll/cache.sqlite"))
        #expect(opening.store == nil)
        #expect(opening.warning == "cache: cannot create \(blocker)/feedscroll; running without a cache")
    }

    @Test func disabledMeansNoStoreAndNoWarning() {
        let opening = CacheStore.open(.disabled)
        #expect(opening.store == nil)
        #expect(opening.warning == nil)
    }
}
