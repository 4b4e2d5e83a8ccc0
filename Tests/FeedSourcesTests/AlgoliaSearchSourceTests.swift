import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

struct AlgoliaSearchSourceTests {
    static let base = "http://127.0.0.1:8080/algolia/api/v1"

    /// The 2024 style: alphabetical keys, absent fields, no milliseconds.
    static let newStyle = #"""
        {"exhaustive":{"nbHits":false,"typo":false},"exhaustiveNbHits":false,"exhaustiveTypo":false,
         "hits":[{"_highlightResult":{"author":{"matchLevel":"none","matchedWords":[],"value":"anigbrowl"},"title":{"matchLevel":"none","matchedWords":[],"value":"x"}},
           "_tags":["story","author_anigbrowl","story_13133437","ask_hn"],"author":"anigbrowl","children":[13133593],
           "created_at":"2016-12-08T19:39:07Z","created_at_i":1481225947,"num_comments":0,"objectID":"13133437","points":1,
           "story_id":13133437,"story_text":"I want to map ...&#x27;...","title":"Ask HN: How would I visualize ...","updated_at":"2024-09-20T00:03:37Z"}],
         "hitsPerPage":2,"nbHits":3,"nbPages":2,"page":0,
         "params":"query=theoretical+biologist&tags=story&hitsPerPage=2&advancedSyntax=true&analyticsTags=backend",
         "processingTimeMS":11,"processingTimingsMS":{"_request":{"roundTrip":13},"fetch":{"query":10,"total":10},"total":11},
         "query":"theoretical biologist","serverTimeMS":11}
        """#

    /// The pre-2023 style: milliseconds, explicit nulls, `relevancy_score`, a comment hit.
    static let oldStyle = #"""
        {"hits":[{"created_at":"2016-09-04T02:50:35.000Z","title":"Show HN: A thing","url":"https://thing.example/","author":"pg",
           "points":42,"story_text":null,"comment_text":null,"num_comments":7,"story_id":null,"story_title":null,"story_url":null,
           "parent_id":null,"created_at_i":1472957435,"relevancy_score":6921,"_tags":["story"],"objectID":"12421640"},
          {"created_at":"2016-09-04T02:40:00.000Z","title":null,"url":null,"author":"dang","points":null,"story_text":null,
           "comment_text":"Good point &amp; <i>well</i> made.<p>Second","num_comments":null,"story_id":12421640,
           "story_title":"Show HN: A thing","story_url":"https://thing.example/","parent_id":12421640,"created_at_i":1472956800,
           "_tags":["comment"],"objectID":"12421700"}],
         "nbHits":2,"page":1,"nbPages":2,"hitsPerPage":2,"processingTimeMS":1,"exhaustiveNbHits":true,"query":"thing","params":"x"}
        """#

    private func source(_ transport: FakeTransport, query: String = "theoretical biologist", byDate: Bool = false, log: SourceLog? = nil) -> AlgoliaSearchSource {
        AlgoliaSearchSource(query: query, byDate: byDate, baseURL: URL(string: Self.base)!, transport: transport, log: log)
    }

    @Test func rankedFirstPageNewStyle() async throws {
        let transport = FakeTransport()
        let url = "\(Self.base)/search?query=theoretical%20biologist&tags=story&hitsPerPage=2&page=0"
        transport.serve(url, body: Self.newStyle)
        let s = source(transport)
        #expect(s.firstKey == .page(0))
        let page = try await loadPage(s, s.firstKey, pageSize: 2)
        #expect(transport.requestedURLs == [url])
        #expect(page.next == .page(1))
        #expect(page.total == 3)
        #expect(page.items.map(\.withoutFacts) == [FeedItem(
            id: "algolia:13133437", title: "Ask HN: How would I visualize ...", url: "https://news.ycombinator.com/item?id=13133437",
            author: "anigbrowl", score: 1, commentCount: 0, time: 1_481_225_947, body: "I want to map ...'...",
            discussionURL: "https://news.ycombinator.com/item?id=13133437", bodyHTML: "I want to map ...&#x27;...")])
        #expect(page.items[0].factLines == [
            "author=anigbrowl anigbrowl", "score=1 1 point", "comments=0 0 comments", "time=@1481225947 (age)",
        ])
    }

    @Test func rankedLastPageOldStyleWithComment() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/search?query=thing&tags=story&hitsPerPage=2&page=1", body: Self.oldStyle)
        let page = try await loadPage(source(transport, query: "thing"), .page(1), pageSize: 2)
        #expect(page.next == nil)
        #expect(page.items.map(\.id) == ["algolia:12421640", "algolia:12421700"])
        #expect(page.items[0].url == "https://thing.example/")
        #expect(page.items[0].time == 1_472_957_435)
        let comment = page.items[1]
        #expect(comment.title == "Re: Show HN: A thing")
        #expect(comment.body == "Good point & well made.\n\nSecond")
        #expect(comment.url == "https://thing.example/")
        #expect(comment.score == nil)
    }

    @Test func capMessageEndsTheFeedCleanly() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/search?query=x&tags=story&hitsPerPage=100&page=10",
            body: #"{"hits":[],"page":10,"nbHits":0,"nbPages":0,"hitsPerPage":100,"exhaustiveNbHits":true,"exhaustiveTypo":true,"exhaustive":{"nbHits":true,"typo":true},"processingTimeMS":1,"message":"you can only fetch the 1000 hits for this query. You can extend the number of hits returned via the paginationLimitedTo index parameter or use the browse method. You can read our FAQ for more details about browsing: https://www.algolia.com/doc/faq/index-configuration/how-can-i-retrieve-all-the-records-in-my-index"}"#)
        let notes = Mutex<[String]>([])
        let page = try await loadPage(source(transport, query: "x", log: { note in notes.withLock { $0.append(note) } }), .page(10), pageSize: 100)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
        #expect(notes.withLock { $0.count } == 1)
        #expect(notes.withLock { $0.first?.hasPrefix("hn-search: you can only fetch the 1000 hits") } == true)
    }

    @Test func emptyHitsEndRankedSearch() async throws {
        let transport = FakeTransport()
        transport.serve("\(Self.base)/search?query=zz&tags=story&hitsPerPage=20&page=0", body: #"{"hits":[],"nbHits":0,"nbPages":0,"page":0}"#)
        let page = try await loadPage(source(transport, query: "zz"), .page(0), pageSize: 20)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
    }

    private func hit(_ id: Int, _ time: Int64) -> String {
        #"{"author":"a","created_at_i":\#(time),"num_comments":1,"objectID":"\#(id)","points":2,"title":"T\#(id)","url":"https://e/\#(id)"}"#
    }

    private func byDateBody(_ hits: [(Int, Int64)], nbPages: Int = 50) -> String {
        #"{"hits":[\#(hits.map { hit($0.0, $0.1) }.joined(separator: ","))],"nbHits":1000,"nbPages":\#(nbPages),"page":0}"#
    }

    @Test func byDateWalksATimeKeysetAndDropsBoundaryDuplicates() async throws {
        let transport = FakeTransport()
        let s = source(transport, query: "", byDate: true)
        #expect(s.firstKey == .time(nil))
        transport.serve("\(Self.base)/search_by_date?query=&tags=story&hitsPerPage=3", body: byDateBody([(10, 300), (9, 290), (8, 290)]))
        let first = try await loadPage(s, s.firstKey, pageSize: 3)
        #expect(first.items.map(\.id) == ["algolia:10", "algolia:9", "algolia:8"])
        #expect(first.next == .time(290))

        // `<=` brings 9 and 8 back: they are dropped, 7 (same second, unseen) is kept.
        transport.serve(
            "\(Self.base)/search_by_date?query=&tags=story&hitsPerPage=3&numericFilters=created_at_i%3C%3D290",
            body: byDateBody([(9, 290), (8, 290), (7, 290)]))
        let second = try await loadPage(s, .time(290), pageSize: 3)
        #expect(second.items.map(\.id) == ["algolia:7"])
        // A full page stuck at one second steps past it instead of looping.
        #expect(second.next == .time(289))

        transport.serve(
            "\(Self.base)/search_by_date?query=&tags=story&hitsPerPage=3&numericFilters=created_at_i%3C%3D289",
            body: byDateBody([(6, 250), (5, 200)], nbPages: 1))
        let third = try await loadPage(s, .time(289), pageSize: 3)
        #expect(third.items.map(\.id) == ["algolia:6", "algolia:5"])
        #expect(third.next == nil)
    }

    @Test func byDateEndsOnEmptyHits() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/search_by_date?query=&tags=story&hitsPerPage=3&numericFilters=created_at_i%3C%3D5",
            body: #"{"hits":[],"nbHits":0,"nbPages":0,"page":0}"#)
        let page = try await loadPage(source(transport, query: "", byDate: true), .time(5), pageSize: 3)
        #expect(page.next == nil)
    }

    @Test func keyOfTheWrongStrategyIsRejected() async {
        let transport = FakeTransport()
        #expect(await loadError(source(transport, byDate: true), .page(0))?.kind == .invalidRequest)
        #expect(await loadError(source(transport), .time(nil))?.kind == .invalidRequest)
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport, query: "q"), key: .page(0), url: "\(Self.base)/search?query=q&tags=story&hitsPerPage=10&page=0",
            transport: transport, api: "hn-search",
            truncated: #"{"hits":[{"objectID":"1""#, wrongType: #"{"hits":[{"objectID":12}]}"#)
    }
}
