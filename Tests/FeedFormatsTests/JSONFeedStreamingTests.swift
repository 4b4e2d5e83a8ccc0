import FeedFormats
import FeedModel
import Foundation
import Testing
import FeedTestSupport

/// JSON Feed read an item at a time (`JSONFeedParser`: an outline pass over the whole document,
/// then each element of `items` decoded alone): top-level members in any order, strings with
/// every kind of escape, deep nesting, and strict JSON — a document that is not valid JSON is
/// one `.malformed` error before any entry, wherever it breaks.
@Suite struct JSONFeedStreamingTests {
    static let version11 = #""version":"https://jsonfeed.org/version/1.1""#

    /// A JSON Feed object from its members in the order given.
    static func document(_ members: [String]) -> [UInt8] { Array(("{" + members.joined(separator: ",") + "}").utf8) }

    static func item(_ id: Int, _ extra: String = "") -> String {
        #"{"id":"i-\#(id)","title":"Item \#(id)","url":"https://j.example/\#(id)""# + (extra.isEmpty ? "" : "," + extra) + "}"
    }

    static func items(_ count: Int) -> String { #""items":["# + (0..<count).map { item($0) }.joined(separator: ",") + "]" }

    /// Streams `bytes`, recording each entry and the head it came with.
    static func stream(_ bytes: [UInt8], url: String? = nil) throws(FeedParseError) -> (entries: [FeedEntry], heads: [FeedHead], head: FeedHead) {
        var entries: [FeedEntry] = []
        var heads: [FeedHead] = []
        let head = try FeedParser.stream(bytes, url: url.flatMap(URL.init(string:))) { entry, head in
            entries.append(entry)
            heads.append(head)
        }
        return (entries, heads, head)
    }

    /// The error a document gives, and how many entries were handed over before it.
    static func failure(_ bytes: [UInt8]) -> (error: FeedParseError?, handed: Int) {
        var handed = 0
        do throws(FeedParseError) {
            _ = try FeedParser.stream(bytes) { _ in handed += 1 }
            return (nil, handed)
        } catch {
            return (error, handed)
        }
    }

    // MARK: - Members in any order

    @Test func membersAfterItemsAreInTheHeadFromTheFirstEntryOn() throws {
        let bytes = Self.document([
            Self.items(3), #""title":"Late title""#, #""next_url":"/feed.json?page=2""#,
            #""home_page_url":"https://j.example/""#, #""feed_url":"https://j.example/feed.json""#, Self.version11,
        ])
        let read = try Self.stream(bytes, url: "https://j.example/feed.json")
        #expect(read.entries.map(\.id) == ["i-0", "i-1", "i-2"])
        #expect(read.heads.allSatisfy { $0.title == "Late title" && $0.links.next == "https://j.example/feed.json?page=2" })
        #expect(read.head.format == .jsonFeed11)
        #expect(read.head.links.site == "https://j.example/")
        #expect(read.head.links.this == "https://j.example/feed.json")
    }

    @Test func theSameDocumentInEveryMemberOrderReadsTheSame() throws {
        let members = [Self.version11, #""title":"T""#, #""next_url":"https://j.example/2""#, Self.items(2), #""authors":[{"name":"Ann"}]"#]
        let expected = try Self.stream(Self.document(members))
        #expect(expected.entries.map(\.author) == ["Ann", "Ann"])
        // Every rotation and its reverse: `items` first, last and between.
        for shift in 0..<members.count {
            let rotated = Array(members[shift...] + members[..<shift])
            for order in [rotated, rotated.reversed()] {
                let read = try Self.stream(Self.document(order))
                #expect(read.entries == expected.entries, "\(order)")
                #expect(read.head == expected.head, "\(order)")
            }
        }
    }

    @Test func aRepeatedMemberCountsOnceAsJSONDecoderTakesIt() throws {
        // JSONDecoder keeps a key's first value; so does the outline, `items` included.
        let bytes = Self.document([
            Self.version11, #""title":"First""#, Self.items(1), #""title":"Second""#, #""items":[{"id":"other"}]"#,
        ])
        let read = try Self.stream(bytes)
        #expect(read.head.title == "First")
        #expect(read.entries.map(\.id) == ["i-0"])
    }

    @Test func unknownMembersOfEveryShapeAreSkipped() throws {
        let bytes = Self.document([
            #""_ext":{"a":[1,2,{"b":[true,false,null]}],"s":"]}[{"}"#, Self.version11, #""expired":false"#,
            #""hubs":[{"type":"WebSub","url":"https://hub.example/"}]"#, Self.items(2), #""n":-1.5e-3"#,
        ])
        #expect(try Self.stream(bytes).entries.count == 2)
    }

    @Test func anEscapedKeyIsTheKeyItSpells() throws {
        let bytes = Self.document([#""ver\u0073ion":"https://jsonfeed.org/version/1""#, #""ti\u0074le":"Spelled""#, Self.items(1)])
        let read = try Self.stream(bytes)
        #expect(read.head.format == .jsonFeed10)
        #expect(read.head.title == "Spelled")
    }

    // MARK: - Strings

    @Test func escapesInsideStrings() throws {
        let bytes = Self.document([
            Self.version11, #""title":"Quote \" ] } [ { , : backslash \\ slash \/ tab\tend""#,
            #""items":[{"id":"e\"1]","title":"Smile \ud83d\ude00 and \u00e9 and \u20AC","content_text":"[{\"not\":\"json\"}]"}]"#,
        ])
        let read = try Self.stream(bytes)
        #expect(read.head.title == "Quote \" ] } [ { , : backslash \\ slash / tab end")
        let entry = try #require(read.entries.first)
        #expect(entry.id == "e\"1]")
        #expect(entry.title == "Smile 😀 and é and €")
        #expect(entry.content?.plain() == #"[{"not":"json"}]"#)
    }

    @Test func rawUTF8OfEveryLengthPasses() throws {
        let bytes = Self.document([Self.version11, #""items":[{"id":"ü€😀","title":"ü € 😀 \#u{10FFFF}"}]"#])
        #expect(try Self.stream(bytes).entries.first?.id == "ü€😀")
    }

    @Test(arguments: [
        (#""\ud83d""#, "lone surrogate"),
        (#""\ud83dx""#, "lone surrogate"),
        (#""\ude00""#, "lone surrogate"),
        (#""\ud83d\u0041""#, "lone surrogate"),
        (#""\x""#, "escape"),
        (#""\u12g4""#, "hexadecimal"),
        ("\"tab\there\"", "control character"),
        ("\"new\nline\"", "control character"),
    ])
    func aBrokenStringIsOneClearError(value: String, phrase: String) {
        let bytes = Self.document([Self.version11, Self.items(1), #""title":"# + value])
        let (error, handed) = Self.failure(bytes)
        #expect(error?.kind == .malformed)
        #expect(error?.message.contains(phrase) == true, "\(error?.message ?? "parsed")")
        #expect(error?.message.contains("at byte") == true)
        #expect(handed == 0)
    }

    @Test func invalidUTF8IsRefused() {
        for broken: [UInt8] in [[0xC3, 0x28], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xE2, 0x82]] {
            let bytes = Array(#"{"version":"https://jsonfeed.org/version/1.1","title":""#.utf8) + broken + Array(#"","items":[]}"#.utf8)
            let (error, _) = Self.failure(bytes)
            #expect(error?.kind == .malformed, "\(broken)")
            #expect(error?.message.contains("UTF-8") == true, "\(broken): \(error?.message ?? "parsed")")
        }
    }

    // MARK: - Nesting

    @Test func deepNestingInsideAnItemWithinJSONDecodersLimit() throws {
        // 1 (the feed) + 1 (items) + 1 (the item) + 509 = 512 levels: JSONDecoder's limit.
        let deep = String(repeating: "[", count: 509) + String(repeating: "]", count: 509)
        let bytes = Self.document([Self.version11, #""items":["# + Self.item(0, #""_deep":"# + deep) + "]"])
        #expect(try Self.stream(bytes).entries.map(\.id) == ["i-0"])
        let deeper = String(repeating: "[", count: 510) + String(repeating: "]", count: 510)
        let (error, handed) = Self.failure(Self.document([Self.version11, #""items":["# + Self.item(0, #""_deep":"# + deeper) + "]"]))
        #expect(error?.kind == .malformed)
        #expect(error?.message.contains("nested deeper than 512") == true)
        #expect(handed == 0)
    }

    @Test func aNestingBombIsRefusedWithoutRecursion() {
        // A million open brackets: refused at level 512, on a thread's ordinary stack.
        let bytes = Array((#"{"version":"https://jsonfeed.org/version/1.1","items":"# + String(repeating: "[{\"a\":", count: 1_000_000)).utf8)
        let (error, handed) = Self.failure(bytes)
        #expect(error?.kind == .malformed)
        #expect(handed == 0)
    }

    // MARK: - Broken documents

    @Test func aDocumentCutAnywhereIsOneMalformedErrorAndNoEntries() throws {
        let whole = Self.document([Self.version11, #""title":"Cut \"here\" [x]""#, Self.items(3), #""next_url":"https://j.example/2""#])
        #expect(try Self.stream(whole).entries.count == 3)
        for cut in 1..<whole.count {
            let (error, handed) = Self.failure(Array(whole.prefix(cut)))
            #expect(error?.kind == .malformed, "cut at \(cut)")
            #expect(handed == 0, "cut at \(cut)")
        }
    }

    @Test func aBOMAndWhitespaceBeforeAndWhitespaceAfterAreFine() throws {
        let plain = Self.document([Self.version11, #""title":"BOM""#, Self.items(2)])
        let expected = try Self.stream(plain)
        let wrapped = [0xEF, 0xBB, 0xBF] + Array(" \n\t\r".utf8) + plain + Array("\n \t\r\n".utf8)
        let read = try Self.stream(wrapped)
        #expect(read.entries == expected.entries)
        #expect(read.head == expected.head)
    }

    @Test(arguments: ["x", "{}", ",", "]", "\u{0}", "/* c */"])
    func trailingGarbageIsRefused(_ garbage: String) {
        let bytes = Self.document([Self.version11, Self.items(2)]) + Array((" " + garbage).utf8)
        let (error, handed) = Self.failure(bytes)
        #expect(error?.kind == .malformed)
        #expect(error?.message.contains("end of the document") == true, "\(error?.message ?? "parsed")")
        #expect(handed == 0)
    }

    /// A trailing comma, which `JSONDecoder` takes (and so did feedscroll before the scanner),
    /// after the last item, member of an item, or member of the feed: read as without it.
    @Test(arguments: [
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1"},{"id":"2"},]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1","tags":["a",],},{"id":"2"}]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1"},{"id":"2"}], }"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1"} , {"id":"2"} ,  ] , }"#,
    ])
    func aTrailingCommaReadsAsJSONDecoderReadsIt(_ text: String) throws {
        let read = try Self.stream(Array(text.utf8))
        #expect(read.entries.map(\.id) == ["1", "2"], "\(text)")
    }

    /// What RFC 8259 and `JSONDecoder` refuse: refused, with where and what.
    @Test(arguments: [
        #"{"version":"https://jsonfeed.org/version/1.1","items":[,]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":"1"},,]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":01}]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":1.}]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":-}]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":NaN}]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id":tru}]}"#,
        #"{'version':'https://jsonfeed.org/version/1.1'}"#,
        #"{"version":"https://jsonfeed.org/version/1.1" "items":[]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1","items":[{"id" "1"}]}"#,
        #"{"version":"https://jsonfeed.org/version/1.1",,"items":[]}"#,
        "{\"version\":\"https://jsonfeed.org/version/1.1\",\u{0C}\"items\":[]}",
    ])
    func notQuiteJSONIsRefused(_ text: String) {
        let (error, handed) = Self.failure(Array(text.utf8))
        #expect(error?.kind == .malformed, "\(text)")
        #expect(error?.message.hasPrefix("the JSON Feed is not valid JSON (") == true, "\(error?.message ?? "parsed")")
        #expect(handed == 0)
    }

    @Test func jsonThatIsNoFeedObjectIsNotAFeed() {
        for text in [#"[{"version":"https://jsonfeed.org/version/1.1"}]"#, #""https://jsonfeed.org/version/1.1""#, "{}", #"{"version":1.1,"items":[]}"#] {
            #expect(Self.failure(Array(text.utf8)).error?.kind == .notAFeed, "\(text)")
        }
    }

    /// Every document either reads whole or fails before its first entry: whatever the outline
    /// pass lets through, each element then decodes (mutations of a real feed: bytes changed,
    /// dropped, doubled, swapped for JSON's own punctuation, cut).
    @Test func aMutatedDocumentNeverFailsAfterItsFirstEntry() throws {
        let original = try FeedCorpusTests.fixture("feedkit-feed_v1_1.json") + []
        let punctuation = Array(#"{}[],:"\ 0-.eE"#.utf8) + [0x00, 0x7F, 0xC3, 0xED, 0xF4, 0xFF]
        var random = SeededRandom(seed: 22)
        var read = 0, refused = 0
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0...random.below(3) {
                let at = random.below(bytes.count)
                switch random.below(4) {
                case 0: bytes[at] = random.pick(punctuation)
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(bytes[at], at: at)
                default: bytes[at] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            if random.chance(0.1) { bytes = Array(bytes.prefix(random.below(bytes.count))) }
            let (error, handed) = Self.failure(bytes)
            if let error {
                refused += 1
                #expect(handed == 0 && error.kind != .cancelled, "\(error) after \(handed) entries")
            } else {
                read += 1
            }
        }
        // Both outcomes were exercised.
        #expect(read > 100 && refused > 100, "\(read) read, \(refused) refused")
    }

    // MARK: - Items

    @Test func emptyMissingOrMistypedItemsGiveNoEntries() throws {
        for items in [#""items":[]"#, #""items":[ ]"#, #""items":{}"#, #""items":"none""#, #""items":null"#, nil] {
            let read = try Self.stream(Self.document([Self.version11, #""title":"Empty""#] + (items.map { [$0] } ?? [])))
            #expect(read.entries.isEmpty, "\(items ?? "no items")")
            #expect(read.head.title == "Empty")
            #expect(read.head.repairs.isEmpty)
        }
    }

    @Test func elementsThatAreNoItemsAreDiscardedAndCounted() throws {
        let bytes = Self.document([Self.version11, #""items":[null, 3, "x", [], {"title":"no id"}, "# + Self.item(1) + "]"])
        let read = try Self.stream(bytes)
        #expect(read.entries.map(\.id) == ["i-1"])
        #expect(read.head.repairs == ["5 items without an id discarded"])
    }

    @Test func nextURLPagingAfterTheItems() throws {
        let paged = try Self.stream(Self.document([Self.version11, Self.items(1), #""next_url":"?page=3""#]), url: "https://j.example/feed.json?page=2")
        #expect(paged.head.links.next == "https://j.example/feed.json?page=3")
        // A next_url naming the document itself, or its feed_url, is no next page.
        let looping = try Self.stream(Self.document([Self.version11, Self.items(1), #""next_url":"https://j.example/feed.json""#]), url: "https://j.example/feed.json")
        #expect(looping.head.links.next == nil)
        let selfNamed = try Self.stream(Self.document([
            Self.version11, Self.items(1), #""next_url":"https://j.example/a""#, #""feed_url":"https://j.example/a""#,
        ]))
        #expect(selfNamed.head.links.next == nil)
        let mistyped = try Self.stream(Self.document([Self.version11, Self.items(1), #""next_url":["https://j.example/2"]"#]))
        #expect(mistyped.head.links.next == nil)
    }

    @Test(.offThePool) func aHundredThousandItemsStreamInOrder() throws {
        var text = #"{"version":"https://jsonfeed.org/version/1.1","items":["#
        text.reserveCapacity(100_000 * 80)
        for i in 0..<100_000 {
            if i > 0 { text += "," }
            text += #"{"id":"big-\#(i)","title":"Entry \#(i) \"q\"","content_html":"<p>[\#(i)]</p>"}"#
        }
        text += #"],"title":"Big, titled last"}"#
        var count = 0
        var inOrder = true
        let head = try FeedParser.stream(Array(text.utf8)) { entry, head in
            if entry.id != "big-\(count)" || entry.title != "Entry \(count) \"q\"" || head.title != "Big, titled last" { inOrder = false }
            count += 1
        }
        #expect(count == 100_000)
        #expect(inOrder)
        #expect(head.title == "Big, titled last")
    }

    // MARK: - By cursor, from memory and from file

    @Test(.offThePool) func aCursorReadsItemsInSlicesFromAMappedFileThenAgainFromTheStart() throws {
        // About 4 MB: the mapping gives pages back behind both passes, a megabyte at a time.
        var text = #"{"version":"https://jsonfeed.org/version/1.1","items":["#
        for i in 0..<20_000 {
            if i > 0 { text += ",\n" }
            text += #"{"id":"c-\#(i)","title":"Cursor \#(i)","content_text":"\#(String(repeating: "body ", count: 30))"}"#
        }
        text += #"],"next_url":"https://j.example/older","title":"Cursor"}"#
        let body = Data(text.utf8)
        #expect(body.count > 3 << 20)
        let file = try FeedCursorTests.spooled(body)
        let read = try FeedCursorTests.readAll(.spooled(file), slice: 256, url: nil)
        #expect(read.entries.count == 20_000)
        #expect(read.calls == 79)  // 78 whole slices, then the last 32 and the end
        #expect(read.entries.enumerated().allSatisfy { $0.element.id == "c-\($0.offset)" })
        #expect(read.head.title == "Cursor")
        #expect(read.head.links.next == "https://j.example/older")
        let again = try FeedCursor(.spooled(file))
        var ids: [String] = []
        #expect(try again.read(upTo: 10_001) { entry, _ in ids.append(entry.id) } == nil)
        #expect(ids == read.entries.prefix(10_001).map(\.id))
        FeedCursorTests.expectSameAsWhole(body, .spooled(file), slice: 1_000, url: nil, "20,000 items from a file")
    }

    @Test func aCursorRefusesInvalidJSONWhenMadeAndStopsWhenCancelled() throws {
        let broken = Data(Self.document([Self.version11, Self.items(3)]).dropLast())
        #expect(throws: FeedParseError.self) { try FeedCursor(broken) }
        var seen = 0
        let cursor = try FeedCursor(Data(Self.document([Self.version11, Self.items(100)])), isCancelled: { seen >= 5 })
        do throws(FeedParseError) {
            _ = try cursor.read(upTo: 50) { _, _ in seen += 1 }
            Issue.record("the read went on after it was cancelled")
        } catch {
            #expect(error.kind == .cancelled)
        }
        #expect(seen == 5)
    }

    // MARK: - Real-world samples (Fixtures/README.md)

    @Test func sortedKeysPutTheVersionAndTitleAfterTheItems() throws {
        // A JSON Feed written by JSONEncoder with `.sortedKeys`: `items` before `title` and `version`.
        let feed = try FeedCorpusTests.parse("mixtapes-sorted-keys.json", url: "https://example.com/mixtapes/index.json")
        #expect(feed.head.format == .jsonFeed11)
        #expect(feed.head.title == "Mixtapes")
        #expect(feed.head.links.site == "https://example.com/mixtapes/index.html")
        #expect(feed.entries.count == 2)
        #expect(feed.entries.map(\.author) == ["Todd Heasley", "Todd Heasley"])
        #expect(feed.entries[0].id == "example")
        #expect(feed.entries[0].title == "Album")
        #expect(feed.entries[0].summary?.plain() == "Artist")
        #expect(feed.entries[0].published == 1)
        #expect(feed.entries[0].tags == ["explicit"])
        #expect(feed.entries[0].enclosures == [FeedEnclosure(url: "https://example.com/mixtapes/example.m4a", type: "audio/x-m4a", length: 738_675, duration: 30)])
        // Both items say "example": the second keeps its place under a derived id.
        #expect(feed.entries[1].isDerivedID)
        #expect(feed.entries[1].enclosures.first?.url == "https://example.com/mixtapes/example.mp3")
        #expect(feed.head.repairs.contains { $0.contains("1 repeated id") })
    }

    @Test func feedparsersExampleWithAMemberBeforeTheVersion() throws {
        let feed = try FeedCorpusTests.parse("feedparser-json-example.json")
        #expect(feed.head.format == .jsonFeed10)
        #expect(feed.head.title == "My Example Feed")
        #expect(feed.entries.map(\.id) == ["2", "1"])
        #expect(feed.entries.map(\.author) == ["me", "you"])
        #expect(feed.entries[0].enclosures.first?.length == 12_000_000)
        #expect(feed.entries[0].tags == ["test", "JSON"])
        #expect(feed.entries[1].content?.plain().hasPrefix("Hello, world!") == true)
    }

    @Test func feedparsersNaNIdIsNotJSON() throws {
        // Python's json reads NaN; RFC 8259 has no such value.
        do {
            _ = try FeedCorpusTests.parse("feedparser-json-items-id-nan.json")
            Issue.record("NaN parsed")
        } catch let error as FeedParseError {
            #expect(error.kind == .malformed)
            #expect(error.message.contains("'N' found"))
        }
    }

    @Test func theTruncatedFixtureSaysWhereItBroke() throws {
        do {
            _ = try FeedCorpusTests.parse("broken-truncated.json")
            Issue.record("truncated JSON parsed")
        } catch let error as FeedParseError {
            #expect(error.kind == .malformed)
            #expect(error.message.contains("ends inside the string"), "\(error.message)")
        }
    }
}
