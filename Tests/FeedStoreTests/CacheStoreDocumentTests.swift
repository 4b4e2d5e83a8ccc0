import FeedModel
import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import FeedStore
import FeedTestSupport

/// Feed documents kept whole: a short one as one value, a long (spooled) one streamed into its
/// blob and back out into a new spool a chunk at a time, byte for byte either way, replaced at
/// its URL with its validators.
@Suite struct CacheStoreDocumentTests {
    /// Bytes no two chunks share (a chunk written at the wrong offset shows), over several chunks.
    static func bytes(_ count: Int, seed: UInt64 = 7) -> Data {
        var state = seed
        return Data((0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        })
    }

    /// Where two bodies first differ, if they do (`#expect(a == b)` on megabytes would have the
    /// failure describe both, byte by byte).
    static func mismatch(_ a: Data?, _ b: Data) -> String? {
        guard let a else { return "none" }
        if let at = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return "differ at byte \(at)" }
        return a.count == b.count ? nil : "\(a.count) bytes against \(b.count)"
    }

    static func spooled(_ data: Data, in directory: String) throws -> SpooledBody {
        let spool = try BodySpool(in: directory)
        try data.withUnsafeBytes { try spool.append($0) }
        return spool.finish()
    }

    static func document(_ url: String, _ contents: DocumentBytes, etag: String? = "\"v1\"") -> StoredFeedDocument {
        StoredFeedDocument(
            url: url, contents: contents, contentType: "application/rss+xml", etag: etag,
            lastModified: "Thu, 26 Nov 2026 10:00:00 GMT", isArchive: false, fetchedAt: 1_800_000_000)
    }

    @Test func aShortDocumentComesBackInMemoryAsItWasKept() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        #expect(try store.feedDocument(at: "https://example.org/feed") == nil)
        let kept = Self.document("https://example.org/feed", .memory(Self.bytes(5_000)))
        try store.storeFeedDocument(kept)
        let back = try #require(try store.feedDocument(at: "https://example.org/feed"))
        guard case .memory = back.contents else { Issue.record("a 5 kB body came back as \(back.contents)"); return }
        #expect(back == kept)
    }

    /// Over three chunks and a bit (the chunk is a megabyte): written from its file and read back
    /// into a new one, every byte in its place, the validators with it.
    @Test(.offThePool) func aLongSpooledDocumentIsStreamedInAndOutByteForByte() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let data = Self.bytes(3 * CacheStore.documentChunkBytes + 12_345)
        let body = try Self.spooled(data, in: scratch.path)
        try store.storeFeedDocument(Self.document("https://example.org/huge", .spooled(body)))
        let stored = try store.read { db in try Data.fetchOne(db, sql: "SELECT body FROM feedDocument") }
        #expect(Self.mismatch(stored, data) == nil, "the blob holds the file's bytes")

        let back = try #require(try store.feedDocument(at: "https://example.org/huge", spoolDirectory: scratch.path))
        guard case .spooled(let file) = back.contents else { Issue.record("a \(data.count)-byte body came back in memory"); return }
        #expect(file !== body, "a new spool, not the one stored")
        #expect(file.count == data.count)
        #expect(Self.mismatch(file.data(), data) == nil)
        #expect(back.etag == "\"v1\"" && back.contentType == "application/rss+xml" && back.fetchedAt == 1_800_000_000)
    }

    /// The threshold is the caller's: at it a body stays in memory, above it it is spooled.
    @Test func theSpoolThresholdDecidesHowABodyComesBack() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let data = Self.bytes(1_000)
        try store.storeFeedDocument(Self.document("https://example.org/feed", .memory(data)))
        let atIt = try #require(try store.feedDocument(at: "https://example.org/feed", spoolsAbove: 1_000))
        let above = try #require(try store.feedDocument(at: "https://example.org/feed", spoolsAbove: 999, spoolDirectory: scratch.path))
        #expect(atIt.contents == .memory(data))
        guard case .spooled(let file) = above.contents else { Issue.record("not spooled above the threshold"); return }
        #expect(file.data() == data)
    }

    /// Documents kept before `v8` (body second of seven columns) come through the migration
    /// whole, and the body is now the row's last column (where SQLite keeps a zeroblob's zeros
    /// implicit).
    @Test func documentsKeptBeforeTheBodyMovedLastComeThroughTheMigration() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        let long = Self.bytes(CacheStore.documentChunkBytes + 99, seed: 4), short = Self.bytes(77, seed: 5)
        do {
            let pool = try DatabasePool(path: path)
            try CacheStore.migrator.migrate(pool, upTo: "v7 page item ids")
            try pool.write { db in
                for (url, body, archive) in [("https://example.org/a", long, true), ("https://example.org/b", short, false)] {
                    try db.execute(
                        sql: """
                            INSERT INTO feedDocument (url, body, contentType, etag, lastModified, isArchive, fetchedAt)
                            VALUES (?, ?, 'application/atom+xml', '"e"', NULL, ?, 12)
                            """,
                        arguments: [url, body, archive])
                }
            }
        }
        let store = try StoreFixtures.open(path)
        let columns = try store.read { db in try db.columns(in: "feedDocument").map(\.name) }
        #expect(columns.last == "body" && columns.count == 7, "\(columns)")
        let a = try #require(try store.feedDocument(at: "https://example.org/a", spoolDirectory: scratch.path))
        #expect(Self.mismatch(a.body, long) == nil)
        #expect(a.isArchive && a.etag == "\"e\"" && a.contentType == "application/atom+xml" && a.lastModified == nil && a.fetchedAt == 12)
        let b = try #require(try store.feedDocument(at: "https://example.org/b"))
        #expect(b.body == short && !b.isArchive)
    }

    /// The `v8` migration copies each body into its new row through incremental blob I/O, a
    /// chunk at a time: SQLite's own memory never holds a body (an `INSERT … SELECT body` held
    /// the largest body twice over), and every size about the chunk's comes through byte for
    /// byte. SQLite counts its memory process-wide, and the suites beside this one use SQLite
    /// at the same time (a rise of 9.5 MB was seen under load; the migration alone makes 2.9),
    /// so the largest body is 32 chunks and the bound 12: a third of one copy of it, with room
    /// for what the neighbours were seen to add.
    @Test(.offThePool) func theBodyLastMigrationCopiesBodiesAChunkAtATime() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        let chunk = CacheStore.documentChunkBytes
        let sizes = [0, 1, chunk - 1, chunk, chunk + 1, 2 * chunk + 5, 32 * chunk]
        let bodies = sizes.enumerated().map { Self.bytes($0.element, seed: UInt64(10 + $0.offset)) }
        do {
            let pool = try DatabasePool(path: path)
            try CacheStore.migrator.migrate(pool, upTo: "v7 page item ids")
            try pool.write { db in
                for (index, body) in bodies.enumerated() {
                    try db.execute(
                        sql: """
                            INSERT INTO feedDocument (url, body, contentType, etag, lastModified, isArchive, fetchedAt)
                            VALUES (?, ?, 'application/feed+json', ?, 'Thu, 26 Nov 2026 10:00:00 GMT', ?, ?)
                            """,
                        arguments: ["https://example.org/\(index)", body, "\"\(index)\"", index % 2 == 0, Double(index)])
                }
            }
        }
        // SQLite counts what it allocates process-wide; the high-water mark from here on is
        // the migration's and what other tests beside it use meanwhile (a few megabytes).
        let before = sqlite3_memory_used()
        sqlite3_memory_highwater(1)
        let store = try StoreFixtures.open(path)
        let rise = sqlite3_memory_highwater(0) - before
        #expect(rise < Int64(12 * chunk), "SQLite's memory rose \(rise) bytes during the migration")
        #expect(try store.read { db in try db.columns(in: "feedDocument").last?.name } == "body")
        for (index, body) in bodies.enumerated() {
            let document = try #require(try store.feedDocument(at: "https://example.org/\(index)", spoolDirectory: scratch.path))
            #expect(Self.mismatch(document.body, body) == nil, "document \(index) of \(body.count) bytes")
            #expect(document.etag == "\"\(index)\"" && document.isArchive == (index % 2 == 0) && document.fetchedAt == Double(index))
            #expect(document.contentType == "application/feed+json" && document.lastModified == "Thu, 26 Nov 2026 10:00:00 GMT")
        }
    }

    /// A long document replaced by a shorter one (and the other way round) leaves no bytes of
    /// the old one behind; an empty spooled body is an empty document.
    @Test(.offThePool) func aDocumentIsReplacedAtItsURLWhateverItsSize() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let url = "https://example.org/feed"
        let long = Self.bytes(CacheStore.documentChunkBytes + 1, seed: 1), short = Self.bytes(300, seed: 2)
        try store.storeFeedDocument(Self.document(url, .spooled(try Self.spooled(long, in: scratch.path))))
        try store.storeFeedDocument(Self.document(url, .memory(short), etag: "\"v2\""))
        #expect(try store.feedDocument(at: url)?.body == short)
        #expect(try store.feedDocument(at: url)?.etag == "\"v2\"")
        let longer = Self.bytes(2 * CacheStore.documentChunkBytes, seed: 3)
        try store.storeFeedDocument(Self.document(url, .spooled(try Self.spooled(longer, in: scratch.path)), etag: "\"v3\""))
        #expect(Self.mismatch(try store.feedDocument(at: url, spoolDirectory: scratch.path)?.body, longer) == nil)
        try store.storeFeedDocument(Self.document(url, .spooled(try Self.spooled(Data(), in: scratch.path))))
        #expect(try store.feedDocument(at: url)?.body == Data())
        #expect(try store.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM feedDocument") } == 1)
    }
}
