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
