import FeedDiff
import FeedModel
import Testing
import FeedTestSupport

/// The id index keeps no copy of the ids and probes linearly, so ids whose hashes collide sit in
/// runs that removals must close up. Snapshots of ids that share a handful of hashes, driven
/// through every edit at random, against a plain array of ids: every row found by its id, every
/// id that left not found.
@Suite struct SnapshotIndexTests {
    struct Item: Identifiable, Equatable, Sendable {
        let id: CollidingID
        var content: Int
    }

    func check(_ snapshot: Snapshot<Item>, _ model: [Item], gone: [CollidingID], _ step: Int) {
        #expect(snapshot.items == model, "step \(step)")
        for (row, item) in model.enumerated() where snapshot.index(of: item.id) != row {
            Issue.record("step \(step): \(item.id) at \(String(describing: snapshot.index(of: item.id))), expected \(row)")
        }
        for id in gone where snapshot.contains(id: id) {
            Issue.record("step \(step): \(id) found after it left")
        }
    }

    @Test(.offThePool, arguments: [1, 3, 64, 4096])
    func everyEditKeepsEveryRowFindableWithCollidingHashes(buckets: Int) {
        var random = SeededRandom(seed: UInt64(buckets))
        var next = 0
        func fresh() -> Item {
            next += 1
            return Item(id: CollidingID(value: next, bucket: random.below(buckets)), content: 0)
        }
        var snapshot = Snapshot<Item>()
        var model: [Item] = []
        var gone: [CollidingID] = []
        for step in 0..<400 {
            switch random.below(6) {
            case 0:
                let items = (0..<random.below(40)).map { _ in fresh() }
                snapshot.append(contentsOf: items)
                model += items
            case 1:
                let items = (0..<random.below(20)).map { _ in fresh() }
                snapshot.prepend(contentsOf: items)
                model.insert(contentsOf: items, at: 0)
            case 2:
                let k = random.below(min(model.count, 25) + 1)
                snapshot.removeFirst(k)
                gone += model.prefix(k).map(\.id)
                model.removeFirst(k)
            case 3:
                let k = random.below(min(model.count, 25) + 1)
                snapshot.removeLast(k)
                gone += model.suffix(k).map(\.id)
                model.removeLast(k)
            case 4 where !model.isEmpty:
                // Updates in place, through append and update alike.
                let row = random.below(model.count)
                model[row].content += 1
                if random.chance(0.5) { snapshot.append(model[row]) } else { snapshot.update(model[row]) }
            default:
                // A diff from the model to a shuffle with some rows swapped for new ones, replayed.
                var target = model.shuffled(using: &random)
                for _ in 0..<min(3, target.count) {
                    let row = random.below(target.count)
                    gone.append(target[row].id)
                    target[row] = fresh()
                }
                let replayed = apply(diff(snapshot, Snapshot(target)), to: snapshot)
                snapshot = replayed
                model = target
            }
            gone.removeAll { id in model.contains { $0.id == id } }
            check(snapshot, model, gone: Array(gone.suffix(50)), step)
        }
    }
}
