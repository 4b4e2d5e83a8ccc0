import FeedDiff
import PropertyBased
import Testing

@Suite struct ChangesetRowsTests {
    @Test func followsRowsThroughEachKindOfChange() {
        // a b c d e → a c1 x e b: b moved to the end, c updated, d deleted, x inserted.
        let changeset = diff(snapshot("a b c d e"), snapshot("a c1 x e b"))
        let map = changeset.rowMap
        #expect((0..<5).map(map.newRow(ofOldRow:)) == [0, 4, 1, nil, 3])
        #expect(changeset.insertCount(above: 2) == 0)
        #expect(changeset.insertCount(above: 3) == 1)
    }

    @Test func prependedRowsPushEveryRowDown() {
        let changeset = diff(snapshot("a b c"), snapshot("x y a b c"))
        #expect((0..<3).map(changeset.rowMap.newRow(ofOldRow:)) == [2, 3, 4])
        #expect(changeset.insertCount(above: 2) == 2)
    }

    @Test func theFirstChangedRowIsWhereTheSnapshotsPart() {
        #expect(diff(snapshot("a b c"), snapshot("a b c x y")).firstChangedRow == 3)
        #expect(diff(snapshot("a b c"), snapshot("a b1 c")).firstChangedRow == 1)
        #expect(diff(snapshot("a b c d"), snapshot("a b d")).firstChangedRow == 2)
        #expect(diff(snapshot("a b c d"), snapshot("a d b c")).firstChangedRow == 1)
        #expect(diff(snapshot("a b c"), snapshot("x a b c")).firstChangedRow == 0)
        #expect(diff(snapshot("a b c"), snapshot("a b c")).firstChangedRow == nil)
    }

    /// Any two snapshots: the first changed row is the length of their common prefix (same
    /// ids, same content), nil when they are equal.
    @Test func anyChangesetsFirstChangedRowIsTheCommonPrefix() async {
        await propertyCheck(count: 300, input: DiffTests.randomRows, DiffTests.randomRows) { old, new in
            let oldRows = old.map { Row("\($0.0)", $0.1) }
            let newRows = new.map { Row("\($0.0)", $0.1) }
            let oldSnapshot = Snapshot(oldRows)
            let newSnapshot = Snapshot(newRows)
            let shared = zip(Array(oldSnapshot), Array(newSnapshot)).prefix { $0 == $1 }.count
            let parted = shared < oldSnapshot.count || shared < newSnapshot.count
            #expect(diff(oldSnapshot, newSnapshot).firstChangedRow == (parted ? shared : nil))
        }
    }

    /// Any two snapshots: every old row maps to the row its id has in the new snapshot, or to
    /// nil when the id is gone; and `insertCount(above:)` counts the new ids above a row.
    @Test func anyChangesetMapsEveryRowToItsItem() async {
        await propertyCheck(count: 300, input: DiffTests.randomRows, DiffTests.randomRows) { old, new in
            let oldSnapshot = Snapshot(old.map { Row("\($0.0)", $0.1) })
            let newSnapshot = Snapshot(new.map { Row("\($0.0)", $0.1) })
            let changeset = diff(oldSnapshot, newSnapshot)
            let map = changeset.rowMap
            for row in 0..<oldSnapshot.count {
                #expect(map.newRow(ofOldRow: row) == newSnapshot.index(of: oldSnapshot[row].id))
            }
            for row in 0...newSnapshot.count {
                let fresh = (0..<row).filter { !oldSnapshot.contains(id: newSnapshot[$0].id) }.count
                #expect(changeset.insertCount(above: row) == fresh)
            }
        }
    }
}
