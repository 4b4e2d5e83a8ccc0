import FeedPaging
import Testing

@Suite struct ViewportTests {
    /// One row of the table: start state, a move, the expected cursor and top.
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var count: Int
        var capacity: Int
        var start: (cursor: Int, top: Int)
        var move: @Sendable (inout Viewport) -> Void
        var expected: (cursor: Int, top: Int)
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "down inside the screen", count: 100, capacity: 10, start: (0, 0), move: { $0.move(by: 1) }, expected: (1, 0)),
        Case(name: "down at the bottom row scrolls one", count: 100, capacity: 10, start: (9, 0), move: { $0.move(by: 1) }, expected: (10, 1)),
        Case(name: "up at the top row scrolls one", count: 100, capacity: 10, start: (10, 10), move: { $0.move(by: -1) }, expected: (9, 9)),
        Case(name: "up at the first item stays", count: 100, capacity: 10, start: (0, 0), move: { $0.move(by: -1) }, expected: (0, 0)),
        Case(name: "down at the last item stays", count: 100, capacity: 10, start: (99, 90), move: { $0.move(by: 1) }, expected: (99, 90)),
        Case(name: "page down keeps the cursor's row", count: 100, capacity: 10, start: (3, 0), move: { $0.page(by: 1) }, expected: (13, 10)),
        Case(name: "page down near the end clamps top and cursor", count: 25, capacity: 10, start: (18, 15), move: { $0.page(by: 1) }, expected: (24, 15)),
        Case(name: "page up near the top", count: 100, capacity: 10, start: (12, 5), move: { $0.page(by: -1) }, expected: (2, 0)),
        Case(name: "page up at the top moves the cursor to the first item", count: 100, capacity: 10, start: (4, 0), move: { $0.page(by: -1) }, expected: (0, 0)),
        Case(name: "half page down", count: 100, capacity: 10, start: (0, 0), move: { $0.halfPage(by: 1) }, expected: (5, 5)),
        Case(name: "half page up", count: 100, capacity: 10, start: (20, 15), move: { $0.halfPage(by: -1) }, expected: (15, 10)),
        Case(name: "G goes to the last item", count: 100, capacity: 10, start: (0, 0), move: { $0.toBottom() }, expected: (99, 90)),
        Case(name: "g goes to the first item", count: 100, capacity: 10, start: (55, 50), move: { $0.toTop() }, expected: (0, 0)),
        Case(name: "fewer items than the screen", count: 3, capacity: 10, start: (0, 0), move: { $0.page(by: 1) }, expected: (2, 0)),
        Case(name: "empty list stays at zero", count: 0, capacity: 10, start: (0, 0), move: { $0.move(by: 5) }, expected: (0, 0)),
        Case(name: "capacity of one", count: 5, capacity: 1, start: (0, 0), move: { $0.move(by: 2) }, expected: (2, 2)),
    ]

    @Test(arguments: cases)
    func moves(_ c: Case) {
        var viewport = Viewport(count: c.count, capacity: c.capacity, cursor: c.start.cursor, top: c.start.top)
        #expect(viewport.cursor == c.start.cursor && viewport.top == c.start.top, "setup of \(c.name)")
        c.move(&viewport)
        #expect(viewport.cursor == c.expected.cursor, "cursor after \(c.name)")
        #expect(viewport.top == c.expected.top, "top after \(c.name)")
        #expect(viewport.visible.contains(viewport.cursor) || viewport.count == 0)
    }

    @Test func growingCountKeepsCursorAndTop() {
        var viewport = Viewport(count: 20, capacity: 10)
        viewport.toBottom()
        #expect(viewport.cursor == 19 && viewport.top == 10)
        viewport.setCount(40)
        #expect(viewport.cursor == 19 && viewport.top == 10)
        #expect(!viewport.showsEnd)
    }

    @Test func shrinkingCountClampsCursor() {
        var viewport = Viewport(count: 40, capacity: 10)
        viewport.moveCursor(to: 35)
        viewport.setCount(20)
        #expect(viewport.cursor == 19)
        #expect(viewport.top == 10)
    }

    @Test func resizeKeepsCursorVisible() {
        var viewport = Viewport(count: 100, capacity: 20)
        viewport.moveCursor(to: 19)
        viewport.setCapacity(5)
        #expect(viewport.cursor == 19)
        #expect(viewport.visible.contains(19))
        viewport.setCapacity(50)
        #expect(viewport.cursor == 19 && viewport.visible.contains(19))
    }

    @Test func anchorKeepsScreenRow() {
        var viewport = Viewport(count: 100, capacity: 10)
        viewport.moveCursor(to: 9)  // row 9
        viewport.moveCursor(to: 4)  // row 4, top 0
        viewport.setCount(120)
        viewport.anchor(cursorAt: 24, row: 4)  // 20 items were inserted above
        #expect(viewport.cursor == 24)
        #expect(viewport.cursorRow == 4)
        #expect(viewport.top == 20)
    }

    @Test func showsEndWhenLastItemVisible() {
        var viewport = Viewport(count: 15, capacity: 10)
        #expect(!viewport.showsEnd)
        viewport.toBottom()
        #expect(viewport.showsEnd)
    }
}
