// Snapshots from plain arrays, on DifferenceKit's benchmark inputs (its README: 5,000 elements
// with 1,000 deleted, 1,000 inserted and 200 shuffled; 100,000 with 10,000, 10,000 and 2,000;
// UUID elements). DifferenceKit is not in the package mirror, so it cannot run here: the anchors
// in the same iteration are feedscroll's earlier snapshot builds, reproduced below: the one issue
// 25 measured (a lookup then an insert: two hashes per new id; 0.81–0.92× DifferenceKit for UUIDs
// and 0.68–0.74× for strings from arrays, build both snapshots and diff) and the one-hash
// dictionary that followed it.
import Benchmark
import DiffInputs
import FeedDiff
import Foundation

/// A row with an id of any kind, for snapshots of UUIDs and strings.
struct IDRow<ID: Hashable & Sendable>: Identifiable, Equatable, Sendable {
    let id: ID
}

/// The previous `Snapshot.append`, side by side: the row appended to an array and its id looked
/// up, then inserted, in a dictionary (two hashes for every new id).
struct PreviousSnapshotBuild<ID: Hashable & Sendable> {
    var storage: ContiguousArray<IDRow<ID>> = []
    var sequenceNumbers: [ID: Int] = [:]

    init(_ rows: [IDRow<ID>]) {
        storage.reserveCapacity(rows.count)
        sequenceNumbers.reserveCapacity(rows.count)
        for row in rows {
            if let existing = sequenceNumbers[row.id] {
                storage[existing] = row
                continue
            }
            sequenceNumbers[row.id] = storage.count
            storage.append(row)
        }
    }
}

/// The build before the id index (f15f288): one insert through the defaulted subscript (one hash
/// per id), the id stored twice (row and dictionary key). Issue 25 measured it at 1.25–1.27×
/// DifferenceKit for UUIDs (build both + diff from arrays).
struct DictionarySnapshotBuild<ID: Hashable & Sendable> {
    var storage: ContiguousArray<IDRow<ID>> = []
    var sequenceNumbers: [ID: Int] = [:]

    init(_ rows: [IDRow<ID>]) {
        storage.reserveCapacity(rows.count)
        sequenceNumbers.reserveCapacity(rows.count)
        for row in rows {
            if let existing = Self.claim(&sequenceNumbers[row.id, default: .min], as: storage.count) {
                storage[existing] = row
                continue
            }
            storage.append(row)
        }
    }

    /// Fills a slot the defaulted subscript just made, or returns what it held.
    static func claim(_ slot: inout Int, as value: Int) -> Int? {
        guard slot == .min else { return slot }
        slot = value
        return nil
    }
}

let snapshotBenchmarks: @Sendable () -> Void = {
    let ratio = BenchmarkMetric.custom("previous / now ×100 (build both + diff)", useScalingFactor: false)
    let buildRatio = BenchmarkMetric.custom("previous / now ×100 (build both)", useScalingFactor: false)
    let dictionaryRatio = BenchmarkMetric.custom("one-hash dictionary / now ×100 (build both + diff)", useScalingFactor: false)
    let total = BenchmarkMetric.custom("build both + diff µs", useScalingFactor: false)
    let diffOnly = BenchmarkMetric.custom("diff alone µs", useScalingFactor: false)

    func register<ID: Hashable & Sendable>(_ kind: String, count: Int, deleted: Int, inserted: Int, moved: Int, makeID: @escaping @Sendable (Int) -> ID) {
        let label = "\(count / 1_000)k"
        let inputs = Fixture<(old: [IDRow<ID>], new: [IDRow<ID>])>()
        Benchmark(
            "snapshot \(label) \(kind) build both + diff vs previous build",
            configuration: .init(
                metrics: [ratio, buildRatio, dictionaryRatio, total, diffOnly], maxDuration: .seconds(10), maxIterations: count > 10_000 ? 30 : 200,
                setup: {
                    let (old, new) = diffInputs(count: count, deleted: deleted, inserted: inserted, moved: moved)
                    let ids = (0..<(count + inserted)).map(makeID)
                    inputs.value = (old.map { IDRow(id: ids[$0]) }, new.map { IDRow(id: ids[$0]) })
                },
                teardown: { inputs.value = nil }
            )
        ) { benchmark in
            let (oldRows, newRows) = inputs.value!
            // Interleaved: the previous build first, then today's, then the one diff both share.
            var previous: (PreviousSnapshotBuild<ID>, PreviousSnapshotBuild<ID>)?
            let previousBuild = nanoseconds { previous = (PreviousSnapshotBuild(oldRows), PreviousSnapshotBuild(newRows)) }
            blackHole(previous)
            previous = nil
            var dictionary: (DictionarySnapshotBuild<ID>, DictionarySnapshotBuild<ID>)?
            let dictionaryBuild = nanoseconds { dictionary = (DictionarySnapshotBuild(oldRows), DictionarySnapshotBuild(newRows)) }
            blackHole(dictionary)
            dictionary = nil
            var snapshots: (Snapshot<IDRow<ID>>, Snapshot<IDRow<ID>>)?
            let build = nanoseconds { snapshots = (Snapshot(oldRows), Snapshot(newRows)) }
            var changes: Changeset<IDRow<ID>>?
            let diffing = nanoseconds { changes = diff(snapshots!.0, snapshots!.1) }
            precondition(changes!.deletes.count == deleted && changes!.inserts.count == inserted)
            benchmark.measurement(ratio, (previousBuild + diffing) * 100 / max(1, build + diffing))
            benchmark.measurement(buildRatio, previousBuild * 100 / max(1, build))
            benchmark.measurement(dictionaryRatio, (dictionaryBuild + diffing) * 100 / max(1, build + diffing))
            benchmark.measurement(total, (build + diffing) / 1000)
            benchmark.measurement(diffOnly, diffing / 1000)
        }
    }

    for (count, deleted, inserted, moved) in [(5_000, 1_000, 1_000, 200), (100_000, 10_000, 10_000, 2_000)] {
        register("UUID", count: count, deleted: deleted, inserted: inserted, moved: moved) { _ in UUID() }
        register("String", count: count, deleted: deleted, inserted: inserted, moved: moved) { _ in UUID().uuidString }
        register("Int", count: count, deleted: deleted, inserted: inserted, moved: moved) { $0 }
    }
}
