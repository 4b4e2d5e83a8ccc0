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
}
