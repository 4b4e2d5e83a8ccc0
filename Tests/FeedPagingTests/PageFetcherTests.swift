import Dispatch
import FeedModel
import FeedPaging
import FeedTestSupport
import Synchronization
import Testing

@Suite struct PageFetcherTests {
    /// Collects events and lets a test wait for a count of them (a semaphore, not a sleep).
    final class Collector: Sendable {
        let events = Mutex<[FetchResult]>([])
        let arrived = DispatchSemaphore(value: 0)
        func deliver(_ event: FetchResult) {
            events.withLock { $0.append(event) }
            arrived.signal()
        }
        func wait(for count: Int) -> [FetchResult] {
            for _ in 0..<count { _ = arrived.wait(timeout: .now() + 10) }
            return events.withLock { $0 }
        }
    }

    @Test func loadsConcurrentlyAndSanitises() throws {
        let source = ListSource(items: [FeedItem(id: "x:1", title: "evil\u{1B}]0;pwned\u{07} title")] + makeItems(1..<40))
        let collector = Collector()
        let fetcher = PageFetcher(source: source, retry: .none) { collector.deliver($0) }
        fetcher.fetch(PageRequest(id: RequestID(1), index: 0, key: .page(0), pageSize: 20, generation: 0))
        fetcher.fetch(PageRequest(id: RequestID(2), index: 1, key: .page(1), pageSize: 20, generation: 0))
        let events = collector.wait(for: 2)
        #expect(events.count == 2)
        var pages: [Int: Page] = [:]
        for event in events { if case let .loaded(.success(page), _) = event.outcome { pages[event.request.index] = page } }
        #expect(events.allSatisfy { $0.pager == .list })
        #expect(pages[0]?.items.first?.title == "evil title")
        #expect(pages[1]?.items.count == 20)
        #expect(Set(source.loads) == [.page(0), .page(1)])
    }

    @Test func retriesTransientFailuresThenReportsTheLast() throws {
        struct Failing: FeedSource {
            let name = "failing"
            let firstKey = PageKey.page(0)
            let defaultPageSize = 20
            let maxPageSize = 20
            func load(_ key: PageKey, pageSize: Int) throws(FeedError) -> Page {
                throw FeedError(.http(status: 503), "HTTP 503", retryAfter: 0.01)
            }
        }
        let collector = Collector()
        let fetcher = PageFetcher(source: Failing(), pager: .comments(serial: 4), retry: RetryPolicy(maxAttempts: 3)) {
            collector.deliver($0)
        }
        let request = PageRequest(id: RequestID(7), index: 0, key: .page(0), pageSize: 20, generation: 0)
        fetcher.fetch(request)
        let events = collector.wait(for: 3)
        #expect(events.count == 3)
        guard events.count == 3 else { return }
        #expect(events[0] == .retrying(
            request, attempt: 2, delay: 0.01, error: FeedError(.http(status: 503), "HTTP 503", retryAfter: 0.01),
            for: .comments(serial: 4)))
        #expect(events.allSatisfy { $0.pager == .comments(serial: 4) })
        guard case let .loaded(.failure(error), _) = events[2].outcome else {
            Issue.record("expected a final failure, got \(events[2])")
            return
        }
        #expect(events[2].request == request && error.kind == .http(status: 503))
    }
}
