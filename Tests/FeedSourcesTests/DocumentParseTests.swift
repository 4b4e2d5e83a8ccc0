import FeedFormats
import FeedModel
import Foundation
import Testing

@testable import FeedSources
import FeedTestSupport

/// The parse of a feed document on a dispatch queue: a deep document does not overflow a
/// dispatch thread's stack, and a parse stops once every load waiting for it was cancelled.
@Suite struct DocumentParseTests {
    static func rss(entries: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>t</title>"
        text.reserveCapacity(entries * 120)
        for index in 0..<entries {
            text += "<item><title>Entry \(index)</title><guid>g\(index)</guid><description>x</description></item>"
        }
        return Array((text + "</channel></rss>").utf8)
    }

    /// Waits for the parse to end however it ends.
    static func finished(_ parse: DocumentParse) async -> (count: Int, head: FeedHead?, error: FeedError?) {
        await parse.waitFor(entries: .max)
        return parse.read { ($0.entryCount, $0.head, $0.error) }
    }

    @Test func aDocumentNestedDeepParsesOnADispatchQueue() async {
        let depth = 100_000
        var text = "<?xml version=\"1.0\"?><feed xmlns=\"http://www.w3.org/2005/Atom\"><title>deep</title>"
        text += "<entry><id>a</id><title>before</title></entry>"
        text += "<entry><id>b</id><title>deep</title><content type=\"xhtml\"><div xmlns=\"http://www.w3.org/1999/xhtml\">"
        text += String(repeating: "<div>", count: depth) + "x" + String(repeating: "</div>", count: depth)
        text += "</div></content></entry></feed>"
        let queue = DispatchQueue(label: "test.parse")
        let parse = DocumentParse(parsing: .memory(Data(text.utf8)), contentType: nil, address: "https://example.org/deep", on: queue) { _ in }
        let end = await Self.finished(parse)
        // libxml2 refuses the depth (recovering what came before); nothing overflowed.
        #expect(end.count >= 1)
        #expect(end.head != nil || end.error != nil)
    }

    @Test func theParserAsksAfterEachEntryAndStopsWhenToldTo() throws {
        var seen = 0
        #expect(throws: FeedParseError.self) {
            try FeedParser.stream(Self.rss(entries: 1_000), isCancelled: { seen >= 10 }) { _, _ in seen += 1 }
        }
        #expect(seen == 10)
        var json = 0
        let body = "{\"version\":\"https://jsonfeed.org/version/1.1\",\"title\":\"t\",\"items\":["
            + (0..<100).map { "{\"id\":\"\($0)\",\"title\":\"x\"}" }.joined(separator: ",") + "]}"
        do {
            _ = try FeedParser.stream(Array(body.utf8), isCancelled: { json >= 3 }) { _, _ in json += 1 }
            Issue.record("the JSON Feed parse went on")
        } catch {
            #expect(error.kind == .cancelled)
        }
        #expect(json == 3)
    }

    /// The queue is held (suspended) so the parse cannot run ahead of the test: the only load
    /// waiting is cancelled first, then the parse starts and stops at its first entry.
    @Test func aParseStopsWhenItsOnlyWaiterIsCancelled() async throws {
        let total = 10_000
        let queue = DispatchQueue(label: "test.parse")
        queue.suspend()
        let parse = DocumentParse(parsing: .memory(Data(Self.rss(entries: total))), contentType: nil, address: "https://example.org/big", on: queue) { _ in }
        let waiting = Task { await parse.waitFor(entries: total) }
        waiting.cancel()
        await waiting.value
        #expect(parse.isStopped)
        queue.resume()
        let end = await Self.finished(parse)
        #expect(end.error?.kind == .cancelled)
        #expect(end.head == nil)
        #expect(end.count == 1, "stopped at entry \(end.count) of \(total)")
    }

    @Test func aParseGoesOnWhileAnotherLoadStillWaits() async throws {
        let total = 10_000
        let queue = DispatchQueue(label: "test.parse")
        queue.suspend()
        let parse = DocumentParse(parsing: .memory(Data(Self.rss(entries: total))), contentType: nil, address: "https://example.org/big", on: queue) { _ in }
        let staying = Task { await parse.waitFor(entries: total) }
        // The staying load is waiting before the other one comes and goes.
        while parse.waiterCount < 1 { await Task.yield() }
        let leaving = Task { await parse.waitFor(entries: total) }
        leaving.cancel()
        await leaving.value
        #expect(!parse.isStopped)
        queue.resume()
        await staying.value
        let end = await Self.finished(parse)
        #expect(!parse.isStopped)
        #expect(end.count == total)
        #expect(end.head != nil)
    }

    /// `body` in a nameless temporary file, as the transport spools a feed document.
    static func spooled(_ body: Data) throws -> SpooledBody {
        let spool = try BodySpool(in: FileManager.default.temporaryDirectory.path)
        try body.withUnsafeBytes { raw in try spool.append(raw) }
        return spool.finish()
    }

    /// What `/proc/self/fd/N` names, if that descriptor is open.
    static func openFile(_ descriptor: Int32) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
    }

    /// A spooled document's file has no name while it is read (unlinked when made), and is
    /// closed, so gone from the disk, once the parse and the body are released; a page read
    /// again before that reads the same file.
    @Test func aSpooledDocumentsFileIsGoneOnceTheDocumentIsReleased() async throws {
        let total = 3_000
        let body = Data(Self.rss(entries: total))
        var file: SpooledBody? = try Self.spooled(body)
        let descriptor = try #require(file).descriptor
        let name = try #require(file).name
        #expect(!FileManager.default.fileExists(atPath: name), "unlinked as soon as it was made")
        #expect(Self.openFile(descriptor) == name + " (deleted)")
        weak var released = file
        let queue = DispatchQueue(label: "test.parse")
        var parse: DocumentParse? = DocumentParse(
            parsing: .spooled(try #require(file)), contentType: nil, address: "https://example.org/file", on: queue) { _ in }
        file = nil
        let end = await Self.finished(try #require(parse))
        #expect(end.count == total && end.head != nil)
        // Read again from the file, before the window.
        let again = try await try #require(parse).entries(at: [10, 11])
        #expect(again.map(\.id) == ["g10", "g11"])
        #expect(released != nil, "the parse holds its file")
        parse = nil
        // The queue's blocks (which hold the parse while they run) are done and released.
        await Self.drain(queue)
        #expect(released == nil)
        #expect(Self.openFile(descriptor) != name + " (deleted)", "the file's descriptor was closed")
    }

    /// Lets the queue run everything queued on it so far.
    static func drain(_ queue: DispatchQueue) async {
        await withCheckedContinuation { continuation in queue.async { continuation.resume() } }
    }

    /// A long document is read as far as its pages need and a window ahead, then the parse
    /// pauses; it holds its ids and one or two windows of entries. Walking forward needs no
    /// second read; a page before the window is read again through one cursor that walks
    /// forward with the pages, started from the top only for a page before it. Every page
    /// has the entries the whole parse has at those places.
    /// The same from a spooled file as from memory.
    @Test(.offThePool, arguments: [false, true])
    func aLongDocumentIsReadAsFarAsItsPagesNeedAndHoldsOneWindow(fromFile: Bool) async throws {
        let total = 5_000
        let body = Self.rss(entries: total)
        let whole = try FeedParser.parse(body, url: URL(string: "https://example.org/long"))
        let queue = DispatchQueue(label: "test.parse")
        let bytes: DocumentBytes = fromFile ? .spooled(try Self.spooled(Data(body))) : .memory(Data(body))
        let parse = DocumentParse(parsing: bytes, contentType: nil, address: "https://example.org/long", on: queue) { _ in }
        // Nobody waits yet: the pass reads one window (in slices) and pauses.
        var drains = 0
        while !parse.read({ $0.isPaused || $0.isDone }), drains < 100 {
            await Self.drain(queue)
            drains += 1
        }
        let ahead = parse.read { $0.entryCount }
        #expect(parse.read { $0.isPaused && !$0.isDone })
        #expect(ahead >= DocumentParse.heldEntries && ahead < DocumentParse.heldEntries + DocumentParse.slice)
        func page(_ start: Int, _ count: Int = 25) async throws -> [FeedEntry] {
            try await parse.entries(at: (start..<(start + count)).map(Int32.init))
        }
        // Forward through the whole document as a source does: wait for the page and one more.
        for start in stride(from: 0, to: total, by: 25) {
            await parse.waitFor(entries: start + 26)
            #expect(try await page(start) == Array(whole.entries[start..<(start + 25)]), "page at \(start)")
            #expect(parse.read { $0.held.count } <= 2 * DocumentParse.heldEntries)
        }
        let end = await Self.finished(parse)
        #expect(end.count == total && end.head != nil)
        #expect(parse.read { $0.rereadCursors } == 0)
        #expect(parse.read { $0.held.count } <= 4 * DocumentParse.heldEntries)
        // Back to a page before the window: read again from the top, then forward with it.
        #expect(try await page(100, 50) == Array(whole.entries[100..<150]))
        #expect(try await page(2_500) == Array(whole.entries[2_500..<2_525]))
        #expect(parse.read { ($0.rereadCursors, $0.heldFrom) } == (1, 2_500))
        #expect(try await page(50) == Array(whole.entries[50..<75]))
        #expect(parse.read { $0.rereadCursors } == 2)
    }

    /// Pages of the largest size (a pipe's) walk forward from the window too: no second read,
    /// and the window stays within about two windows.
    @Test func largePagesWalkForwardWithoutASecondRead() async throws {
        let total = 6_000
        let body = Self.rss(entries: total)
        let whole = try FeedParser.parse(body, url: URL(string: "https://example.org/long"))
        let parse = DocumentParse(parsing: .memory(Data(body)), contentType: nil, address: "https://example.org/long", on: DispatchQueue(label: "test.parse")) { _ in }
        var largest = 0
        for start in stride(from: 0, to: total, by: 500) {
            await parse.waitFor(entries: start + 501)
            let entries = try await parse.entries(at: (start..<(start + 500)).map(Int32.init))
            #expect(entries == Array(whole.entries[start..<(start + 500)]), "page at \(start)")
            largest = max(largest, parse.read { $0.held.count })
        }
        #expect(parse.read { $0.rereadCursors } == 0)
        #expect(largest <= 2 * DocumentParse.heldEntries + DocumentParse.slice + 500)
    }
}
