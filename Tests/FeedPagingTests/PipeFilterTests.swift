import FeedModel
import FeedPaging
import Testing

@Suite struct PipeFilterTests {
    func item(_ id: Int) -> FeedItem { FeedItem(id: "item-\(id)", title: "Item \(id)") }

    @Test func eachIdIsWrittenOnce() {
        var filter = PipeFilter(pageSize: 30)
        let offered = [1, 2, 3, 2, 4, 1, 5].map(item)
        var written: [String] = []
        for item in offered where filter.admits(item) { written.append(item.id) }
        #expect(written == ["item-1", "item-2", "item-3", "item-4", "item-5"])
        #expect(filter.stop == nil)
    }

    @Test func memoryStaysBoundedWhateverTheRunLength() {
        var seen = SeenIDs(capacity: 1000)
        for id in 0..<100_000 {
            do { let answer = seen.insert("id-\(id)"); #expect(answer) }
            #expect(seen.count <= 1000)
        }
        // The last half capacity at least is remembered; the oldest are forgotten.
        for id in (100_000 - 500)..<100_000 { let answer = seen.insert("id-\(id)"); #expect(!answer) }
        do { let answer = seen.insert("id-0"); #expect(answer) }
    }

    @Test func aRepeatRightAfterAGenerationTurnsOverIsStillCaught() {
        var seen = SeenIDs(capacity: 4)
        do { let answer = seen.insert("a"); #expect(answer) }
        do { let answer = seen.insert("b"); #expect(answer) }  // the current generation is full: it becomes the previous one
        do { let answer = seen.insert("a"); #expect(!answer) }
        do { let answer = seen.insert("b"); #expect(!answer) }
        do { let answer = seen.insert("c"); #expect(answer) }
        do { let answer = seen.insert("d"); #expect(answer) }  // turns over again: a and b are forgotten
        do { let answer = seen.insert("c"); #expect(!answer) }
        do { let answer = seen.insert("a"); #expect(answer) }
    }

    @Test func anAPIThatOnlyRepeatsWrittenItemsStopsAfterFourPagesWorth() {
        var filter = PipeFilter(pageSize: 10)
        for id in 0..<50 { let answer = filter.admits(item(id)); #expect(answer) }
        // Old pages handed out again under fresh cursors: nothing new, page after page.
        var offered = 0
        while filter.stop == nil && offered < 1000 {
            do { let answer = filter.admits(item(offered % 50)); #expect(!answer) }
            offered += 1
        }
        #expect(offered == PagingState.barrenPageLimit * 10)
        #expect(filter.stop?.message == "the API keeps returning items already written — stopped after 40 in a row")
        #expect(filter.stop?.kind == .noProgress)
    }

    @Test func oneNewItemStartsTheCountAgain() {
        var filter = PipeFilter(pageSize: 10)
        for id in 0..<10 { _ = filter.admits(item(id)) }
        for id in 0..<39 { _ = filter.admits(item(id % 10)) }
        #expect(filter.stop == nil && filter.repeatedRun == 39)
        do { let answer = filter.admits(item(99)); #expect(answer) }
        #expect(filter.repeatedRun == 0)
        for id in 0..<39 { _ = filter.admits(item(id % 10)) }
        #expect(filter.stop == nil)
    }
}
