import FeedDiff
import PropertyBased
import Testing

/// One edge case: the snapshots before and after, and for small cases the exact changeset.
struct DiffCase: Sendable, CustomTestStringConvertible {
    var name: String
    var old: String
    var new: String
    var expected: Changeset<Row>?

    var testDescription: String { "\(name): [\(old)] → [\(new)]" }
}

private func at(_ index: Int, _ text: String) -> Changeset<Row>.IndexedItem {
    .init(index: index, item: rows(text)[0])
}

private func move(_ from: Int, _ to: Int) -> Changeset<Row>.Move {
    .init(from: from, to: to)
}

/// Replays `changeset` on `old` and checks it lands on `new` (DifferenceKit's
/// `XCTAssertReproducible`).
func expectReproducible(
    _ changeset: Changeset<Row>, from old: Snapshot<Row>, to new: Snapshot<Row>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(apply(changeset, to: old) == new, "\(changeset)", sourceLocation: sourceLocation)
}

@Suite struct DiffTests {
    static let cases: [DiffCase] = [
        DiffCase(name: "empty to empty", old: "", new: "", expected: Changeset()),
        DiffCase(
            name: "empty to n", old: "", new: "a b c",
            expected: Changeset(inserts: [at(0, "a"), at(1, "b"), at(2, "c")])),
        DiffCase(name: "n to empty", old: "a b c", new: "", expected: Changeset(deletes: [0, 1, 2])),
        DiffCase(name: "unchanged", old: "a b c", new: "a b c", expected: Changeset()),
        DiffCase(
            name: "all updated", old: "a b c", new: "a1 b1 c1",
            expected: Changeset(updates: [at(0, "a1"), at(1, "b1"), at(2, "c1")])),
        DiffCase(
            name: "all replaced", old: "a b", new: "x y",
            expected: Changeset(deletes: [0, 1], inserts: [at(0, "x"), at(1, "y")])),
        DiffCase(name: "swap", old: "a b", new: "b a", expected: Changeset(moves: [move(1, 0)])),
        DiffCase(
            name: "swap apart", old: "a b c d e", new: "a d c b e",
            expected: Changeset(moves: [move(3, 1), move(2, 2)])),
        DiffCase(
            name: "first to last is one move", old: "a b c d e", new: "b c d e a",
            expected: Changeset(moves: [move(0, 4)])),
        DiffCase(
            name: "last to first is one move", old: "a b c d e", new: "e a b c d",
            expected: Changeset(moves: [move(4, 0)])),
        DiffCase(
            name: "reversal", old: "a b c d", new: "d c b a",
            expected: Changeset(moves: [move(3, 0), move(2, 1), move(1, 2)])),
        DiffCase(
            name: "inserts and deletes shift without moving", old: "a b c d", new: "x a c d y",
            expected: Changeset(deletes: [1], inserts: [at(0, "x"), at(4, "y")])),
        DiffCase(
            name: "moved and updated", old: "a b c", new: "c1 a b",
            expected: Changeset(moves: [move(2, 0)], updates: [at(0, "c1")])),
        DiffCase(
            name: "everything at once", old: "a b c d e", new: "a c1 x e b",
            expected: Changeset(
                deletes: [3], inserts: [at(2, "x")], moves: [move(1, 4)], updates: [at(1, "c1")])),
        DiffCase(
            name: "duplicates in input are folded first", old: "a b a1 c", new: "c b2 c3 a1",
            expected: Changeset(moves: [move(2, 0), move(1, 1)], updates: [at(0, "c3"), at(1, "b2")])),
        DiffCase(name: "long rotation", old: "a b c d e f g h i j", new: "d e f g h i j a b c"),
        DiffCase(name: "interleave", old: "a b c d e f", new: "b a d c f e"),
        DiffCase(name: "new front, old tail", old: "a b c d e f", new: "x y z d e f"),
    ]

    @Test(arguments: cases)
    func edgeCase(_ testCase: DiffCase) {
        let old = snapshot(testCase.old)
        let new = snapshot(testCase.new)
        let changeset = diff(old, new)
        expectReproducible(changeset, from: old, to: new)
        if let expected = testCase.expected {
            #expect(changeset == expected)
        }
        #expect(changeset.isEmpty == (old == new))
    }

    @Test func applyAcceptsUnsortedHandWrittenChangesets() {
        // A hand-written changeset with inserts and moves out of order still applies.
        let old = snapshot("a b c")
        let changeset = Changeset<Row>(
            deletes: [1], inserts: [at(3, "y"), at(0, "x")], moves: [move(2, 1)])
        #expect(apply(changeset, to: old) == snapshot("x c a y"))
    }

    @Test func countsAddUp() {
        let changeset = diff(snapshot("a b c d"), snapshot("d1 x a"))
        #expect(changeset.deletes.count == 2)
        #expect(changeset.inserts.count == 1)
        #expect(changeset.moves.count == 1)
        #expect(changeset.updates.count == 1)
        #expect(!changeset.isEmpty)
    }

    // MARK: - Properties

    /// Old and new are random rows over a small id space, so inputs have duplicates (which
    /// the snapshots fold), shared ids in any order, and content changes.
    static let randomRows = zip(Gen.int(in: 0...25), Gen.int(in: 0...2)).array(of: 0...40)

    @Test func anyChangesetReplays() async {
        await propertyCheck(count: 300, input: Self.randomRows, Self.randomRows) { old, new in
            let oldSnapshot = Snapshot(old.map { Row("\($0.0)", $0.1) })
            let newSnapshot = Snapshot(new.map { Row("\($0.0)", $0.1) })
            let changeset = diff(oldSnapshot, newSnapshot)
            expectReproducible(changeset, from: oldSnapshot, to: newSnapshot)

            let shared = newSnapshot.ids.compactMap { oldSnapshot.index(of: $0) }
            #expect(changeset.deletes.count == oldSnapshot.count - shared.count)
            #expect(changeset.inserts.count == newSnapshot.count - shared.count)
            #expect(changeset.moves.count == shared.count - longestIncreasingRun(shared))
            let changedContent = newSnapshot.filter { row in oldSnapshot[id: row.id].map { $0 != row } ?? false }
            #expect(changeset.updates.map(\.item) == changedContent)
        }
    }

    /// Keeping a random subsequence of the old rows and sprinkling new ids in between never
    /// reports a move.
    @Test func pureInsertsAndDeletesMoveNothing() async {
        let plan = zip(Gen.int(in: 0...60), Gen.int(in: 0...3)).array(of: 0...60)
        await propertyCheck(count: 300, input: plan) { plan in
            let old = Snapshot(rows(ids: Array(0..<plan.count)))
            var new: [Row] = []
            for (index, (insertedID, action)) in plan.enumerated() {
                if action == 1 { new.append(Row("new\(insertedID)")) }
                if action != 0 { new.append(old[index]) }
            }
            let newSnapshot = Snapshot(new)
            let changeset = diff(old, newSnapshot)
            #expect(changeset.moves.isEmpty)
            #expect(changeset.updates.isEmpty)
            expectReproducible(changeset, from: old, to: newSnapshot)
        }
    }

    /// A permutation deletes and inserts nothing.
    @Test func permutationOnlyMoves() async {
        await propertyCheck(count: 200, input: Gen.shuffled(Array(0..<30))) { order in
            let old = Snapshot(rows(ids: Array(0..<30)))
            let new = Snapshot(rows(ids: order))
            let changeset = diff(old, new)
            #expect(changeset.deletes.isEmpty && changeset.inserts.isEmpty && changeset.updates.isEmpty)
            #expect(changeset.moves.count == 30 - longestIncreasingRun(order))
            expectReproducible(changeset, from: old, to: new)
        }
    }

    @Test func largeFeedReplays() {
        var generator = SystemRandomNumberGenerator()
        var ids = Array(0..<20_000)
        let old = Snapshot(rows(ids: ids))
        ids.removeAll { _ in Int.random(in: 0..<10, using: &generator) == 0 }
        for fresh in 20_000..<22_000 { ids.insert(fresh, at: Int.random(in: 0...ids.count, using: &generator)) }
        for _ in 0..<400 {
            let moved = ids.remove(at: Int.random(in: 0..<ids.count, using: &generator))
            ids.insert(moved, at: Int.random(in: 0...ids.count, using: &generator))
        }
        let new = Snapshot(rows(ids: ids))
        let changeset = diff(old, new)
        #expect(changeset.inserts.count == 2_000)
        #expect(changeset.moves.count <= 400)
        expectReproducible(changeset, from: old, to: new)
    }
}

/// Length of the longest strictly increasing subsequence, the slow obvious way.
func longestIncreasingRun(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] {
            best[i] = max(best[i], best[j] + 1)
        }
    }
    return best.max() ?? 0
}
