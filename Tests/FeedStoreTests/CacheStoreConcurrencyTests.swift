import FeedModel
import Foundation
import Testing
import Synchronization

@testable import FeedStore

@Suite struct FeedStoreConcurrencyTests {
    /// Two stores on one file are two SQLite connections with their own locks, as two processes
    /// have: each must wait its turn (the busy timeout), and no write may be lost.
    @Test func twoConnectionsWritingAtOnceLoseNothing() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        let stores = [try StoreFixtures.open(path), try StoreFixtures.open(path)]
        DispatchQueue.concurrentPerform(iterations: 2) { writer in
            for number in 0..<40 {
                let feed = FeedKey(source: "writer \(writer)", parameters: "")
                try? stores[writer].store(StoreFixtures.page(number, last: 39), index: number, of: feed, at: Double(number))
                try? stores[writer].setRead("w\(writer):\(number)", true, at: 1)
            }
        }
        let reader = try StoreFixtures.open(path)
        for writer in 0..<2 {
            #expect(try reader.pages(of: FeedKey(source: "writer \(writer)", parameters: ""), from: .page(0)).count == 40)
        }
        #expect(try reader.readItemIDs().count == 80)
    }
}

@Suite struct FeedStoreOpeningRaceTests {
    /// Processes started together race to create and migrate one new file: GRDB's migrator
    /// reads which migrations are applied outside the transaction that runs each one, so a
    /// loser's `CREATE TABLE` can find the winner's table at any of the migrations. Every
    /// opener must still get a writable store and no warning (CI once saw "SQLite error 1").
    @Test func eightOpenersOfOneNewFileAllGetTheCache() throws {
        let scratch = try ScratchDirectory()
        for round in 0..<12 {
            let path = scratch.file("race\(round).sqlite")
            let openings = Mutex<[StoreOpening]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let opening = CacheStore.open(.file(path))
                openings.withLock { $0.append(opening) }
            }
            let all = openings.withLock { $0 }
            #expect(all.count == 8)
            #expect(all.compactMap(\.warning) == [], "round \(round)")
            #expect(all.allSatisfy { $0.store != nil }, "round \(round)")
        }
    }
}
