import FeedModel
import Foundation
import Testing

@testable import FeedSources

/// Permanent redirects update the subscription (issue 22): a feed whose own document answers
/// through a 301 or 308 is asked at its new address from then on, under the same identity
/// (its cache name, so its pages, read marks and counts); 302, 303 and 307 change nothing.
@Suite struct PermanentRedirectTests {
    static let old = "https://old.example/feed.xml"
    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Moving</title>
        <item><guid>a</guid><title>First</title></item>
        <item><guid>b</guid><title>Second</title></item>
        </channel></rss>
        """

    static func url(_ text: String) -> URL { URL(string: text)! }

    /// A response that came through `hops` (status, target) from `old`.
    static func response(through hops: [(Int, String)], body: String = rss) -> HTTPResponse {
        var redirects: [HTTPRedirect] = []
        var from = url(old)
        for (status, target) in hops {
            redirects.append(HTTPRedirect(status: status, from: from, to: url(target)))
            from = url(target)
        }
        return HTTPResponse(
            status: 200, headers: ["content-type": "application/rss+xml", "etag": "\"e\""], body: Data(body.utf8), url: from,
            redirects: redirects)
    }

    struct Case: Sendable, CustomStringConvertible {
        var hops: [(Int, String)]
        var moved: String?
        var status: Int?
        var description: String { hops.map { "\($0.0)" }.joined(separator: "→") }
    }

    static let cases: [Case] = [
        Case(hops: [], moved: nil, status: nil),
        Case(hops: [(301, "https://new.example/feed")], moved: "https://new.example/feed", status: 301),
        Case(hops: [(308, "https://new.example/feed")], moved: "https://new.example/feed", status: 308),
        Case(hops: [(302, "https://new.example/feed")], moved: nil, status: nil),
        Case(hops: [(307, "https://new.example/feed")], moved: nil, status: nil),
        Case(hops: [(303, "https://new.example/feed")], moved: nil, status: nil),
        // A chain of permanent redirects moves the feed to its end.
        Case(hops: [(301, "http://b.example/"), (308, "https://c.example/feed")], moved: "https://c.example/feed", status: 301),
        // A temporary hop after a permanent one: moved as far as the permanent run goes.
        Case(hops: [(301, "https://b.example/feed"), (302, "https://cdn.example/x")], moved: "https://b.example/feed", status: 301),
        // A temporary hop first: the old address stays the one to ask.
        Case(hops: [(302, "https://b.example/feed"), (301, "https://c.example/feed")], moved: nil, status: nil),
    ]

    @Test(arguments: cases)
    func theRule(_ c: Case) {
        let response = Self.response(through: c.hops)
        #expect(response.permanentAddress?.url.absoluteString == c.moved)
        #expect(response.permanentAddress?.status == c.status)
    }

    @Test func aMoveToAnAddressThatIsNotHTTPMovesNothing() {
        var response = Self.response(through: [])
        response.redirects = [HTTPRedirect(status: 301, from: Self.url(Self.old), to: Self.url("ftp://files.example/feed"))]
        #expect(response.permanentAddress == nil)
    }

    /// The whole round: a 301 seen once, and every later source of the feed (the next run, with
    /// the same cache) asks the new address directly, keeping its cache name; its validators
    /// were kept at the new address, so the second fetch is conditional.
    @Test(arguments: [301, 308])
    func aPermanentMoveIsFollowedFromThenOn(_ status: Int) async throws {
        let new = "https://new.example/feed"
        let transport = ScriptedTransport { url, _ in
            if url == Self.old { return .success(Self.response(through: [(status, new)])) }
            return .success(HTTPResponse(status: 304, headers: [:], body: Data(), url: Self.url(new)))
        }
        let cache = MemoryFeedDocumentCache()
        let first = SyndicationSource(url: Self.url(Self.old), transport: transport, cache: cache)
        let page = try await first.load(first.firstKey, pageSize: 10)
        #expect(page.items.map(\.id) == ["a", "b"])
        #expect(cache.move(of: Self.old) == FeedMove(url: new, status: status))

        let second = SyndicationSource(url: Self.url(Self.old), transport: transport, cache: cache)
        #expect(second.cacheName == first.cacheName)
        let again = try await second.load(second.firstKey, pageSize: 10)
        #expect(again.items.map(\.id) == ["a", "b"])
        #expect(transport.snapshot.started == [Self.old, new])
        #expect(second.counters.notModified == 1)
        // A refresh of the first source goes to the new address too.
        first.startOver()
        _ = try await first.load(first.firstKey, pageSize: 10)
        #expect(transport.snapshot.started == [Self.old, new, new])
    }

    @Test(arguments: [302, 307])
    func aTemporaryMoveChangesNothing(_ status: Int) async throws {
        let transport = ScriptedTransport { url, _ in
            url == Self.old ? .success(Self.response(through: [(status, "https://elsewhere.example/feed")])) : nil
        }
        let cache = MemoryFeedDocumentCache()
        for _ in 0..<2 {
            let source = SyndicationSource(url: Self.url(Self.old), transport: transport, cache: cache)
            let page = try await source.load(source.firstKey, pageSize: 10)
            #expect(page.items.map(\.id) == ["a", "b"])
        }
        #expect(cache.move(of: Self.old) == nil)
        #expect(transport.snapshot.started == [Self.old, Self.old])
    }

    /// An archive or a next page reached through a 301 moves nothing: only the subscription
    /// document is the subscription.
    @Test func onlyTheFeedsOwnDocumentMoves() async throws {
        let paged = """
            <?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>P</title><id>p</id>
            <link rel="next" href="https://old.example/page2"/>
            <entry><id>a</id><title>A</title></entry></feed>
            """
        let page2 = """
            <?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>P</title><id>p</id>
            <entry><id>b</id><title>B</title></entry></feed>
            """
        let transport = ScriptedTransport { url, _ in
            if url == Self.old { return .success(Self.response(through: [], body: paged)) }
            var moved = Self.response(through: [], body: page2)
            moved.redirects = [HTTPRedirect(status: 301, from: Self.url(url), to: Self.url("https://new.example/page2"))]
            return .success(moved)
        }
        let cache = MemoryFeedDocumentCache()
        let source = SyndicationSource(url: Self.url(Self.old), transport: transport, cache: cache)
        var key: PageKey? = source.firstKey
        var ids: [String] = []
        while let current = key {
            let page = try await source.load(current, pageSize: 10)
            ids += page.items.map(\.id)
            key = page.next
        }
        #expect(ids == ["a", "b"])
        #expect(cache.move(of: Self.old) == nil)
    }
}
