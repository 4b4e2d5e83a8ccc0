import FeedModel
import Foundation
import Testing

@testable import FeedStore

/// A feed's permanent move, kept by its subscribed URL: across a restart (the file opened
/// again), announced once, announced again when it moves on, and kept by `clear()`.
@Suite struct CacheStoreFeedMoveTests {
    @Test func aMoveSurvivesARestartAndIsAnnouncedOnce() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.file("cache.sqlite")
        let old = "https://old.example/feed.xml"
        do {
            let store = try StoreFixtures.open(path)
            #expect(try store.feedMoves(of: [old]) == [:])
            try store.storeFeedMove(FeedMove(url: "https://new.example/feed.xml", status: 301), of: old, at: 1_000)
        }
        do {
            let reopened = try StoreFixtures.open(path)
            #expect(try reopened.feedMoves(of: [old, "https://other.example/"]) == [
                old: .init(move: FeedMove(url: "https://new.example/feed.xml", status: 301), isAnnounced: false)
            ])
            try reopened.markFeedMovesAnnounced([old])
            // The same move seen again (every fetch through the old address) stays announced.
            try reopened.storeFeedMove(FeedMove(url: "https://new.example/feed.xml", status: 301), of: old, at: 2_000)
        }
        let again = try StoreFixtures.open(path)
        #expect(try again.feedMoves(of: [old])[old]?.isAnnounced == true)
        // Moved on: said again.
        try again.storeFeedMove(FeedMove(url: "https://newer.example/feed", status: 308), of: old, at: 3_000)
        #expect(try again.feedMoves(of: [old])[old] == .init(move: FeedMove(url: "https://newer.example/feed", status: 308), isAnnounced: false))
        try again.clear()
        #expect(try again.feedMoves(of: [old])[old]?.move.url == "https://newer.example/feed")
    }
}
