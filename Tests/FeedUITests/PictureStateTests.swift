import FeedPictures
import Testing

@testable import FeedUI

/// The pictures sub-state on its own: its `reduce` hears what the screen wants and what came
/// back, and answers with the loads to start and cancel; no list, detail or size is involved.
@Suite struct PictureStateTests {
    let thumbnail = PictureBox(columns: 4, rows: 2)

    func want(_ numbers: [Int]) -> PictureAction {
        .want(numbers.map { PictureRequest(url: "http://p/\($0).png", boxes: [thumbnail], background: .black) })
    }

    func fetch(_ number: Int) -> AppEffect {
        .fetchPicture(PictureRequest(url: "http://p/\(number).png", boxes: [thumbnail], background: .black))
    }

    func answer(_ number: Int) -> PictureAction {
        let key = PictureKey(url: "http://p/\(number).png", maxColumns: thumbnail.columns, maxRows: thumbnail.rows)
        let cells = Array(repeating: HalfBlockPicture.Cell(top: RGB(1, 2, 3), bottom: RGB(1, 2, 3)), count: 8)
        return .fetched(PictureResult(url: key.url, entries: [key: .picture(HalfBlockPicture(columns: 4, rows: 2, cells: cells))]))
    }

    @Test func theNearestWantedAreAskedForAFewAtATime() {
        var pictures = PictureState(isEnabled: true)
        #expect(pictures.reduce(want(Array(0..<10))) == (0..<PictureState.maxInFlight).map(fetch))
        #expect(pictures.inFlight.count == PictureState.maxInFlight)
        // Asked again, nothing new starts: all six are on their way.
        #expect(pictures.reduce(want(Array(0..<10))) == [])
    }

    @Test func whatIsNoLongerWantedIsCancelledAndItsLateAnswerDropped() {
        var pictures = PictureState(isEnabled: true)
        _ = pictures.reduce(want([0, 1]))
        #expect(pictures.reduce(want([1, 2])) == [.cancelPicture(url: "http://p/0.png"), fetch(2)])
        #expect(pictures.reduce(answer(0)) == [])
        #expect(!pictures.cache.contains(PictureKey(url: "http://p/0.png", maxColumns: 4, maxRows: 2)))
        #expect(pictures.reduce(answer(1)) == [])
        #expect(pictures.entry("http://p/1.png", box: thumbnail) != nil)
        #expect(pictures.inFlight.keys.sorted() == ["http://p/2.png"])
        // Cached, it is never asked for again.
        #expect(pictures.reduce(want([1, 2])) == [])
    }

    @Test func onlyWhatTheCacheCanHoldTogetherIsWanted() {
        // Room for two thumbnails' worst case: the third nearest is not asked for (it would evict one).
        let cost = HalfBlockPicture.maximumCost(columns: 4, rows: 2)
        var pictures = PictureState(isEnabled: true, costLimit: 2 * cost)
        #expect(pictures.reduce(want([0, 1, 2])) == [fetch(0), fetch(1)])
    }

    @Test func turnedOffItCancelsEverythingAndAsksForNothing() {
        var pictures = PictureState(isEnabled: true)
        _ = pictures.reduce(want([0, 1]))
        pictures.isEnabled = false
        #expect(pictures.reduce(want([0, 1, 2])) == [.cancelPicture(url: "http://p/0.png"), .cancelPicture(url: "http://p/1.png")])
        #expect(pictures.inFlight.isEmpty)
    }
}
