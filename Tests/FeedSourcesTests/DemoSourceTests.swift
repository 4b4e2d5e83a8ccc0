import FeedModel
import FeedSources
import Foundation
import Synchronization
import Testing

@Suite struct DemoSourceTests {
    func source(items: Int = 1000, failureRate: Double = 0) -> DemoSource {
        DemoSource(options: .init(items: items, seed: 7, latencyMilliseconds: 0, failureRate: failureRate), epoch: 1_800_000_000)
    }

    @Test func pagesByOffsetToTheEnd() async throws {
        let demo = source(items: 45)
        var key: PageKey? = demo.firstKey
        var ids: [String] = []
        var pages = 0
        while let current = key {
            let page = try await demo.load(current, pageSize: 20)
            ids += page.items.map(\.id)
            key = page.next
            pages += 1
        }
        #expect(pages == 3)
        #expect(ids == (1...45).map { "demo:\($0)" })
    }

    @Test func sameSeedSameFeed() async throws {
        let a = try await source().load(.offset(0, limit: 20), pageSize: 20)
        let b = try await source().load(.offset(0, limit: 20), pageSize: 20)
        #expect(a == b)
        let other = try await DemoSource(options: .init(items: 1000, seed: 8, latencyMilliseconds: 0), epoch: 1_800_000_000)
            .load(.offset(0, limit: 20), pageSize: 20)
        #expect(other.items.map(\.title) != a.items.map(\.title))
    }

    @Test func looksLikeANewsFeed() async throws {
        let page = try await source().load(.offset(0, limit: 20), pageSize: 500)
        let titles = page.items.map(\.title)
        #expect(titles.contains { $0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }, "Hangul")
        #expect(titles.contains { $0.unicodeScalars.contains { (0x3040...0x30FF).contains($0.value) } }, "Japanese")
        #expect(titles.contains { $0.unicodeScalars.contains { $0.properties.isEmojiPresentation } }, "emoji")
        #expect(titles.contains { $0.count > 120 }, "very long titles")
        #expect(page.items.allSatisfy { $0.author != nil && $0.score != nil && $0.commentCount != nil && $0.url != nil && $0.body != nil })
    }

    @Test func tenMillionItemsAreLazy() async throws {
        let demo = source(items: 10_000_000)
        var page = try await demo.load(demo.firstKey, pageSize: 20)
        #expect(page.total == 10_000_000)
        #expect(page.next == .offset(20, limit: 20))
        // Straight to the last page by its offset: nothing before it is generated.
        page = try await demo.load(.offset(9_999_990, limit: 20), pageSize: 20)
        #expect(page.items.map(\.id) == (9_999_991...10_000_000).map { "demo:\($0)" })
        #expect(page.next == nil)
    }

    @Test func badKeyIsAClearError() async {
        await #expect(throws: FeedError.self) { try await source().load(.cursor("c1.1"), pageSize: 20) }
        await #expect(throws: FeedError.self) { try await source().load(.offset(-1, limit: 20), pageSize: 20) }
        await #expect(throws: FeedError.self) { try await source().load(.page(1), pageSize: 20) }
    }

    /// Retries without sleeping, counting the waits asked for.
    final class Waits: Sendable {
        let asked = Mutex<[Double]>([])
        var clock: SourceClock {
            SourceClock(now: { Date(timeIntervalSince1970: 1_800_000_000) }, sleep: { [self] seconds throws(FeedError) in
                asked.withLock { $0.append(seconds) }
            })
        }
    }

    /// Records what the transport announces through the load's context (the footer's countdown).
    final class Announced: Sendable {
        let retries = Mutex<[Int]>([])
        var context: FetchContext {
            FetchContext(onRetry: { [self] attempt, _, _ in retries.withLock { $0.append(attempt) } })
        }
    }

    /// Simulated failures go through the one retry site: four attempts, each retry announced
    /// through the load's context, then one final error that says so and is not retried again.
    @Test func failureRateOneFailsAfterTheTransportsFourAttempts() async {
        let waits = Waits()
        let announced = Announced()
        let demo = DemoSource(
            options: .init(items: 100, seed: 7, latencyMilliseconds: 0, failureRate: 1), epoch: 1_800_000_000, clock: waits.clock)
        do {
            _ = try await demo.load(.offset(0, limit: 20), pageSize: 20, context: announced.context)
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .http(status: 503))
            #expect(!error.isRetryable)
            #expect(error.message == "demo: simulated failure (HTTP 503) after 4 attempts")
        }
        #expect(announced.retries.withLock { $0 } == [2, 3, 4])
        #expect(waits.asked.withLock { $0.count } == 3)
    }

    /// At a 50% rate, seed 101 fails attempts 1–4 and lets the fifth through: one load gives
    /// up after its four, the next (what `r` makes) succeeds at once.
    @Test func seededFailuresFollowTheOrderOfAttempts() async throws {
        let announced = Announced()
        let demo = DemoSource(
            options: .init(items: 100, seed: 101, latencyMilliseconds: 0, failureRate: 0.5), epoch: 1_800_000_000, clock: Waits().clock)
        let error = await loadError(demo, .offset(0, limit: 20), pageSize: 20)
        #expect(error?.message == "demo: simulated failure (HTTP 503) after 4 attempts")
        let page = try await demo.load(.offset(0, limit: 20), pageSize: 20, context: announced.context)
        #expect(page.items.count == 20)
        #expect(announced.retries.withLock { $0 }.isEmpty)
    }
}
