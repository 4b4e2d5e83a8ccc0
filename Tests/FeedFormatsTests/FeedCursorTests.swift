import FeedFormats
import Foundation
import Testing

/// A feed read a slice at a time (`FeedCursor`) gives what one whole parse gives: the same
/// entries in the same order with the same ids, the same head and the same errors, on every
/// real-world fixture and however the slices are cut; a second cursor over the same body gives
/// them again.
@Suite struct FeedCursorTests {
    static let fixtures: [String] = {
        guard let directory = Bundle.module.url(forResource: "Fixtures", withExtension: nil),
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { !$0.hasSuffix(".opml") && !$0.hasSuffix(".md") }.sorted()
    }()

    /// Everything a cursor hands over, `slice` entries a call.
    static func readAll(_ body: Data, slice: Int, url: URL?) throws(FeedParseError) -> (entries: [FeedEntry], head: FeedHead, calls: Int) {
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

    @Test func everyFixtureReadsTheSameInSlicesAsWhole() throws {
        #expect(Self.fixtures.count >= 25)
        let url = URL(string: "https://feeds.example/feed")
        for name in Self.fixtures {
            let body = try Data(contentsOf: #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)))
            let whole: Result<FeedDocument, FeedParseError>
            do throws(FeedParseError) { whole = .success(try FeedParser.parse(body, url: url)) } catch { whole = .failure(error) }
            for slice in [1, 2, 7, 1_000] {
                do throws(FeedParseError) {
                    let read = try Self.readAll(body, slice: slice, url: url)
                    guard case let .success(document) = whole else {
                        Issue.record("\(name): the cursor read what the whole parse refused")
                        continue
                    }
                    #expect(read.entries == document.entries, "\(name), slices of \(slice)")
                    #expect(read.head == document.head, "\(name), slices of \(slice)")
                } catch {
                    guard case let .failure(refused) = whole else {
                        Issue.record("\(name): the cursor refused what the whole parse read: \(error)")
                        continue
                    }
                    #expect(error.kind == refused.kind, "\(name)")
                }
            }
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
                let part = body.prefix(cut)
                let whole: Result<FeedDocument, FeedParseError>
                do throws(FeedParseError) { whole = .success(try FeedParser.parse(part)) } catch { whole = .failure(error) }
                do throws(FeedParseError) {
                    let read = try Self.readAll(Data(part), slice: 3, url: nil)
                    guard case let .success(document) = whole else {
                        Issue.record("\(name) cut at \(cut): the cursor read what the whole parse refused")
                        continue
                    }
                    #expect(read.entries == document.entries, "\(name) cut at \(cut)")
                    #expect(read.head == document.head, "\(name) cut at \(cut)")
                } catch {
                    guard case let .failure(refused) = whole else {
                        Issue.record("\(name) cut at \(cut): the cursor refused what the whole parse read: \(error)")
                        continue
                    }
                    #expect(error.kind == refused.kind, "\(name) cut at \(cut)")
                }
            }
        }
    }

    @Test func twentyThousandEntriesInSlicesThenAgainFromTheStart() throws {
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
