import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct HackerNewsSourceTests {
    static let base = "http://127.0.0.1:8080/hn/v0"

    private func story(_ id: Int, _ extra: String = "") -> String {
        #"{"by":"user\#(id)","descendants":\#(id % 7),"id":\#(id),"score":\#(id * 2),"time":1175714200,"title":"Story \#(id)","type":"story","url":"https://example.com/\#(id)"\#(extra)}"#
    }

    private func makeSource(ids: [Int], transport: FakeTransport, list: HackerNewsSource.List = .top) -> HackerNewsSource {
        transport.serve("\(Self.base)/\(list.rawValue)stories.json", body: "[" + ids.map(String.init).joined(separator: ",") + "]")
        return HackerNewsSource(list: list, baseURL: URL(string: Self.base)!, transport: transport, maxConcurrentItems: 3)
    }

    @Test func firstPageKeepsRankingAndSkipsNullDeletedDead() async throws {
        let transport = FakeTransport()
        let source = makeSource(ids: [8863, 5, 6, 7, 9, 10, 11], transport: transport)
        transport.serve("\(Self.base)/item/8863.json", body: #"{"by":"dhouston","descendants":71,"id":8863,"kids":[8952,9224,8917],"score":111,"time":1175714200,"title":"My YC app: Dropbox - Throw away your USB drive","type":"story","url":"http://www.getdropbox.com/u/2/screencast.html"}"#)
        transport.serve("\(Self.base)/item/5.json", body: "null")
        transport.serve("\(Self.base)/item/6.json", body: #"{"deleted":true,"id":6,"parent":1,"time":1175714200,"type":"comment"}"#)
        transport.serve("\(Self.base)/item/7.json", body: #"{"by":"x","dead":true,"id":7,"time":1175714200,"type":"story"}"#)
        transport.serve("\(Self.base)/item/9.json", body: #"{"by":"asker","id":9,"score":3,"text":"I&#x27;m asking<p>Second para","time":1,"title":"Ask HN: Why &quot;this&quot;?","type":"story","url":""}"#)

        let page = try await loadPage(source, source.firstKey, pageSize: 5)
        #expect(page.items.map(\.id) == ["hn:8863", "hn:9"])
        #expect(page.next == .idSlice(start: 5, count: 5))
        #expect(page.total == 7)
        #expect(page.items[0].factLines == [
            "author=dhouston dhouston", "score=111 111 points", "comments=71 71 comments", "time=@1175714200 (age)",
        ])
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "hn:8863", title: "My YC app: Dropbox - Throw away your USB drive",
            url: "http://www.getdropbox.com/u/2/screencast.html", author: "dhouston", score: 111, commentCount: 71,
            time: 1_175_714_200, body: nil, discussionURL: "https://news.ycombinator.com/item?id=8863"))
        let ask = page.items[1]
        #expect(ask.title == "Ask HN: Why \"this\"?")
        #expect(ask.url == "https://news.ycombinator.com/item?id=9")
        #expect(ask.body == "I'm asking\n\nSecond para")
        #expect(ask.commentCount == nil)

        let urls = transport.requestedURLs
        #expect(urls.first == "\(Self.base)/topstories.json")
        #expect(Set(urls.dropFirst()) == Set([8863, 5, 6, 7, 9].map { "\(Self.base)/item/\($0).json" }))
    }

    @Test func pagesOverOneSnapshotUntilTheListEnds() async throws {
        let transport = FakeTransport()
        let ids = Array(100..<107)
        let source = makeSource(ids: ids, transport: transport, list: .new)
        for id in ids { transport.serve("\(Self.base)/item/\(id).json", body: story(id)) }

        let first = try await loadPage(source, source.firstKey, pageSize: 3)
        // The list changes on the server: the snapshot must not.
        transport.serve("\(Self.base)/newstories.json", body: "[999,100,101]")
        let second = try await loadPage(source, try #require(first.next), pageSize: 3)
        let third = try await loadPage(source, try #require(second.next), pageSize: 3)
        #expect(first.items.map(\.id) == ["hn:100", "hn:101", "hn:102"])
        #expect(second.items.map(\.id) == ["hn:103", "hn:104", "hn:105"])
        #expect(third.items.map(\.id) == ["hn:106"])
        #expect(third.next == nil)
        #expect(transport.requestedURLs.filter { $0.hasSuffix("newstories.json") }.count == 1)

        source.startOver()
        let fresh = try await loadPage(source, source.firstKey, pageSize: 3)
        #expect(fresh.total == 3)
        #expect(fresh.next == nil)
        #expect(transport.requestedURLs.filter { $0.hasSuffix("newstories.json") }.count == 2)
    }

    /// Issue 24: a list naming one id 500 times made 501 requests. Each id counts once, at its
    /// first place.
    @Test func anIdListedTwiceIsFetchedAndShownOnce() async throws {
        let transport = FakeTransport()
        let source = makeSource(ids: Array(repeating: 8, count: 500) + [9, 8, 9], transport: transport)
        transport.serve("\(Self.base)/item/8.json", body: story(8))
        transport.serve("\(Self.base)/item/9.json", body: story(9))
        let page = try await loadPage(source, source.firstKey, pageSize: 30)
        #expect(page.items.map(\.id) == ["hn:8", "hn:9"])
        #expect(page.total == 2)
        #expect(page.next == nil)
        #expect(transport.requestedURLs.count == 3)
    }

    @Test func aPageOfOnlySkippedItemsIsNotTheEnd() async throws {
        let transport = FakeTransport()
        let source = makeSource(ids: [1, 2, 3, 4], transport: transport)
        transport.serve("\(Self.base)/item/1.json", body: "null")
        transport.serve("\(Self.base)/item/2.json", body: "null")
        let page = try await loadPage(source, source.firstKey, pageSize: 2)
        #expect(page.items.isEmpty)
        #expect(page.next == .idSlice(start: 2, count: 2))
    }

    @Test func emptyListEndsAtOnce() async throws {
        let transport = FakeTransport()
        let source = makeSource(ids: [], transport: transport, list: .job)
        let page = try await loadPage(source, source.firstKey)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
    }

    @Test func pageSizeIsClamped() async throws {
        let transport = FakeTransport()
        let ids = Array(1...150)
        let source = makeSource(ids: ids, transport: transport, list: .best)
        for id in ids { transport.serve("\(Self.base)/item/\(id).json", body: story(id)) }
        let page = try await loadPage(source, source.firstKey, pageSize: 1000)
        #expect(page.items.count == 100)
        #expect(page.items.map(\.id) == (1...100).map { "hn:\($0)" })
        #expect(page.next == .idSlice(start: 100, count: 100))
    }

    @Test func retryableItemFailureFailsThePageFinalOneSkipsTheItem() async throws {
        let transport = FakeTransport()
        let source = makeSource(ids: [1, 2, 3], transport: transport)
        transport.serve("\(Self.base)/item/1.json", body: story(1))
        // item 2 has no route: FakeTransport answers 404, a final error: skipped.
        transport.serve("\(Self.base)/item/3.json", body: story(3))
        let page = try await loadPage(source, source.firstKey, pageSize: 3)
        #expect(page.items.map(\.id) == ["hn:1", "hn:3"])
        #expect(page.itemFailures.map(\.kind) == [.http(status: 404)])

        // A body that cannot be read is not a missing item: the page fails (issue 14).
        transport.serve("\(Self.base)/item/3.json", body: #"{"id":3,"title":5}"#)
        let unreadable = try #require(await loadError(source, source.firstKey, pageSize: 3))
        #expect(unreadable.kind == .decoding)
        #expect(unreadable.message == "hn: unexpected response (title: expected a string)")

        transport.fail("\(Self.base)/item/2.json", with: FeedError(.timeout, "127.0.0.1: timed out"))
        let error = try #require(await loadError(source, source.firstKey, pageSize: 3))
        #expect(error.kind == .timeout)
    }

    /// The stories shown leave their replies for their threads; hidden ones leave nothing.
    @Test func shownStoriesRecordTheirRepliesInTheHints() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/topstories.json", body: "[1,2,3,4]")
        transport.serve("\(Self.base)/item/1.json", body: story(1, #","kids":[11,12]"#))
        transport.serve("\(Self.base)/item/2.json", body: story(2))
        transport.serve("\(Self.base)/item/3.json", body: story(3, #","kids":[31],"dead":true"#))
        transport.serve("\(Self.base)/item/4.json", body: story(4, #","kids":[41]"#))
        let hints = HackerNewsThreadHints()
        let source = HackerNewsSource(baseURL: URL(string: Self.base)!, transport: transport, hints: hints)
        let page = try await loadPage(source, source.firstKey, pageSize: 4)
        #expect(page.items.map(\.id) == ["hn:1", "hn:2", "hn:4"])
        #expect(hints.kids(of: 1) == [11, 12])
        #expect(hints.kids(of: 2) == nil)
        #expect(hints.kids(of: 3) == nil)
        #expect(hints.kids(of: 4) == [41])
        #expect(hints.count == 2)
    }

    @Test func badListResponses() async {
        let transport = FakeTransport()
        let source = HackerNewsSource(list: .ask, baseURL: URL(string: Self.base)!, transport: transport)
        await BadResponses.check(
            source, key: source.firstKey, url: "\(Self.base)/askstories.json", transport: transport, api: "hn",
            truncated: "[1,2,", wrongType: #"{"items":[1]}"#)
    }

    @Test func wrongKeyIsAnInvalidRequest() async {
        let source = HackerNewsSource(baseURL: URL(string: Self.base)!, transport: FakeTransport())
        #expect(await loadError(source, .page(1))?.kind == .invalidRequest)
    }
}
