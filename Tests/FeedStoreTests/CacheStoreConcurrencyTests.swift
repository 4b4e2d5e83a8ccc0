import FeedModel
import Foundation
import Testing

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
