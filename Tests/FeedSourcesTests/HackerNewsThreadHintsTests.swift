import Testing

@testable import FeedSources

struct HackerNewsThreadHintsTests {
    @Test func remembersTheLatestRecordOfAStory() {
        let hints = HackerNewsThreadHints()
        #expect(hints.kids(of: 1) == nil)
        hints.record(1, kids: [2, 3])
        hints.record(1, kids: [2, 3, 4])
        #expect(hints.kids(of: 1) == [2, 3, 4])
        #expect(hints.count == 1)
        // No replies: nothing to fetch ahead, so the story is forgotten.
        hints.record(1, kids: [])
        #expect(hints.kids(of: 1) == nil)
        #expect(hints.count == 0)
    }

    @Test func isBoundedInStoriesAndRepliesForgettingTheOldestFirst() {
        let hints = HackerNewsThreadHints(capacity: 3, kidsPerStory: 2)
        hints.record(1, kids: [10, 11, 12])
        hints.record(2, kids: [20])
        hints.record(3, kids: [30])
        #expect(hints.kids(of: 1) == [10, 11])
        // Recording 1 again makes it the newest: 2 is the oldest when 4 arrives.
        hints.record(1, kids: [13])
        hints.record(4, kids: [40])
        #expect(hints.count == 3)
        #expect(hints.kids(of: 2) == nil)
        #expect(hints.kids(of: 1) == [13])
        #expect(hints.kids(of: 3) == [30])
        #expect(hints.kids(of: 4) == [40])
        for id in 100..<1_000 { hints.record(id, kids: Array(0..<100)) }
        #expect(hints.count == 3)
        #expect(hints.kids(of: 999) == [0, 1])
    }
}
