import FeedModel
import Foundation
import Testing

@testable import FeedSources

struct WikipediaSourceTests {
    static let base = "http://127.0.0.1:8080/wikipedia/w"
    static let fixed = "action=query&list=recentchanges&format=json&formatversion=2&rcprop=title%7Cids%7Ctimestamp%7Cuser%7Ccomment%7Csizes%7Cflags"

    static let firstBody = #"""
        {"batchcomplete":true,"continue":{"rccontinue":"20180330090522|1041353210","continue":"-||"},
         "query":{"recentchanges":[{"type":"edit","ns":0,"title":"Histology","pageid":13570,"revid":833218500,"old_revid":833218201,
           "rcid":1041353213,"user":"Iztwoz","oldlen":25718,"newlen":25749,"timestamp":"2018-03-30T09:05:22Z","comment":"/* Tissues */ ce & links, <ref> &amp;","minor":false,"bot":false},
          {"type":"log","ns":2,"title":"User:X","pageid":0,"revid":0,"old_revid":0,"rcid":1041353212,"userhidden":true,
           "oldlen":0,"newlen":0,"timestamp":"2018-03-30T09:05:21Z","comment":""}]}}
        """#

    private func source(_ transport: FakeTransport) -> WikipediaSource {
        WikipediaSource(baseURL: URL(string: Self.base)!, transport: transport)
    }

    @Test func firstPageThenEveryContinueKeyIsCopied() async throws {
        let transport = FakeTransport()
        let first = "\(Self.base)/api.php?\(Self.fixed)&rclimit=2"
        transport.serve(first, body: Self.firstBody)
        let s = source(transport)
        let page = try await loadPage(s, s.firstKey, pageSize: 2)
        #expect(transport.requestedURLs == [first])
        #expect(transport.requests.first?.headers["User-Agent"] == WikipediaSource.defaultUserAgent)
        #expect(page.next == .cursor("continue=-%7C%7C&rccontinue=20180330090522%7C1041353210"))
        // The title is the page; the byte change, the editor and the summary (plain text: `<ref>`
        // and `&amp;` as typed) are the meta line.
        #expect(page.items[0].withoutFacts == FeedItem(
            id: "wikipedia:1041353213@833218500", title: "Histology",
            url: "\(Self.base)/index.php?title=Histology&diff=833218500&oldid=833218201", author: "Iztwoz",
            time: 1_522_400_722, body: "edit · Histology\n\n/* Tissues */ ce & links, <ref> &amp;",
            discussionURL: "\(Self.base)/index.php?title=Talk%3AHistology"))
        #expect(page.items[0].factLines == [
            "bytes=31 +31 bytes", "author=Iztwoz Iztwoz", "summary=/* Tissues */ ce & links, <ref> &amp; /* Tissues */ ce & links, <ref> &amp;",
            "time=@1522400722 (age)",
        ])
        #expect(page.items[1].title == "User:X")
        #expect(page.items[1].factLines == ["bytes=0 ±0 bytes", "change=log log", "author=(hidden) (hidden)", "time=@1522400721 (age)"])
        #expect(page.items[1].url == "\(Self.base)/index.php?title=User%3AX")

        let second = "\(Self.base)/api.php?\(Self.fixed)&rclimit=2&continue=-%7C%7C&rccontinue=20180330090522%7C1041353210"
        transport.serve(second, body: #"{"batchcomplete":true,"query":{"recentchanges":[]}}"#)
        let last = try await loadPage(s, try #require(page.next), pageSize: 2)
        #expect(transport.requestedURLs.last == second)
        #expect(last.next == nil)
    }

    /// A title's spaces are written as MediaWiki writes them in its own links, `_`, not `%20`
    /// (seen in the detail: `title=Building%20a%20lock-free%20SQLite…`); the title shown keeps its spaces.
    @Test func aTitlesSpacesAreUnderscoresInItsLinks() async throws {
        let transport = FakeTransport()
        let first = "\(Self.base)/api.php?\(Self.fixed)&rclimit=1"
        transport.serve(first, body: #"""
            {"batchcomplete":true,"query":{"recentchanges":[{"type":"edit","ns":0,"title":"Cell biology","revid":12,"old_revid":11,
             "rcid":5,"user":"A","oldlen":1,"newlen":2,"timestamp":"2018-03-30T09:05:22Z","comment":""}]}}
            """#)
        let s = source(transport)
        let item = try #require(try await loadPage(s, s.firstKey, pageSize: 1).items.first)
        #expect(item.title == "Cell biology")
        #expect(item.url == "\(Self.base)/index.php?title=Cell_biology&diff=12&oldid=11")
        #expect(item.discussionURL == "\(Self.base)/index.php?title=Talk%3ACell_biology")
    }

    @Test func continuationCannotOverrideFixedParameters() async throws {
        let transport = FakeTransport()
        let url = "\(Self.base)/api.php?\(Self.fixed)&rclimit=5&rccontinue=x"
        transport.serve(url, body: #"{"query":{"recentchanges":[]}}"#)
        _ = try await loadPage(source(transport), .cursor("action=edit&rccontinue=x"), pageSize: 5)
        #expect(transport.requestedURLs == [url])
    }

    @Test func maxlagIsRetryableWithRetryAfter() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/api.php?\(Self.fixed)&rclimit=50", headers: ["Retry-After": "5", "X-Database-Lag": "7", "MediaWiki-API-Error": "maxlag"],
            body: #"{"error":{"code":"maxlag","info":"Waiting for 10.64.48.35: 7 seconds lagged","host":"10.64.48.35","lag":7,"type":"db","docref":"See https://en.wikipedia.org/w/api.php for API usage."},"servedby":"mw1225"}"#)
        let error = try #require(await loadError(source(transport), .cursor(nil), pageSize: 50))
        #expect(error == FeedError(.rateLimited, "wikipedia: Waiting for 10.64.48.35: 7 seconds lagged", isRetryable: true, retryAfter: 5))
    }

    @Test func otherAPIErrorsWithStatus200AreFinal() async throws {
        let transport = FakeTransport()
        transport.serve(
            "\(Self.base)/api.php?\(Self.fixed)&rclimit=50", headers: ["MediaWiki-API-Error": "badcontinue"],
            body: #"{"error":{"code":"badcontinue","info":"Invalid continue param. You should pass the original value returned by the previous query.","docref":"x"},"servedby":"mw1"}"#)
        let error = try #require(await loadError(source(transport), .cursor(nil), pageSize: 50))
        #expect(error.kind == .invalidRequest)
        #expect(!error.isRetryable)
        #expect(error.message == "wikipedia: Invalid continue param. You should pass the original value returned by the previous query. (badcontinue)")
    }

    @Test func badResponses() async {
        let transport = FakeTransport()
        await BadResponses.check(
            source(transport), key: .cursor(nil), url: "\(Self.base)/api.php?\(Self.fixed)&rclimit=10", transport: transport,
            api: "wikipedia", truncated: #"{"query":{"recentchanges":[{"rcid":1"#, wrongType: #"{"query":{"recentchanges":[{"rcid":"one"}]}}"#)
    }
}
