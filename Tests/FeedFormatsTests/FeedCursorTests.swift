import FeedFormats
import FeedModel
import Foundation
import Testing
import FeedTestSupport

/// A feed read a slice at a time (`FeedCursor`) gives what one whole parse gives: the same
/// entries in the same order with the same ids, the same head and the same errors, on every
/// real-world fixture and however the slices are cut, from memory and from a spooled file alike;
/// a second cursor over the same body gives them again.
@Suite struct FeedCursorTests {
    static let fixtures: [String] = {
        guard let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { !$0.hasSuffix(".opml") && !$0.hasSuffix(".md") }.sorted()
    }()

    /// `body` written to a nameless temporary file, as the transport spools a feed document.
    static func spooled(_ body: Data) throws -> SpooledBody {
        let spool = try BodySpool(in: FileManager.default.temporaryDirectory.path)
        // In uneven pieces, as the network delivers them.
        var at = 0
        var piece = 1
        while at < body.count {
            let end = min(body.count, at + piece)
            try body[at..<end].withUnsafeBytes { raw in try spool.append(raw) }
            at = end
            piece = piece * 3 + 1
        }
        return spool.finish()
    }

    /// Everything a cursor hands over, `slice` entries a call.
    static func readAll(_ body: Data, slice: Int, url: URL?) throws(FeedParseError) -> (entries: [FeedEntry], head: FeedHead, calls: Int) {
        try readAll(.memory(body), slice: slice, url: url)
    }

    static func readAll(
        _ body: DocumentBytes, slice: Int, url: URL?
    ) throws(FeedParseError) -> (entries: [FeedEntry], head: FeedHead, calls: Int) {
        let cursor = try FeedCursor(body, url: url)
        var entries: [FeedEntry] = []
        var calls = 0
        while true {
            calls += 1
            let before = entries.count
            let head = try cursor.read(upTo: slice) { entry, _ in entries.append(entry) }
            #expect(entries.count - before <= slice)
            #expect(cursor.count == entries.count)
            if let head { return (entries, head, calls) }
            #expect(entries.count - before == slice, "a read that stops before the end hands over a whole slice")
        }
    }

    /// Reads `body` whole and by cursor in slices of `slice`, from memory and from a spooled
    /// file: the same entries and head, or the same kind of refusal. `label` names the case in
    /// failures.
    static func expectSameAsWhole(_ body: Data, slice: Int, url: URL?, _ label: String) throws {
        try expectSameAsWhole(body, .memory(body), slice: slice, url: url, label)
        try expectSameAsWhole(body, .spooled(spooled(body)), slice: slice, url: url, "\(label), from a file")
    }

    static func expectSameAsWhole(_ body: Data, _ document: DocumentBytes, slice: Int, url: URL?, _ label: String) {
        let whole: Result<FeedDocument, FeedParseError>
        do throws(FeedParseError) { whole = .success(try FeedParser.parse(body, url: url)) } catch { whole = .failure(error) }
        do throws(FeedParseError) {
            let read = try readAll(document, slice: slice, url: url)
            guard case let .success(document) = whole else {
                Issue.record("\(label): the cursor read what the whole parse refused")
                return
            }
            #expect(read.entries == document.entries, "\(label)")
            #expect(read.head == document.head, "\(label)")
        } catch {
            guard case let .failure(refused) = whole else {
                Issue.record("\(label): the cursor refused what the whole parse read: \(error)")
                return
            }
            #expect(error.kind == refused.kind, "\(label)")
        }
    }

    @Test func everyFixtureReadsTheSameInSlicesAsWhole() throws {
        #expect(Self.fixtures.count >= 25)
        let url = URL(string: "https://feeds.example/feed")
        for name in Self.fixtures {
            let body = try Data(contentsOf: #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)))
            for slice in [1, 2, 7, 1_000] { try Self.expectSameAsWhole(body, slice: slice, url: url, "\(name), slices of \(slice)") }
        }
    }

    /// Documents cut anywhere (inside a tag, a text, an entity) read the same by cursor as
    /// whole: the same entries recovered before the cut, the same repairs.
    @Test func documentsCutAnywhereReadTheSame() throws {
        var documents: [(String, Data)] = try ["newsboat-atom10_1.xml", "feedkit-Ampersand-trimmed.xml", "feedparser-rss10.rdf", "broken-entities-bom-guids.xml"].map {
            ($0, try Data(contentsOf: #require(Bundle.module.url(forResource: "Fixtures/\($0)", withExtension: nil))))
        }
        // Twelve entries over several of the reader's 512-byte chunks.
        documents.append(("twelve entries", Data(FeedStreamingTests.bigRSS(12))))
        for (name, body) in documents {
            for cut in stride(from: 40, to: body.count, by: 23) {
                try Self.expectSameAsWhole(Data(body.prefix(cut)), slice: 3, url: nil, "\(name) cut at \(cut)")
            }
        }
    }

    @Test(.offThePool) func twentyThousandEntriesInSlicesThenAgainFromTheStart() throws {
        let body = Data(FeedStreamingTests.bigRSS(20_000))
        let first = try Self.readAll(body, slice: 256, url: nil)
        #expect(first.entries.count == 20_000)
        #expect(first.calls == 79)  // 78 whole slices, then the last 32 and the end
        #expect(first.entries.enumerated().allSatisfy { $0.element.id == "big-\($0.offset)" })
        #expect(first.head.title == "Big")
        // A second cursor, read part of the way: the same entries again.
        let again = try FeedCursor(body)
        var ids: [String] = []
        #expect(try again.read(upTo: 10_001) { entry, _ in ids.append(entry.id) } == nil)
        #expect(ids == first.entries.prefix(10_001).map(\.id))
    }

    /// A document of several megabytes from its file: the entries the bytes give, in slices,
    /// across the mapping's released pages (a megabyte at a time), then again from the top by a
    /// second cursor over the same file; a document needing a repair, and one in another
    /// charset, read the same from file as from memory.
    @Test(.offThePool) func aSpooledDocumentOfMegabytesReadsAsItsBytes() throws {
        let bytes = Data(FeedStreamingTests.bigRSS(30_000))
        #expect(bytes.count > 3 << 20)
        let file = try Self.spooled(bytes)
        #expect(file.count == bytes.count)
        #expect(file.data() == bytes)
        let fromFile = try Self.readAll(.spooled(file), slice: 256, url: nil)
        let fromMemory = try Self.readAll(bytes, slice: 256, url: nil)
        #expect(fromFile.entries.count == 30_000)
        #expect(fromFile.entries == fromMemory.entries)
        #expect(fromFile.head == fromMemory.head)
        let again = try FeedCursor(.spooled(file))
        var ids: [String] = []
        #expect(try again.read(upTo: 20_001) { entry, _ in ids.append(entry.id) } == nil)
        #expect(ids == fromMemory.entries.prefix(20_001).map(\.id))

        let text = String(decoding: FeedStreamingTests.bigRSS(20_000), as: UTF8.self)
        // An undeclared HTML entity late in the document: the repair pass copies from there on.
        let repaired = text.replacingOccurrences(of: "<title>Entry 19000 &amp; more</title>", with: "<title>Entry 19000 &eacute;&nbsp;</title>")
        // Latin-1 with a byte that is no UTF-8: converted whole.
        let latin1 = try #require(text
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
            .replacingOccurrences(of: "<title>Entry 19000 &amp; more</title>", with: "<title>Entry 19000 café</title>")
            .data(using: .isoLatin1))
        for (name, body) in [("repaired", Data(repaired.utf8)), ("latin-1", latin1)] {
            let memory = try Self.readAll(body, slice: 1_000, url: nil)
            let file = try Self.readAll(.spooled(Self.spooled(body)), slice: 1_000, url: nil)
            #expect(memory.entries.count == 20_000, "\(name)")
            #expect(file.entries == memory.entries, "\(name)")
            #expect(file.head == memory.head, "\(name)")
        }
    }

    @Test func anEmptyOrHTMLFileIsRefusedAsItsBytesAre() throws {
        #expect(throws: FeedParseError.self) { try FeedCursor(.spooled(Self.spooled(Data()))) }
        #expect(throws: FeedParseError.self) {
            try FeedCursor(.spooled(Self.spooled(Data("<!doctype html><html><body>hi</body></html>".utf8))))
        }
    }

    @Test func theHeadStaysOnceTheEndWasRead() throws {
        let cursor = try FeedCursor(Data(FeedStreamingTests.bigRSS(3)))
        var titles: [String] = []
        #expect(try cursor.read(upTo: 2) { entry, _ in titles.append(entry.title) } == nil)
        let head = try #require(try cursor.read(upTo: 10) { entry, _ in titles.append(entry.title) })
        #expect(titles == ["Entry 0 & more", "Entry 1 & more", "Entry 2 & more"])
        #expect(try cursor.read(upTo: 10) { _, _ in Issue.record("an entry after the end") } == head)
        #expect(cursor.count == 3)
    }

    @Test func aReadStopsAfterTheEntryAtWhichItIsCancelled() throws {
        var seen = 0
        let cursor = try FeedCursor(Data(FeedStreamingTests.bigRSS(100)), isCancelled: { seen >= 5 })
        #expect(throws: FeedParseError.self) { try cursor.read(upTo: 50) { _, _ in seen += 1 } }
        #expect(seen == 5)
    }

    @Test func whatIsNoFeedIsRefusedWhenTheCursorIsMade() {
        #expect(throws: FeedParseError.self) { try FeedCursor(Data()) }
        #expect(throws: FeedParseError.self) { try FeedCursor(Data("<!doctype html><html><body>hi</body></html>".utf8)) }
        #expect(throws: FeedParseError.self) { try FeedCursor(Data("just words".utf8)) }
    }
}
