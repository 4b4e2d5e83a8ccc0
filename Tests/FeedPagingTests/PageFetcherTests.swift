import Dispatch
import FeedModel
import FeedPaging
import FeedTestSupport
import Synchronization
import Testing

@Suite struct PageFetcherTests {
    /// Collects events and lets a test wait for a count of them (a semaphore, not a sleep).
    final class Collector: Sendable {
        let events = Mutex<[PageFetcher.Event]>([])
        let arrived = DispatchSemaphore(value: 0)
        func deliver(_ event: PageFetcher.Event) {
            events.withLock { $0.append(event) }
            arrived.signal()
        }
        func wait(for count: Int) -> [PageFetcher.Event] {
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
        for case let .loaded(request, .success(page), _) in events { pages[request.index] = page }
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
        let fetcher = PageFetcher(source: Failing(), retry: RetryPolicy(maxAttempts: 3)) { collector.deliver($0) }
        let request = PageRequest(id: RequestID(7), index: 0, key: .page(0), pageSize: 20, generation: 0)
        fetcher.fetch(request)
        let events = collector.wait(for: 3)
        #expect(events.count == 3)
        guard events.count == 3 else { return }
        #expect(events[0] == .retrying(request, attempt: 2, delay: 0.01, error: FeedError(.http(status: 503), "HTTP 503", retryAfter: 0.01)))
        guard case let .loaded(r, .failure(error), _) = events[2] else {
            Issue.record("expected a final failure, got \(events[2])")
            return
        }
        #expect(r == request && error.kind == .http(status: 503))
    }
}
