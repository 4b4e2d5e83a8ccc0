import FeedModel
import FeedPaging
import Testing

/// The viewport with hidden rows (read items under `H`): it must behave exactly like a viewport
/// over the shown items alone, with indices translated, whatever is hidden.
@Suite struct ViewportHiddenTests {
    @Test func hiddenItemsTakeNoRowAndTheCursorSkipsThem() {
        var viewport = Viewport(count: 10, capacity: 3)
        viewport.setRows(count: 10, hidden: [1, 2, 5])
        #expect(viewport.shownCount == 7)
        #expect(viewport.shown == [0, 3, 4])
        #expect(viewport.visible == 0..<5)
        viewport.move(by: 1)
        #expect(viewport.cursor == 3 && viewport.cursorRow == 1)
        viewport.move(by: 2)
        // 0 3 4 | 6: the window scrolled one shown row, past the hidden 5.
        #expect(viewport.cursor == 6 && viewport.top == 3 && viewport.cursorRow == 2)
        #expect(viewport.shown == [3, 4, 6])
        #expect(viewport.item(atRow: 0) == 3 && viewport.item(atRow: 2) == 6 && viewport.item(atRow: 3) == nil)
        #expect(viewport.hiddenBefore(6) == 3)
    }

    @Test func aCursorWhoseItemIsHiddenGoesToTheNextShownOneElseThePrevious() {
        var viewport = Viewport(count: 6, capacity: 4, cursor: 2, top: 0)
        viewport.setRows(count: 6, hidden: [2, 3])
        #expect(viewport.cursor == 4)
        viewport.setRows(count: 6, hidden: [4, 5])
        #expect(viewport.cursor == 3)
        viewport.moveCursor(to: 4)
        #expect(viewport.cursor == 3)
    }

    @Test func everythingHiddenLeavesNoCursorItemAndTheEndOnScreen() {
        var viewport = Viewport(count: 4, capacity: 3, cursor: 1, top: 0)
        viewport.setRows(count: 4, hidden: [0, 1, 2, 3])
        #expect(!viewport.hasCursorItem)
        #expect(viewport.cursor == 4 && viewport.shown.isEmpty && viewport.showsEnd)
        viewport.move(by: 1)
        #expect(!viewport.hasCursorItem)
        // A page arrives with shown items: the cursor lands on the first of them.
        viewport.setRows(count: 8, hidden: [0, 1, 2, 3, 5])
        #expect(viewport.cursor == 4 && viewport.hasCursorItem)
        #expect(viewport.shown == [4, 6, 7])
    }

    @Test func setCountForgetsHiddenRowsPastTheEnd() {
        var viewport = Viewport(count: 10, capacity: 3)
        viewport.setRows(count: 10, hidden: [2, 8])
        viewport.setCount(5)
        #expect(viewport.hidden == [2])
        #expect(viewport.shownCount == 4)
    }

    /// Model check: random hidden sets and moves, against a plain viewport over the shown items.
    @Test(arguments: 0..<200)
    func behavesLikeAViewportOverTheShownItems(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let count = Int.random(in: 0...60, using: &random)
        let capacity = Int.random(in: 1...8, using: &random)
        let hidden = (0..<count).filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
        let shownItems = (0..<count).filter { !hidden.contains($0) }
        var viewport = Viewport(count: count, capacity: capacity)
        viewport.setRows(count: count, hidden: hidden)
        var model = Viewport(count: shownItems.count, capacity: capacity)
        for step in 0..<30 {
            let amount = Int.random(in: -7...7, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: viewport.move(by: amount); model.move(by: amount)
            case 1: viewport.page(by: amount.signum()); model.page(by: amount.signum())
            case 2: viewport.halfPage(by: amount.signum()); model.halfPage(by: amount.signum())
            case 3: viewport.toTop(); model.toTop()
            case 4: viewport.toBottom(); model.toBottom()
            case 5:
                guard !shownItems.isEmpty else { break }
                let target = Int.random(in: 0..<shownItems.count, using: &random)
                viewport.moveCursor(to: shownItems[target]); model.moveCursor(to: target)
            default:
                let row = Int.random(in: 0..<capacity, using: &random)
                viewport.anchor(cursorAt: viewport.cursor, row: row); model.anchor(cursorAt: model.cursor, row: row)
            }
            let context = "seed \(seed) step \(step)"
            if shownItems.isEmpty {
                #expect(!viewport.hasCursorItem && viewport.shown.isEmpty, "\(context)")
                continue
            }
            #expect(viewport.cursor == shownItems[model.cursor], "\(context)")
            #expect(viewport.top == shownItems[model.top], "\(context)")
            #expect(viewport.cursorRow == model.cursorRow, "\(context)")
            #expect(viewport.showsEnd == model.showsEnd, "\(context)")
            #expect(viewport.shown == model.visible.map { shownItems[$0] }, "\(context)")
        }
    }
}
