import FeedModel
import Foundation
import GRDB
import Synchronization
import Testing

@testable import FeedStore

/// A cache that notices (issue 24: pages overwritten mid-file opened without complaint, then
/// every write failed with SQLite error 11, seen only in `--log`, and `--offline` said "nothing
/// cached" for ever).
@Suite struct CacheStoreRecoveryTests {
    /// A cache of three pages whose `page` table is scribbled over (its root page), the header,
    /// the schema and the other tables intact: it opens as if nothing were wrong.
    private func corruptInside(_ path: String) throws {
        let root: Int
        let pageSize: Int
        do {
            let store = try StoreFixtures.open(path)
            for number in 0..<3 {
                try store.store(StoreFixtures.page(number), index: number, of: StoreFixtures.feed, at: 1)
            }
            _ = try store.pool.writeWithoutTransaction { try $0.checkpoint(.truncate) }
            root = try #require(try store.pool.read { try Int.fetchOne($0, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'page'") })
            pageSize = try #require(try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA page_size") })
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((root - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xA5, count: pageSize))
        try handle.close()
    }

    @Test func corruptionFoundMidRunMovesTheFileAsideOnceAndANewCacheGoesOn() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        try corruptInside(path)
        let opening = CacheStore.open(.file(path))
        #expect(opening.warning == nil, "the damage is inside: opening does not see it")
        let store = try #require(opening.store)
        let lines = Mutex<[String]>([])
        store.reportRecovery { line in lines.withLock { $0.append(line) } }

        // The first read that meets the damage replaces the file and reads the new one: empty.
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).isEmpty)
        #expect(store.recoveries == 1)
        let reported = lines.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.first?.hasPrefix("cache: \(path) is corrupt (SQLite error 11); moved to \(path).corrupt-") == true)
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.file(""))
        #expect(names.contains { $0.hasPrefix("cache.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })

        // The new cache works: writes land, reads find them, nothing else is said.
        try store.store(StoreFixtures.page(0), index: 0, of: StoreFixtures.feed, at: 2)
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).map(\.fetchedAt) == [2])
        try store.setRead("hn:0", true, at: 3)
        #expect(try store.readItemIDs() == ["hn:0"])
        #expect(lines.withLock { $0.count } == 1)
        #expect(store.recoveries == 1)
    }

    @Test func aWriteThatMeetsTheDamageLandsInTheNewCache() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        try corruptInside(path)
        let store = try #require(CacheStore.open(.file(path)).store)
        // Replacing a page walks the damaged table: the write goes to the new cache instead.
        try store.store(StoreFixtures.page(1), index: 1, of: StoreFixtures.feed, at: 5)
        #expect(store.recoveries == 1)
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(1)).map(\.fetchedAt) == [5])
    }

    /// `--offline` reads a cache it cannot write. (Tests run as root, whom file modes do not
    /// stop, so the read-only opening is asked for directly.)
    @Test func aReadOnlyOpeningReadsThePagesAndWritesNothing() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            let store = try StoreFixtures.open(path)
            try store.store(StoreFixtures.page(0), index: 0, of: StoreFixtures.feed, at: 7)
        }
        let store = try CacheStore.openReadOnly(at: path)
        #expect(store.isReadOnly)
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).map(\.fetchedAt) == [7])
        #expect(throws: DatabaseError.self) { try store.setRead("hn:0", true, at: 8) }
        #expect(store.recoveries == 0)
    }

    @Test func aReadOnlyOpeningRefusesAnIncompleteSchema() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        do {
            let pool = try DatabasePool(path: path)
            try CacheStore.migrator.migrate(pool, upTo: "v1 pages")
        }
        #expect(throws: StoreError.olderSchema) { try CacheStore.openReadOnly(at: path) }
    }
}
