import FeedDiff
import PropertyBased
import Testing

/// Receives a page and checks that the returned changeset replays the change.
@discardableResult
private func receive(
    _ applier: inout SnapshotApplier<Row>, page: Int, _ items: [Row],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Changeset<Row> {
    let before = applier.snapshot
    let changeset = applier.receive(page: page, items: items)
    expectReproducible(changeset, from: before, to: applier.snapshot, sourceLocation: sourceLocation)
    return changeset
}

private func receive(
    _ applier: inout SnapshotApplier<Row>, page: Int, _ text: String,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Changeset<Row> {
    receive(&applier, page: page, rows(text), sourceLocation: sourceLocation)
}

private func inserts(_ first: Int, _ text: String) -> [Changeset<Row>.IndexedItem] {
    rows(text).enumerated().map { .init(index: first + $0.offset, item: $0.element) }
}

/// Every row belongs to exactly one page of the window, pages in order, ids unique.
private func expectConsistent(_ applier: SnapshotApplier<Row>, sourceLocation: SourceLocation = #_sourceLocation) {
    let ids = applier.snapshot.ids
    #expect(Set(ids).count == ids.count, "duplicate ids \(ids)", sourceLocation: sourceLocation)
    guard let pageRange = applier.pageRange else {
        #expect(applier.snapshot.isEmpty, sourceLocation: sourceLocation)
        return
    }
    var nextRow = 0
    for page in pageRange {
        guard let rows = applier.rows(ofPage: page) else {
            Issue.record("page \(page) has no rows", sourceLocation: sourceLocation)
            return
        }
        #expect(rows.lowerBound == nextRow, sourceLocation: sourceLocation)
        for row in rows where applier.page(ofRow: row) != page {
            Issue.record("row \(row) should belong to page \(page)", sourceLocation: sourceLocation)
        }
        nextRow = rows.upperBound
    }
    #expect(nextRow == applier.snapshot.count, sourceLocation: sourceLocation)
    #expect(applier.page(ofRow: nextRow) == nil, sourceLocation: sourceLocation)
}

@Suite struct SnapshotApplierTests {
    @Test func pagesInOrderAppend() {
        var applier = SnapshotApplier<Row>()
        #expect(applier.pageRange == nil)
        #expect(receive(&applier, page: 0, "a b") == Changeset(inserts: inserts(0, "a b")))
        #expect(receive(&applier, page: 1, "c d e") == Changeset(inserts: inserts(2, "c d e")))
        #expect(applier.snapshot == snapshot("a b c d e"))
        #expect(applier.pageRange == 0...1)
        #expect(applier.rows(ofPage: 0) == 0..<2)
        #expect(applier.rows(ofPage: 1) == 2..<5)
        #expect(applier.rows(ofPage: 2) == nil)
        #expect(applier.page(ofRow: 1) == 0)
        #expect(applier.page(ofRow: 2) == 1)
        #expect(applier.page(ofRow: 5) == nil)
        expectConsistent(applier)
    }

    @Test func pagesOutOfOrderAreAppliedInPageOrder() {
        var applier = SnapshotApplier<Row>()
        #expect(receive(&applier, page: 2, "e f").isEmpty)
        #expect(applier.bufferedPages == [2])
        #expect(applier.snapshot.isEmpty)
        #expect(applier.pageRange == nil)

        #expect(receive(&applier, page: 0, "a b") == Changeset(inserts: inserts(0, "a b")))
        #expect(applier.bufferedPages == [2])
        #expect(applier.pageRange == 0...0)

        #expect(receive(&applier, page: 1, "c d") == Changeset(inserts: inserts(2, "c d e f")))
        #expect(applier.bufferedPages == [])
        #expect(applier.pageRange == 0...2)
        #expect(applier.snapshot == snapshot("a b c d e f"))
        #expect(applier.rows(ofPage: 2) == 4..<6)
        expectConsistent(applier)
    }

    @Test func openingPageCanBeLeftToTheFirstArrival() {
        var applier = SnapshotApplier<Row>(openingAt: nil)
        #expect(receive(&applier, page: 5, "e f") == Changeset(inserts: inserts(0, "e f")))
        #expect(applier.pageRange == 5...5)
        #expect(receive(&applier, page: 4, "c d") == Changeset(inserts: inserts(0, "c d")))
        #expect(applier.snapshot == snapshot("c d e f"))
        #expect(applier.pageRange == 4...5)
    }

    @Test func duplicateAcrossPagesUpdatesTheFirstRow() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b")
        let changeset = receive(&applier, page: 1, "c a1 d a2 c3")
        #expect(changeset == Changeset(inserts: inserts(2, "c3 d"), updates: [.init(index: 0, item: Row("a", 2))]))
        #expect(applier.snapshot == snapshot("a2 b c3 d"))
        #expect(applier.rows(ofPage: 1) == 2..<4)
        // The same content again is not a change.
        #expect(receive(&applier, page: 2, "b x") == Changeset(inserts: inserts(4, "x")))
        expectConsistent(applier)
    }

    @Test func pageMadeOnlyOfDuplicatesOwnsNoRows() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b")
        receive(&applier, page: 1, "a b")
        receive(&applier, page: 2, "c")
        #expect(applier.rows(ofPage: 1) == 2..<2)
        #expect(applier.rows(ofPage: 2) == 2..<3)
        #expect(applier.page(ofRow: 2) == 2)
        expectConsistent(applier)
    }

    @Test func reReceivedPageIsDiffedInPlace() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b")
        receive(&applier, page: 1, "c d")
        receive(&applier, page: 2, "e")
        let changeset = receive(&applier, page: 1, "d1 x")
        #expect(
            changeset
                == Changeset(deletes: [2], inserts: inserts(3, "x"), updates: [.init(index: 2, item: Row("d", 1))]))
        #expect(applier.snapshot == snapshot("a b d1 x e"))
        #expect(applier.rows(ofPage: 2) == 4..<5)

        // An id owned by another page updates that page's row instead.
        let crossPage = receive(&applier, page: 2, "e b5 y")
        #expect(crossPage == Changeset(inserts: inserts(5, "y"), updates: [.init(index: 1, item: Row("b", 5))]))
        #expect(applier.snapshot == snapshot("a b5 d1 x e y"))
        #expect(receive(&applier, page: 0, "a b5").isEmpty)
        expectConsistent(applier)
    }

    @Test func refreshThatChangesLengthNearEitherEnd() {
        var applier = SnapshotApplier<Row>()
        for page in 0..<6 { receive(&applier, page: page, rows(ids: [page * 10, page * 10 + 1])) }
        receive(&applier, page: 1, rows(ids: [10, 12, 13, 14]))
        receive(&applier, page: 4, rows(ids: [41]))
        receive(&applier, page: 5, [])
        #expect(applier.snapshot.ids == ["0", "1", "10", "12", "13", "14", "20", "21", "30", "31", "41"])
        #expect(applier.rows(ofPage: 5) == 11..<11)
        expectConsistent(applier)
    }

    @Test func dropsAtEitherEndThenRefetch() {
        var applier = SnapshotApplier<Row>()
        for (page, text) in ["a b", "c d", "e f", "g h"].enumerated() { receive(&applier, page: page, text) }

        #expect(applier.dropPages(below: 2) == Changeset(deletes: [0, 1, 2, 3]))
        #expect(applier.pageRange == 2...3)
        #expect(applier.snapshot == snapshot("e f g h"))
        #expect(applier.rows(ofPage: 2) == 0..<2)

        #expect(applier.dropPages(above: 2) == Changeset(deletes: [2, 3]))
        #expect(applier.pageRange == 2...2)
        #expect(applier.dropPages(above: 7).isEmpty)
        #expect(applier.dropPages(below: 1).isEmpty)

        // Scrolling back re-fetches page 1, then 0: prepends.
        #expect(receive(&applier, page: 1, "c d") == Changeset(inserts: inserts(0, "c d")))
        #expect(receive(&applier, page: 0, "a b") == Changeset(inserts: inserts(0, "a b")))
        #expect(receive(&applier, page: 3, "g h") == Changeset(inserts: inserts(6, "g h")))
        #expect(applier.snapshot == snapshot("a b c d e f g h"))
        #expect(applier.pageRange == 0...3)
        expectConsistent(applier)
    }

    @Test func backwardPagesOutOfOrderWaitForTheGap() {
        var applier = SnapshotApplier<Row>()
        for (page, text) in ["a", "b", "c", "d"].enumerated() { receive(&applier, page: page, text) }
        applier.dropPages(below: 3)
        #expect(receive(&applier, page: 1, "b").isEmpty)
        #expect(applier.bufferedPages == [1])
        #expect(receive(&applier, page: 2, "c") == Changeset(inserts: inserts(0, "b c")))
        #expect(applier.snapshot == snapshot("b c d"))
        #expect(applier.pageRange == 1...3)
    }

    @Test func prependedDuplicateUpdatesTheLaterRow() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b")
        receive(&applier, page: 1, "c d")
        applier.dropPages(below: 1)
        let changeset = receive(&applier, page: 0, "a d7 b")
        #expect(changeset == Changeset(inserts: inserts(0, "a b"), updates: [.init(index: 3, item: Row("d", 7))]))
        #expect(applier.snapshot == snapshot("a b c d7"))
        expectConsistent(applier)
    }

    @Test func dropsForgetBufferedPagesBeyondTheCut() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a")
        receive(&applier, page: 3, "d")
        receive(&applier, page: 5, "f")
        #expect(applier.bufferedPages == [3, 5])
        applier.dropPages(above: 4)
        #expect(applier.bufferedPages == [3])
        applier.dropPages(below: 4)
        #expect(applier.bufferedPages == [])
        #expect(applier.pageRange == nil)
    }

    @Test func droppingEverythingLetsAnyPageReopen() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b")
        receive(&applier, page: 1, "c")
        #expect(applier.dropPages(below: 9) == Changeset(deletes: [0, 1, 2]))
        #expect(applier.pageRange == nil)
        #expect(applier.openingPage == nil)
        #expect(receive(&applier, page: 9, "x") == Changeset(inserts: inserts(0, "x")))
        #expect(applier.pageRange == 9...9)
        #expect(applier.dropPages(above: -1) == Changeset(deletes: [0]))
        #expect(applier.pageRange == nil)
    }

    @Test func resetForgetsEverything() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b")
        receive(&applier, page: 2, "c")
        #expect(applier.reset() == Changeset(deletes: [0, 1]))
        #expect(applier.snapshot.isEmpty)
        #expect(applier.pageRange == nil)
        #expect(applier.bufferedPages == [])
        #expect(applier.openingPage == 0)
        #expect(receive(&applier, page: 1, "z").isEmpty)
    }


    // MARK: - Properties

    /// Pages over a small id space: duplicates within and across pages, random content.
    static let randomPages = zip(Gen.int(in: 0...20), Gen.int(in: 0...3)).array(of: 0...5).array(of: 1...7)

    @Test func arrivalOrderDoesNotMatter() async {
        let priorities = Gen.int(in: 0...1_000).array(of: 7)
        await propertyCheck(count: 300, input: Self.randomPages, priorities) { pages, priorities in
            let pages = pages.map { page in page.map { Row("\($0.0)", $0.1) } }
            var inOrder = SnapshotApplier<Row>()
            for (index, page) in pages.enumerated() { receive(&inOrder, page: index, page) }
            // First occurrence of an id gives the row, last gives the content: like Snapshot.init.
            #expect(inOrder.snapshot == Snapshot(pages.joined()))

            var shuffled = SnapshotApplier<Row>()
            let arrival = pages.indices.sorted { (priorities[$0], $0) < (priorities[$1], $1) }
            for index in arrival {
                receive(&shuffled, page: index, pages[index])
                expectConsistent(shuffled)
            }
            #expect(shuffled.snapshot == inOrder.snapshot, "arrival \(arrival)")
            #expect(shuffled == inOrder)
            #expect(shuffled.pageRange == 0...(pages.count - 1))
            #expect(shuffled.bufferedPages == [])
            for index in pages.indices {
                #expect(shuffled.rows(ofPage: index) == inOrder.rows(ofPage: index))
            }
        }
    }

    /// Refreshes, drops and re-fetches in any mix keep every changeset replayable and the
    /// page bookkeeping consistent.
    @Test func anyMixOfOperationsStaysConsistent() async {
        let operation = zip(Gen.int(in: 0...6), Gen.int(in: -1...8), Gen.int(in: 0...20).array(of: 0...5))
        await propertyCheck(count: 300, input: operation.array(of: 1...30)) { operations in
            var applier = SnapshotApplier<Row>()
            for (step, (kind, page, ids)) in operations.enumerated() {
                let before = applier.snapshot
                let changeset: Changeset<Row>
                switch kind {
                case 0: changeset = applier.dropPages(below: page)
                case 1: changeset = applier.dropPages(above: page)
                case 6:
                    // A live update of two pages from `page`: the ids split between them.
                    let half = ids.count / 2
                    changeset = applier.refreshSpan(
                        from: page, pages: [rows(ids: Array(ids[..<half]), version: step % 3), rows(ids: Array(ids[half...]), version: step % 3)])
                default: changeset = applier.receive(page: page, items: rows(ids: ids, version: step % 3))
                }
                expectReproducible(changeset, from: before, to: applier.snapshot)
                expectConsistent(applier)
                if let pageRange = applier.pageRange {
                    #expect(applier.bufferedPages.allSatisfy { !pageRange.contains($0) })
                }
            }
        }
    }

    // MARK: - Live updates of a span

    private func refreshSpan(_ applier: inout SnapshotApplier<Row>, from page: Int, _ pages: [String]) -> Changeset<Row> {
        let before = applier.snapshot
        let changeset = applier.refreshSpan(from: page, pages: pages.map(rows))
        expectReproducible(changeset, from: before, to: applier.snapshot)
        expectConsistent(applier)
        return changeset
    }

    @Test func spanRefreshUpdatesRemovesAndInsertsInPlace() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b c")
        receive(&applier, page: 1, "d e f")
        receive(&applier, page: 2, "g h i")
        // Page 1 again: e's score changed, d is gone (f is still there after it), x is new.
        let changeset = refreshSpan(&applier, from: 1, ["x e1 f"])
        #expect(applier.snapshot == snapshot("a b c x e1 f g h i"))
        #expect(applier.rows(ofPage: 1) == 3..<6)
        #expect(changeset.deletes == [3])
        #expect(changeset.inserts.map(\.index) == [3])
        #expect(changeset.updates.map(\.index) == [4])
    }

    @Test func rowsShiftedPastTheSpanStay() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b c")
        receive(&applier, page: 1, "d e f")
        // Two new items at the top push b and c out of the re-fetched first page: they moved, not
        // vanished, so they stay (at the end of the span).
        refreshSpan(&applier, from: 0, ["n m a"])
        #expect(applier.snapshot == snapshot("n m a b c d e f"))
        #expect(applier.rows(ofPage: 0) == 0..<5)
        #expect(applier.rows(ofPage: 1) == 5..<8)
    }

    @Test func rowsPulledInFromTheNextPageUpdateThere() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b c")
        receive(&applier, page: 1, "d e f")
        // a was removed from the feed: page 0 now ends with d, which page 1 already shows.
        refreshSpan(&applier, from: 0, ["b c d1"])
        #expect(applier.snapshot == snapshot("b c d1 e f"))
        #expect(applier.rows(ofPage: 1) == 2..<5)
    }

    @Test func spanOutsideTheWindowChangesNothing() {
        var applier = SnapshotApplier<Row>()
        receive(&applier, page: 0, "a b")
        #expect(refreshSpan(&applier, from: 1, ["c"]).isEmpty)
        #expect(refreshSpan(&applier, from: 0, []).isEmpty)
        #expect(applier.snapshot == snapshot("a b"))
    }
}
