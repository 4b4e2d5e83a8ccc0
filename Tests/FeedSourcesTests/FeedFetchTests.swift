import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedSources

/// Feed fetches are a good HTTP citizen like every other request (issue 22, item 4): they ask
/// for gzip and read it decoded (spooled or not), report the redirects they followed, and go
/// through `RetryingTransport`, so a host's `Retry-After` and its per-host window hold them too.
@Suite struct FeedFetchTests {
    /// An RSS 2.0 feed of 30 items (`z0` … `z29`), 3,336 bytes gzip-compressed to 298 by Python.
    static let gzipFeed = Data(base64Encoded: "H4sIAAAAAAACA7XXTWrDMBiE4auEHKDyTP5BUe7RXYnVVuC4xnZL6elrGkhTGO86G2PLH35XfpDi6fPSLD5yP5S39rjEQ7U8pdgPw+8ap7UUz69PbZubFMcyNjk9lq7LdQzXp1jGfEnx5b3U6auK4efmz+Sius3WeTj3pRunj6fnPL2au8RwPxrDNXKfgkzBkaJM0ZFaydTKkVrL1NqR2sjUxpHaytTWkdrJ1M6R2svU3pE6yNTB8gtrLuDxYgYMixjQZMBiBjQasKgBzQYsbkDDAYsc0HTAYgc0HrDoAc0HLH5AAwKLINSC0CIItSD07DlmNh0WQagFoUUQakFoEYRaEFoEoRaEFkGoBaFFEGpBaBGEWhD+myDhdqAJ02knfQNiGaVACA0AAA==")!

    @Test(arguments: [0, 1 << 20])
    func aFeedIsAskedForGzipAndReadDecoded(spoolsAbove: Int) async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let page = try await withShutDown(AsyncHTTPTransport(limits: patientLimits, spoolsAbove: spoolsAbove)) { transport in
            let source = SyndicationSource(url: server.url("/feed.gz"), transport: transport)
            return try await source.load(source.firstKey, pageSize: 50)
        }
        #expect(page.items.map(\.id) == (0..<30).map { "z\($0)" })
        let head = try #require(server.requestHeads.first).lowercased()
        #expect(head.contains("accept-encoding: gzip"))
        #expect(head.contains("accept: application/atom+xml"))
    }

    /// AsyncHTTPClient's redirect history, as `HTTPResponse.redirects`: 301 then 308 then 302.
    @Test func theTransportReportsTheRedirectsItFollowed() async throws {
        let server = try LoopbackServer()
        defer { server.stop() }
        let responses = try await withShutDown(AsyncHTTPTransport(limits: patientLimits)) { transport in
            let moved = try await transport.send(HTTPRequest(url: server.url("/moved")))
            return [moved, try await transport.send(HTTPRequest(url: server.url("/redirect")))]
        }
        let moved = responses[0], lent = responses[1]
        #expect(moved.status == 200)
        #expect(moved.redirects.map(\.status) == [301, 308, 302])
        #expect(moved.redirects.map(\.to.path) == ["/moved-again", "/redirect", "/plain"])
        #expect(moved.permanentAddress?.url.path == "/redirect")
        #expect(moved.permanentAddress?.status == 301)
        #expect(lent.redirects.map(\.status) == [302])
        #expect(lent.permanentAddress == nil)
    }

    static let rss = """
        <?xml version="1.0"?><rss version="2.0"><channel><title>F</title>
        <item><guid>a</guid><title>A</title></item></channel></rss>
        """

    static func feed(_ url: String) -> Result<HTTPResponse, FeedError> {
        .success(HTTPResponse(status: 200, headers: ["content-type": "application/rss+xml"], body: Data(rss.utf8), url: URL(string: url)!))
    }

    /// A feed answered 503 with `Retry-After: 3` is asked again three seconds later, not before.
    @Test func aFeedFetchWaitsOutRetryAfter() async throws {
        let url = "https://feeds.example/a.xml"
        let scripted = ScriptedTransport { url, attempt in
            attempt == 1
                ? .success(HTTPResponse(status: 503, headers: ["retry-after": "3"], body: Data("down".utf8), url: URL(string: url)!))
                : Self.feed(url)
        }
        let clock = ManualClock()
        let transport = RetryingTransport(scripted, width: 2, clock: clock.clock, random: { 1 })
        let source = SyndicationSource(url: URL(string: url)!, transport: transport)
        let load = Task { try await source.load(source.firstKey, pageSize: 10) }
        await clock.untilSleeping(1)
        #expect(scripted.snapshot.started == [url])
        clock.advance(by: 3)
        #expect(try await load.value.items.map(\.id) == ["a"])
        #expect(clock.slept == [3])
        #expect(scripted.snapshot.started == [url, url])
    }

    /// Refreshing six feeds of one host at once: never more in flight than the host's window
    /// (four for a new host), whatever the number of feeds.
    @Test func feedsOfOneHostShareItsWindow() async throws {
        let urls = (1...6).map { "https://feeds.example/\($0).xml" }
        let scripted = ScriptedTransport { _, _ in nil }
        let transport = RetryingTransport(scripted, width: 16, firstWindow: 4, clock: ManualClock().clock, random: { 1 })
        let loads = urls.map { url in
            let source = SyndicationSource(url: URL(string: url)!, transport: transport)
            return Task { try await source.load(source.firstKey, pageSize: 10) }
        }
        await scripted.until { $0.held.count == 4 }
        var answered: Set<String> = []
        while answered.count < urls.count {
            #expect(scripted.snapshot.inFlight <= 4)
            let next = try #require(scripted.snapshot.held.first { !answered.contains($0) })
            answered.insert(next)
            scripted.answer(next, Self.feed(next))
            let waiting = answered
            if waiting.count < urls.count { await scripted.until { $0.held.contains { !waiting.contains($0) } } }
        }
        for load in loads { #expect(try await load.value.items.map(\.id) == ["a"]) }
        #expect(scripted.snapshot.peakInFlight == 4)
    }
}
