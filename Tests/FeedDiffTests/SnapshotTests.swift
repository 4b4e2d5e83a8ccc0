import FeedDiff
import PropertyBased
import Testing

@Suite struct SnapshotTests {
    @Test func emptySnapshotHasNoRows() {
        let empty = Snapshot<Row>()
        #expect(empty.count == 0)
        #expect(empty.isEmpty)
        #expect(empty.items == [])
        #expect(empty.index(of: "a") == nil)
        #expect(empty == Snapshot([]))
    }

    @Test func rowsAreFoundById() {
        let abc = snapshot("a b c")
        #expect(abc.ids == ["a", "b", "c"])
        #expect(abc.count == 3)
        #expect(abc.index(of: "a") == 0)
        #expect(abc.index(of: "c") == 2)
        #expect(abc.index(of: "z") == nil)
        #expect(abc.contains(id: "b"))
        #expect(!abc.contains(id: "z"))
        #expect(abc[1] == Row("b"))
        #expect(abc[id: "c"] == Row("c"))
        #expect(abc[id: "z"] == nil)
    }

    @Test func duplicateIdKeepsFirstRowWithLastContent() {
        let deduplicated = snapshot("a b a1 c a2 b3")
        #expect(deduplicated.items == rows("a2 b3 c"))
        #expect(deduplicated.index(of: "c") == 2)
    }

    @Test func equalityComparesIdsOrderAndContent() {
        #expect(snapshot("a b") == snapshot("a b"))
        #expect(snapshot("a b") != snapshot("b a"))
        #expect(snapshot("a b") != snapshot("a b1"))
        #expect(snapshot("a b") != snapshot("a b c"))
        var built = snapshot("c")
        built.prepend(contentsOf: rows("a b"))
        #expect(built == snapshot("a b c"))
    }

    @Test func appendAddsNewIdsAndUpdatesKnownOnes() {
        var feed = snapshot("a b")
        feed.append(contentsOf: rows("c b1 d c2"))
        #expect(feed.items == rows("a b1 c2 d"))
        #expect(feed.index(of: "d") == 3)
    }

    @Test func prependKeepsOrderAndRowsOfExistingIds() {
        var feed = snapshot("c d")
        feed.prepend(contentsOf: rows("a d1 b a1"))
        #expect(feed.items == rows("a1 b c d1"))
        #expect(feed.ids.map { feed.index(of: $0) } == [0, 1, 2, 3])
        feed.prepend(contentsOf: rows("z"))
        #expect(feed.index(of: "z") == 0)
        #expect(feed.index(of: "d") == 4)
    }

    @Test func removingAtBothEndsAcrossPrependedAndAppendedRows() {
        var feed = snapshot("c d")
        feed.prepend(contentsOf: rows("a b"))
        feed.append(contentsOf: rows("e f"))
        feed.removeFirst(3)
        #expect(feed.items == rows("d e f"))
        #expect(feed.index(of: "a") == nil)
        #expect(feed.index(of: "d") == 0)
        feed.prepend(contentsOf: rows("x"))
        feed.removeLast(2)
        #expect(feed.items == rows("x d"))
        #expect(feed.index(of: "f") == nil)
        #expect(feed.index(of: "d") == 1)
        feed.removeLast(2)
        #expect(feed.isEmpty)
        feed.append(contentsOf: rows("a"))
        #expect(feed.items == rows("a"))
        #expect(feed.index(of: "a") == 0)
    }

    @Test func updateChangesContentOnlyForKnownIds() {
        var feed = snapshot("a b")
        #expect(feed.update(Row("b", 7)) == 1)
        #expect(feed.update(Row("z", 7)) == nil)
        #expect(feed.items == rows("a b7"))
    }

    /// Random appends, prepends, updates and removals at both ends behave like the same edits
    /// on a plain array, and every id's row stays right.
    @Test func editsMatchAnArrayModel() async {
        let edit = zip(Gen.int(in: 0...4), Gen.int(in: 0...40), Gen.int(in: 0...120))
        await propertyCheck(count: 200, input: edit.array(of: 0...40)) { edits in
            var feed = Snapshot<Row>()
            var model: [Row] = []
            for (step, (kind, amount, firstID)) in edits.enumerated() {
                let batch = (0..<amount).map { Row("\((firstID + $0 * 7) % 90)", step) }
                switch kind {
                case 0:
                    feed.append(contentsOf: batch)
                    for row in batch {
                        if let at = model.firstIndex(where: { $0.id == row.id }) { model[at] = row } else { model.append(row) }
                    }
                case 1:
                    feed.prepend(contentsOf: batch)
                    var added: [Row] = []
                    for row in batch {
                        if let at = model.firstIndex(where: { $0.id == row.id }) {
                            model[at] = row
                        } else if let at = added.firstIndex(where: { $0.id == row.id }) {
                            added[at] = row
                        } else {
                            added.append(row)
                        }
                    }
                    model.insert(contentsOf: added, at: 0)
                case 2:
                    let k = min(amount, model.count)
                    feed.removeFirst(k)
                    model.removeFirst(k)
                case 3:
                    let k = min(amount, model.count)
                    feed.removeLast(k)
                    model.removeLast(k)
                default:
                    for row in batch {
                        let expected = model.firstIndex { $0.id == row.id }
                        #expect(feed.update(row) == expected)
                        if let expected { model[expected] = row }
                    }
                }
                #expect(feed.items == model)
                for (row, item) in model.enumerated() where feed.index(of: item.id) != row {
                    Issue.record("\(item.id) should be at row \(row), is at \(String(describing: feed.index(of: item.id)))")
                }
                #expect(feed.ids.count == Set(feed.ids).count)
            }
            let modelIDs = Set(model.map(\.id))
            for id in 0..<90 where !modelIDs.contains("\(id)") {
                #expect(feed.index(of: "\(id)") == nil)
            }
        }
    }

}
