import FeedModel
import Foundation
import Synchronization
import Testing

@testable import FeedStore

@Suite struct StoreWriterTests {
    @Test func writesRunOffTheCallerInOrderAndFlushWaitsForThem() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let writer = StoreWriter(store: store) { _ in }
        let caller = pthread_self()
        let threads = Mutex<[Bool]>([])
        for number in 0..<3 {
            writer.submit("store page") { store in
                threads.withLock { $0.append(pthread_equal(pthread_self(), caller) != 0) }
                try store.store(StoreFixtures.page(number), index: number, of: StoreFixtures.feed, at: Double(number))
            }
        }
        writer.submit("read mark") { try $0.setRead("hn:1", true, at: 9) }
        writer.flush()
        #expect(threads.withLock { $0 } == [false, false, false])
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).count == 3)
        #expect(try store.readItemIDs() == ["hn:1"])
    }

    @Test func aFailingWriteIsReportedOnceAndTheNextOnesStillRun() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let reports = Mutex<[String]>([])
        let writer = StoreWriter(store: store) { line in reports.withLock { $0.append(line) } }
        struct Broken: Error {}
        writer.submit("visit") { _ in throw Broken() }
        writer.submit("visit") { _ in throw Broken() }
        writer.submit("read mark") { try $0.setRead("hn:2", true, at: 1) }
        writer.flush()
        #expect(reports.withLock { $0 } == ["cache: visit failed: Broken()"])
        #expect(try store.readItemIDs() == ["hn:2"])
    }

    /// Pages queued while a write runs go into one batch, in order: a later page at the same
    /// index replaces an earlier one, as single writes would.
    @Test func pagesQueuedBehindAWriteAreStoredTogetherInOrder() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let writer = StoreWriter(store: store) { _ in }
        let gate = DispatchSemaphore(value: 0)
        let storedCalls = Mutex(0)
        writer.submit("hold") { _ in gate.wait() }
        for number in 0..<6 {
            writer.store(PageWrite(page: StoreFixtures.page(number, last: 5), index: number, feed: StoreFixtures.feed, time: Double(number))) {
                storedCalls.withLock { $0 += 1 }
            }
        }
        var replacement = StoreFixtures.page(2, last: 5)
        replacement.items[0].title = "replaced"
        writer.store(PageWrite(page: replacement, index: 2, feed: StoreFixtures.feed, time: 7))
        #expect(writer.unwrittenPages == 7)
        #expect(try store.pages(of: StoreFixtures.feed, from: .page(0)).isEmpty)
        #expect(storedCalls.withLock { $0 } == 0, "told stored only once committed")
        gate.signal()
        writer.flush()
        #expect(writer.unwrittenPages == 0)
        #expect(storedCalls.withLock { $0 } == 6)
        let pages = try store.pages(of: StoreFixtures.feed, from: .page(0))
        #expect(pages.map(\.index) == Array(0..<6))
        #expect(pages[2].page.items[0].title == "replaced")
    }

    /// `waitForRoom` holds its caller while more pages than it allows wait to be written, and
    /// lets it go once they are stored.
    @Test func waitForRoomHoldsTheCallerUntilTheBacklogIsWritten() throws {
        let scratch = try ScratchDirectory()
        let store = try StoreFixtures.open(scratch.file("cache.sqlite"))
        let writer = StoreWriter(store: store) { _ in }
        let gate = DispatchSemaphore(value: 0)
        writer.submit("hold") { _ in gate.wait() }
        for number in 0..<5 {
            writer.store(PageWrite(page: StoreFixtures.page(number, last: 4), index: number, feed: StoreFixtures.feed, time: 1))
        }
        writer.waitForRoom(pages: 5)  // 5 waiting is within the bound: returns at once
        let returned = DispatchSemaphore(value: 0)
        let storedWhenLetGo = Mutex(-1)
        DispatchQueue.global().async {
            writer.waitForRoom(pages: 2)
            storedWhenLetGo.withLock { $0 = (try? store.pages(of: StoreFixtures.feed, from: .page(0)).count) ?? -1 }
            returned.signal()
        }
        // Still held while the queue is: a waiter let go early would be back well within this.
        #expect(returned.wait(timeout: .now() + 0.5) == .timedOut)
        gate.signal()
        returned.wait()
        #expect(storedWhenLetGo.withLock { $0 } == 5)
    }
}
