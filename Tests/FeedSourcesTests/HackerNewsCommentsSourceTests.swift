import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct HackerNewsCommentsSourceTests {
    static let base = "http://127.0.0.1:8080/hn/v0"

    /// 1 is the story. 5 is deleted and 3 dead, both with replies; 9 is `null`.
    static let thread: [Int: String] = {
        func comment(_ id: Int, parent: Int, kids: [Int] = [], extra: String = "") -> String {
            let kidList = kids.isEmpty ? "" : #","kids":[\#(kids.map(String.init).joined(separator: ","))]"#
            return #"{"by":"u\#(id)","id":\#(id),"parent":\#(parent),"text":"c\#(id) &amp; <i>x</i>","time":\#(100 + id),"type":"comment"\#(kidList)\#(extra)}"#
        }
        return [
            1: #"{"by":"op","descendants":8,"id":1,"kids":[2,3,9],"score":5,"time":100,"title":"T","type":"story"}"#,
            2: comment(2, parent: 1, kids: [4, 5]),
            4: comment(4, parent: 2, kids: [6]),
            6: comment(6, parent: 4),
            5: #"{"deleted":true,"id":5,"kids":[7],"parent":2,"time":105,"type":"comment"}"#,
            7: comment(7, parent: 5),
            3: comment(3, parent: 1, kids: [8], extra: #","dead":true"#),
            8: comment(8, parent: 3),
            9: "null",
            // Once a reply of 1, now gone from its kids (the hint tests' stale guess).
            10: comment(10, parent: 1, kids: [11]),
        ]
    }()

    static func item(_ id: Int) -> String { "\(base)/item/\(id).json" }

    private func makeSource() -> (HackerNewsCommentsSource, FakeTransport) {
        let transport = FakeTransport()
        for (id, body) in Self.thread { transport.serve(Self.item(id), body: body) }
        return (HackerNewsCommentsSource(itemID: 1, baseURL: URL(string: Self.base)!, transport: transport), transport)
    }

    private func loadAll(_ source: HackerNewsCommentsSource, pageSize: Int) async throws -> [Page] {
        var pages: [Page] = []
        var key: PageKey? = source.firstKey
        while let current = key, pages.count < 50 {
            let page = try await source.load(current, pageSize: pageSize)
            pages.append(page)
            key = page.next
        }
        return pages
    }

    /// A deleted or dead comment with replies is a one-line placeholder that keeps their place
    /// (issue 21: a reply hung indented under nothing, and `p` could not reach its parent).
    @Test func depthFirstOrderKeepsDeletedAndDeadCommentsWithRepliesAsPlaceholders() async throws {
        let (source, _) = makeSource()
        let items = try await loadAll(source, pageSize: 100).flatMap(\.items)
        #expect(items.map(\.id) == ["hn:2", "hn:4", "hn:6", "hn:5", "hn:7", "hn:3", "hn:8"])
        #expect(items.map(\.depth) == [0, 1, 2, 1, 2, 0, 1])
        #expect(items.map(\.parentID) == ["hn:1", "hn:2", "hn:4", "hn:2", "hn:5", "hn:1", "hn:3"])
        #expect(items[3].title == "[deleted]" && items[3].body == "[deleted]" && items[3].author == nil && items[3].bodyHTML == nil)
        #expect(items[5].title == "[dead]" && items[5].author == nil, "a dead comment's text stays hidden")
        #expect(items[0].author == "u2")
        #expect(items[0].bodyHTML == "c2 &amp; <i>x</i>")
        #expect(items[0].title == "c2 & x")
    }

    @Test(arguments: 1...6) func everyPageSizeGivesTheSameCommentsOnce(pageSize: Int) async throws {
        let (source, transport) = makeSource()
        let pages = try await loadAll(source, pageSize: pageSize)
        let ids = pages.flatMap(\.items).map(\.id)
        #expect(ids == ["hn:2", "hn:4", "hn:6", "hn:5", "hn:7", "hn:3", "hn:8"])
        #expect(Set(ids).count == ids.count)
        #expect(pages.last?.next == nil)
        #expect(pages.dropLast().allSatisfy { $0.next != nil })
        // Every item is requested exactly once over the whole walk.
        let urls = transport.requestedURLs
        #expect(urls.count == Set(urls).count)
        #expect(urls.count == 9)
    }

    /// A page fetches the next places of the walk it needs together (one round per level), may
    /// fetch a sibling ahead that the next page then uses, and never fetches a comment twice.
    @Test func aPageFetchesAheadOnlyWhatTheWalkNeedsNext() async throws {
        let (source, transport) = makeSource()
        let first = try await source.load(source.firstKey, pageSize: 2)
        #expect(first.items.map(\.id) == ["hn:2", "hn:4"])
        #expect(transport.requestedURLs == [1, 2, 3, 4].map { "\(Self.base)/item/\($0).json" })
        #expect(first.next == .cursor("6:2,5:1,3:0,9:0"))
        let second = try await source.load(first.next!, pageSize: 2)
        #expect(second.items.map(\.id) == ["hn:6", "hn:5"], "the deleted 5 keeps its reply's place")
        #expect(transport.requestedURLs.count == 6)
        #expect(Set(transport.requestedURLs).count == 6)
    }

    @Test func retryableItemFailureFailsThePageAndBadCursorsAreRefused() async throws {
        let (source, transport) = makeSource()
        transport.fail("\(Self.base)/item/4.json", with: FeedError(.timeout, "timed out"))
        await #expect(throws: FeedError.self) { try await source.load(source.firstKey, pageSize: 5) }
        await #expect(throws: FeedError.self) { try await source.load(.cursor("x:y"), pageSize: 5) }
        await #expect(throws: FeedError.self) { try await source.load(.page(1), pageSize: 5) }
    }

    /// Random trees (seeded), random page sizes: the pages concatenated are exactly the
    /// depth-first walk of the live comments and of the deleted or dead ones with replies (their
    /// placeholders), each once, with their depths.
    @Test(arguments: 1...12) func randomTreesPageInDepthFirstOrder(seed: UInt64) async throws {
        var rng = SeededRandom(seed: seed)
        func random(_ bound: Int) -> Int { rng.below(bound) }
        let count = 1 + random(60)
        var parent: [Int: Int] = [:]  // comment index → parent index (-1: the story)
        for index in 0..<count { parent[index] = index == 0 || random(3) == 0 ? -1 : random(index) }
        func id(_ index: Int) -> Int { index < 0 ? 1 : 100 + index }
        let transport = FakeTransport()
        var kidsOf: [Int: [Int]] = [:]
        for index in -1..<count { kidsOf[index] = (0..<count).filter { parent[$0] == index } }
        var hidden = Set<Int>()
        transport.serve("\(Self.base)/item/1.json", body: #"{"id":1,"kids":[\#(kidsOf[-1]!.map { String(id($0)) }.joined(separator: ","))],"type":"story"}"#)
        for index in 0..<count {
            let kidList = kidsOf[index]!.map { String(id($0)) }.joined(separator: ",")
            let roll = random(10)
            let flags = roll == 0 ? #","deleted":true"# : roll == 1 ? #","dead":true"# : ""
            if roll <= 1 { hidden.insert(index) }
            transport.serve("\(Self.base)/item/\(id(index)).json",
                            body: #"{"by":"u","id":\#(id(index)),"kids":[\#(kidList)],"parent":\#(id(parent[index]!)),"text":"t","type":"comment"\#(flags)}"#)
        }
        var expected: [(String, Int)] = []
        func walk(_ index: Int, depth: Int) {
            if !hidden.contains(index) || !kidsOf[index]!.isEmpty { expected.append(("hn:\(id(index))", depth)) }
            for kid in kidsOf[index]! { walk(kid, depth: depth + 1) }
        }
        for root in kidsOf[-1]! { walk(root, depth: 0) }

        let source = HackerNewsCommentsSource(itemID: 1, baseURL: URL(string: Self.base)!, transport: transport)
        let pages = try await loadAll(source, pageSize: 1 + random(8))
        let items = pages.flatMap(\.items)
        #expect(items.map(\.id) == expected.map(\.0))
        #expect(items.map(\.depth) == expected.map(\.1))
        #expect(transport.requestedURLs.count == count + 1, "every comment requested once")
        #expect(Set(transport.requestedURLs).count == count + 1)
    }

    /// A comment whose link starts before its 200th character: the title is decoded whole, then
    /// cut, so no half tag (`<a href="https://…`) is left in it (the 96 of 373 titles of
    /// `hn --thread 41003558 --plain` that carried markup).
    @Test func aLongCommentsTitleIsCutAfterDecodingNotInsideATag() async throws {
        let transport = FakeTransport()
        let words = String(repeating: "word ", count: 37)  // 185 characters
        let html = words + #"See <a href="https://example.com/a/very/long/path/that/goes/past/the/cut" rel="nofollow">https://example.com/a/very/long/path</a> &amp; more<p>Second paragraph"#
        let text = String(data: try JSONEncoder().encode(html), encoding: .utf8)!
        transport.serve(Self.item(1), body: #"{"by":"op","id":1,"kids":[2],"time":100,"title":"T","type":"story"}"#)
        transport.serve(Self.item(2), body: #"{"by":"u","id":2,"parent":1,"text":\#(text),"time":101,"type":"comment"}"#)
        let source = HackerNewsCommentsSource(itemID: 1, baseURL: URL(string: Self.base)!, transport: transport)
        let title = try #require(try await loadAll(source, pageSize: 10).flatMap(\.items).first?.title)
        #expect(!title.contains("<") && !title.contains("href"))
        #expect(title.count == 200)
        #expect(title == words + "See https://exa")
    }

    @Test func itemIDsAreReadFromWhatUsersPaste() {
        #expect(HackerNewsCommentsSource.itemID("41003558") == 41_003_558)
        #expect(HackerNewsCommentsSource.itemID("hn:41003558") == 41_003_558)
        #expect(HackerNewsCommentsSource.itemID("https://news.ycombinator.com/item?id=41003558") == 41_003_558)
        #expect(HackerNewsCommentsSource.itemID("https://news.ycombinator.com/user?id=pg") == nil)
        #expect(HackerNewsCommentsSource.itemID("0") == nil)
        #expect(HackerNewsCommentsSource.itemID("hn:x") == nil)
    }

    @Test func onlyHackerNewsItemsHaveComments() async {
        let transport = FakeTransport()
        let url = URL(string: Self.base)!
        #expect(HackerNewsCommentsSource.forItem("hn:42", baseURL: url, transport: transport)?.itemID == 42)
        #expect(HackerNewsCommentsSource.forItem("reddit:42", baseURL: url, transport: transport) == nil)
    }
}
