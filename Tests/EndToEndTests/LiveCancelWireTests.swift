import FeedModel
import FeedPaging
import FeedReplica
import FeedRuntime
import FeedSources
import FeedTestSupport
import Foundation
import Testing

/// Cancels reach the wire: a live batch that fails half-way closes its other requests, and the
/// replica sees their connections closed (`/_stats` `cancelled`) long before it would have
/// answered them. The pager, the fetcher and the HTTP client are the real ones; the runtime's
/// part (carrying out each effect `receive` returns) is done here by hand.
@Suite struct LiveCancelWireTests {
    /// Fails one page at once, as a transport that gave up on it would; every other request
    /// goes to the replica.
    struct FailingOnePage: HTTPTransport {
        let inner: AsyncHTTPTransport
        let failing: String

        func send(_ request: HTTPRequest) async throws(FeedError) -> HTTPResponse {
            if request.url.absoluteString.contains(failing) {
                throw FeedError(.http(status: 502), "HTTP 502", isRetryable: false)
            }
            return try await inner.send(request)
        }
    }

    /// The replica's `/_stats` as JSON.
    func stats(_ client: AsyncHTTPTransport, port: Int) async throws -> [String: Any] {
        let response = try await client.send(HTTPRequest(url: URL(string: "http://127.0.0.1:\(port)/_stats")!))
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    /// Polls `/_stats` until `condition` holds or `seconds` pass.
    func waitForStats(
        _ client: AsyncHTTPTransport, port: Int, seconds: Double, _ condition: ([String: Any]) -> Bool
    ) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(seconds)
        var last = try await stats(client, port: port)
        while !condition(last) && Date() < deadline {
            try await Task.sleep(for: .milliseconds(20))
            last = try await stats(client, port: port)
        }
        return last
    }

    @Test func aLiveBatchFailingHalfWayClosesItsOtherRequestsOnTheWire() async throws {
        // Every answer takes 10 minutes: a request still open when the test looks was not
        // answered. (At 30 s, a make test on a machine loaded to 11 took so long to get the
        // requests there and the failure back that the replica answered before the cancel.)
        var configuration = ReplicaConfiguration(items: 100, anchorTime: 1_760_000_000, latencyMs: 600_000)
        configuration.apis = ["jsonplaceholder"]
        let replica = try await Replica.start(configuration)
        let client = AsyncHTTPTransport(limits: .init(timeout: 900))
        let base = try #require(replica.baseURLs["jsonplaceholder"])
        let source = JSONPlaceholderSource(baseURL: base, transport: FailingOnePage(inner: client, failing: "_page=2&"))
        let (results, inbox) = AsyncStream.makeStream(of: FetchResult.self)
        let fetcher = PageFetcher(source: source, executor: FetchExecutor(label: "test.fetch")) { inbox.yield($0) }

        // Three pages on screen (built here: the replica would take 30 s for each).
        var paging = PagingState(firstKey: source.firstKey, pageSize: 10)
        for index in 0..<3 {
            let request = try #require(paging.prefetch(cursor: paging.items.count, distance: 0).compactMap { effect -> PageRequest? in
                if case let .fetch(request) = effect { request } else { nil }
            }.first)
            let page = Page(key: request.key, items: makeItems((index * 10)..<(index * 10 + 10)), next: .page(index + 2))
            #expect(paging.receive(request, .success(page)).effects.isEmpty)
        }
        let live = paging.refreshLive(pages: 0...2).compactMap { effect -> PageRequest? in
            if case let .fetch(request) = effect { request } else { nil }
        }
        #expect(live.map(\.key) == [.page(1), .page(2), .page(3)])
        for request in live { fetcher.fetch(request) }
        // Pages 1 and 3 reach the replica and wait there.
        let arrived = try await waitForStats(client, port: replica.port, seconds: 120) { ($0["total"] as? Int) == 2 }
        #expect(arrived["total"] as? Int == 2)

        // Page 2's failure ends the batch: `receive` asks for the other two to be cancelled.
        var iterator = results.makeAsyncIterator()
        let failed = try #require(await iterator.next())
        #expect(failed.request == live[1])
        let receipt = paging.receive(failed.request, try #require(failed.result))
        #expect(receipt.effects == [.cancel(live[0].id), .cancel(live[2].id)])
        for case let .cancel(id) in receipt.effects { fetcher.cancel(id) }

        // The replica sees both connections closed long before it would answer them (the wait
        // ends as soon as it does; it is long because a loaded make test took over 10 s twice).
        let closed = try await waitForStats(client, port: replica.port, seconds: 120) { ($0["cancelled"] as? Int) == 2 }
        #expect(closed["cancelled"] as? Int == 2)
        #expect(fetcher.inFlight == 0)
        #expect(paging.inFlight.isEmpty && paging.liveBatch == nil)

        inbox.finish()
        await replica.stop()
        await client.shutdown()
    }
}
