import Dispatch
import FeedModel
import FeedPaging
import FeedRuntime
import FeedStore
import FeedTestSupport
import FeedUI
import Foundation
import Logging
import Synchronization
import Testing

/// The whole runtime (`Runtime<RecordingTerminal>`): scripted keys and resizes in, frames and
/// the effects it carried out out, pages from an in-memory source through the real fetcher,
/// and a scripted clock. Steps wait in the runtime's own `poll` for what they need (an answer
/// through the inbox, a scripted key), bounded by a deadline: nothing sleeps to synchronise.
@Suite struct RuntimeTests {
    let size = Size(columns: 80, rows: 24)
    let start = 1_800_000_000.0

    /// A clock the test moves by hand.
    final class Clock: Sendable {
        private let time: Mutex<Double>
        init(_ time: Double) { self.time = Mutex(time) }
        var now: Double { time.withLock { $0 } }
        func advance(by seconds: Double) { time.withLock { $0 += seconds } }
    }

    func makeRuntime(
        source: any FeedSource = ListSource(items: makeItems(0..<100)), cache: PageCache? = nil, clock: Clock, role: ListRole = .feed
    ) -> Runtime<RecordingTerminal> {
        var state = AppState(
            sourceName: source.name, paging: PagingState(firstKey: source.firstKey, pageSize: 20), size: size, prefetch: .fixed(5),
            cache: cache == nil ? CacheState() : CacheState(isEnabled: true))
        state.listRole = role
        var parts = Runtime<RecordingTerminal>.Parts(source: source)
        parts.cache = cache
        let runtime = Runtime(
            backend: RecordingTerminal(size: size), state: state, parts: parts,
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, clock: { clock.now })
        runtime.recordsEffects = true
        return runtime
    }

    /// Steps until `condition` holds (each step waits in the runtime's poll for at most 50 ms),
    /// or fails after `seconds`.
    func step(
        _ runtime: Runtime<RecordingTerminal>, until condition: () -> Bool, within seconds: Double = 10,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        while !condition() {
            guard DispatchTime.now().uptimeNanoseconds < deadline else {
                Issue.record("not reached within \(seconds) s; screen:\n\(runtime.backend.screen)", sourceLocation: sourceLocation)
                return
            }
            #expect(runtime.step(maximumWait: 50) == .running, sourceLocation: sourceLocation)
        }
    }

    func fetches(_ effects: [AppEffect]) -> [PageRequest] {
        effects.compactMap { if case let .fetch(request) = $0 { request } else { nil } }
    }

    @Test func keysAndResizesGoInAndFramesComeOut() throws {
        let clock = Clock(start)
        let source = ListSource(items: makeItems(0..<100))
        let runtime = makeRuntime(source: source, clock: clock)
        step(runtime, until: { runtime.backend.screen.contains("Item 0") })
        #expect(fetches(runtime.performed).map(\.index).first == 0)
        #expect(source.loads.first == .page(0))
        // Keys: three rows down (two screen rows an item).
        clock.advance(by: 1)
        runtime.backend.send(.key(.character("j")), .key(.character("j")), .key(.character("j")))
        step(runtime, until: { runtime.state.list.viewport.cursor == 3 })
        runtime.step(maximumWait: 0)
        #expect(runtime.state.now == start + 1, "keys carry the scripted clock's time")
        let lines = runtime.backend.frames.last.map { $0.lines } ?? []
        #expect(lines.last?.contains("4/") == true, "the status line counts the cursor: \(lines.last ?? "")")
        // A resize: the next frame has the new size, the cursor's item kept.
        let wide = Size(columns: 100, rows: 30)
        runtime.backend.send(.resized(wide))
        step(runtime, until: { runtime.backend.frames.last?.size == wide })
        #expect(runtime.state.list.paging.items[runtime.state.list.viewport.cursor].id == "t:3")
        // q quits: nothing more is drawn.
        let frames = runtime.backend.frames.count
        runtime.backend.send(.key(.character("q")))
        var outcome = Runtime<RecordingTerminal>.StepOutcome.running
        for _ in 0..<3 where outcome == .running { outcome = runtime.step(maximumWait: 1000) }
        #expect(outcome == .quit)
        #expect(runtime.backend.frames.count <= frames + 1)
        #expect(runtime.performed.last == .quit)
    }

    /// Keys read in the same turn as the Esc that leaves a feed opened from the subscription
    /// list are not reduced by the feed's run (they moved its cursor and were lost): the run
    /// hands them on for the list's run to take first (`feedscroll feeds`).
    @Test func keysReadAfterTheKeyThatEndsTheRunAreHandedOn() throws {
        let clock = Clock(start)
        let runtime = makeRuntime(clock: clock, role: .opened)
        step(runtime, until: { runtime.backend.screen.contains("Item 0") })
        runtime.backend.send(.key(.escape), .key(.character("j")), .key(.enter))
        var outcome = Runtime<RecordingTerminal>.StepOutcome.running
        for _ in 0..<3 where outcome == .running { outcome = runtime.step(maximumWait: 1000) }
        #expect(outcome == .quit)
        #expect(runtime.ending == .left)
        #expect(runtime.keysAfterEnding == [.character("j"), .enter])
        #expect(runtime.state.list.viewport.cursor == 0)
        #expect(runtime.state.detail == nil)
    }

    /// Scrolling to the end of what is loaded asks for the next page once, and its rows arrive
    /// through the inbox while the reader keeps moving.
    @Test func scrollingNearTheEndFetchesTheNextPageOnce() throws {
        let clock = Clock(start)
        let source = ListSource(items: makeItems(0..<100))
        let runtime = makeRuntime(source: source, clock: clock)
        step(runtime, until: { runtime.state.list.paging.items.count == 20 })
        for _ in 0..<16 { runtime.backend.send(.key(.character("j"))) }
        step(runtime, until: { runtime.state.list.paging.items.count == 40 })
        #expect(fetches(runtime.performed).map(\.index) == [0, 1])
        #expect(source.loads == [.page(0), .page(1)])
        #expect(runtime.state.list.viewport.cursor == 16)
    }

    /// The blocking-store test: the cache's queue is held (a read behind it blocks until the
    /// test lets go), and meanwhile keys are answered and frames drawn; once released, the
    /// cached first screen comes through the inbox and is revalidated from the network.
    @Test func keysAreAnsweredWhileTheCacheReadBlocks() throws {
        let path = NSTemporaryDirectory() + "feedscroll-runtime-test-\(getpid())-\(UUID().uuidString).sqlite"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let store = try CacheStore.openStrict(at: path)
        let feed = FeedKey(source: "list", parameters: "test")
        var cached = makePage(0)
        cached.items = makeItems(0..<20, prefix: "t").map { FeedItem(id: $0.id, title: "Cached \($0.title)") }
        try store.store(cached, index: 0, of: feed, at: start - 120)
        let cache = PageCache(store: store, feed: feed, logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        // Hold the store's queue: every cache read waits behind this until the test releases it.
        let gate = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        cache.writer.submit("held by the test") { _ in
            held.signal()
            gate.wait()
        }
        held.wait()
        let clock = Clock(start)
        let source = ListSource(items: makeItems(0..<100))
        let runtime = makeRuntime(source: source, cache: cache, clock: clock)
        step(runtime, until: { !runtime.performed.isEmpty })
        let read = try #require(runtime.performed.compactMap { if case let .readCache(read) = $0 { read } else { nil } }.first)
        #expect(read.request.index == 0 && read.purpose == .firstScreen)
        // The read is pending: keys are still answered, frames still drawn.
        let framesBefore = runtime.backend.frames.count
        runtime.backend.send(.key(.character("?")))
        step(runtime, until: { runtime.state.isHelpShown })
        runtime.step(maximumWait: 0)
        #expect(runtime.backend.screen.contains("Keys 1–"), "the help is drawn:\n\(runtime.backend.screen)")
        runtime.backend.send(.key(.character("x")))
        step(runtime, until: { !runtime.state.isHelpShown })
        runtime.step(maximumWait: 0)
        #expect(runtime.backend.frames.count >= framesBefore + 2)
        #expect(runtime.state.list.paging.items.isEmpty && source.loads.isEmpty, "nothing answered the read yet")
        // Let go: the cached rows come through the inbox, then the network revalidates them.
        gate.signal()
        step(runtime, until: { runtime.backend.screen.contains("Cached Item 0") })
        #expect(runtime.state.cacheNote == "cached 2 min ago")
        step(runtime, until: { runtime.state.cacheNote == nil && runtime.state.list.paging.items.first?.title == "Item 0" })
        let revalidation = fetches(runtime.performed)
        #expect(revalidation.map(\.generation) == [1], "the revalidation goes to the network: \(revalidation)")
        #expect(source.loads == [.page(0)])
        runtime.backend.send(.key(.character("q")))
        var outcome = Runtime<RecordingTerminal>.StepOutcome.running
        for _ in 0..<3 where outcome == .running { outcome = runtime.step(maximumWait: 1000) }
        #expect(outcome == .quit)
        // The fresh page was stored (the quit flushed the cache's queue).
        let stored = try store.pages(of: feed, from: .page(0), limit: 1)
        #expect(stored.first?.page.items.first?.title == "Item 0")
    }
}
