@testable import FeedDiff
import FeedModel
import Testing
import FeedTestSupport

/// The diff pairs rows through the hashes the snapshots' indexes keep (walking the new index's
/// slots), checks each pair's ids, and works in scratch memory each thread keeps. These tests
/// drive it where that could go wrong, against a reference diff written the obvious way (a
/// dictionary from id to old row, the same patience sort over plain arrays): ids whose hashes
/// collide, a new snapshot whose index is sparse after removals (paired by hashing instead),
/// snapshots moved off row 0 by prepends and removals, string ids equal with different storage,
/// and the scratch reused by diffs of every size, nested and on many threads at once.
@Suite struct DiffPairingTests {
    struct Item<ID: Hashable & Sendable>: Identifiable, Equatable, Sendable {
        let id: ID
        var content: Int
    }

    /// The changeset by definition: old rows whose ids are gone, new rows whose ids are new,
    /// paired rows with other content, and the paired rows outside one longest increasing run
    /// of old rows read in new order (patience sorting, the first run end not below a row
    /// replaced, as the diff does).
    static func referenceDiff<ID>(_ old: [Item<ID>], _ new: [Item<ID>]) -> Changeset<Item<ID>> {
        var oldRow: [ID: Int] = [:]
        for (row, item) in old.enumerated() { oldRow[item.id] = row }
        let newIDs = Set(new.map(\.id))
        var changeset = Changeset<Item<ID>>()
        changeset.deletes = old.indices.filter { !newIDs.contains(old[$0].id) }
        var paired: [(new: Int, old: Int)] = []
        for (row, item) in new.enumerated() {
            if let from = oldRow[item.id] {
                paired.append((row, from))
                if old[from] != item { changeset.updates.append(.init(index: row, item: item)) }
            } else {
                changeset.inserts.append(.init(index: row, item: item))
            }
        }
        var runEnds: [Int] = []  // positions in `paired`
        var previous = [Int](repeating: -1, count: paired.count)
        for position in paired.indices {
            let value = paired[position].old
            let length = runEnds.firstIndex { paired[$0].old >= value } ?? runEnds.count
            previous[position] = length > 0 ? runEnds[length - 1] : -1
            if length == runEnds.count { runEnds.append(position) } else { runEnds[length] = position }
        }
        var staying = Set<Int>()
        var position = runEnds.last ?? -1
        while position >= 0 {
            staying.insert(position)
            position = previous[position]
        }
        changeset.moves = paired.indices.filter { !staying.contains($0) }
            .map { .init(from: paired[$0].old, to: paired[$0].new) }
        return changeset
    }

    /// A random edit of `rows`: some deleted, some moved, some changed, fresh ones inserted.
    static func edited<ID>(_ rows: [Item<ID>], _ random: inout SeededRandom, fresh: () -> Item<ID>) -> [Item<ID>] {
        var result = rows.filter { _ in !random.chance(0.2) }
        for _ in 0..<random.below(rows.count / 5 + 2) {
            result.insert(fresh(), at: random.below(result.count + 1))
        }
        for _ in 0..<random.below(rows.count / 10 + 2) where !result.isEmpty {
            let moved = result.remove(at: random.below(result.count))
            result.insert(moved, at: random.below(result.count + 1))
        }
        for row in result.indices where random.chance(0.1) { result[row].content += 1 }
        return result
    }

    static func check<ID>(
        _ old: Snapshot<Item<ID>>, _ new: Snapshot<Item<ID>>, _ trial: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let changeset = diff(old, new)
        let expected = referenceDiff(old.items, new.items)
        #expect(changeset == expected, "trial \(trial)", sourceLocation: sourceLocation)
        #expect(apply(changeset, to: old) == new, "trial \(trial)", sourceLocation: sourceLocation)
    }

    @Test(.offThePool, arguments: [1, 3, 64, 1 << 20])
    func collidingHashesPairExactly(buckets: Int) {
        var random = SeededRandom(seed: UInt64(buckets))
        var bucketRandom = SeededRandom(seed: UInt64(buckets) &+ 1)
        var next = 0
        func fresh() -> Item<CollidingID> {
            next += 1
            return Item(id: CollidingID(value: next, bucket: bucketRandom.below(buckets)), content: 0)
        }
        for trial in 0..<300 {
            let old = (0..<random.below(buckets == 1 ? 40 : 300)).map { _ in fresh() }
            let new = Self.edited(old, &random, fresh: fresh)
            Self.check(Snapshot(old), Snapshot(new), trial)
        }
    }

    /// Snapshots edited at both ends before the diff: rows off base 0, indexes grown by appends,
    /// and (after removing most rows) a new index sparse enough to be paired by hashing.
    @Test func editedSnapshotsAndSparseIndexes() {
        var random = SeededRandom(seed: 25)
        var next = 0
        func fresh() -> Item<Int> {
            next += 1
            return Item(id: next, content: 0)
        }
        var sparsePairings = 0
        for trial in 0..<400 {
            var old = Snapshot((0..<random.below(200)).map { _ in fresh() })
            old.prepend(contentsOf: (0..<random.below(50)).map { _ in fresh() })
            old.removeFirst(random.below(old.count / 3 + 1))
            var new = Snapshot(Self.edited(old.items, &random, fresh: fresh))
            new.append(contentsOf: (0..<random.below(100)).map { _ in fresh() })
            if random.chance(0.3) {
                new.removeLast(new.count - new.count / 12)
                if new.sequenceNumbers.slots.count > 8 * new.count && new.count > 0 { sparsePairings += 1 }
            }
            if random.chance(0.2) { new.prepend(contentsOf: (0..<random.below(30)).map { _ in fresh() }) }
            Self.check(old, new, trial)
        }
        #expect(sparsePairings > 20, "the sparse-index path ran \(sparsePairings) times")
    }

    /// String ids equal to the old ones but held in other storage (as ids decoded again from a
    /// feed are): the bits differ, the ids are equal, and the rows pair.
    @Test func equalStringIDsInOtherStoragePair() {
        var random = SeededRandom(seed: 7)
        for trial in 0..<100 {
            let count = random.below(300)
            let old = (0..<count).map { Item(id: "https://example.com/item/\($0)", content: 0) }
            let copies = old.map { Item(id: String(decoding: Array($0.id.utf8), as: UTF8.self), content: $0.content) }
            var nextFresh = count
            let new = Self.edited(copies, &random) {
                nextFresh += 1
                return Item(id: "https://example.com/item/\(nextFresh)", content: 0)
            }
            Self.check(Snapshot(old), Snapshot(new), trial)
        }
    }

    /// Diffs of growing, shrinking and nested sizes on one thread reuse its block (and grow it
    /// when too small), never keep a block over the limit, and give the same answers.
    @Test(.offThePool) func theScratchIsKeptReusedAndBounded() {
        var random = SeededRandom(seed: 3)
        var next = 0
        func fresh() -> Item<Int> {
            next += 1
            return Item(id: next, content: 0)
        }
        for (trial, count) in [10, 5_000, 3, 20_000, 1, 700].enumerated() {
            let old = (0..<count).map { _ in fresh() }
            let new = Self.edited(old, &random, fresh: fresh)
            Self.check(Snapshot(old), Snapshot(new), trial)
            #expect(DiffScratch.keptByteCount >= 5 * 4 * new.count + old.count + 1, "count \(count)")
            #expect(DiffScratch.keptByteCount <= DiffScratch.keptLimit)
        }

        let kept = DiffScratch.keptByteCount
        let block = DiffScratch.take(byteCount: 100)
        #expect(DiffScratch.keptByteCount == 0, "a block in use is out of the thread's slot")
        #expect(block.count == kept, "the kept block is reused")
        let nested = DiffScratch.take(byteCount: 100)
        #expect(nested.baseAddress != block.baseAddress)
        DiffScratch.giveBack(nested)
        DiffScratch.giveBack(block)
        #expect(DiffScratch.keptByteCount == kept, "the bigger block stays")
        let again = DiffScratch.take(byteCount: 1)
        #expect(again.baseAddress == block.baseAddress)
        DiffScratch.giveBack(again)

        // Too small for it, the kept block is freed; over the limit, the new one is not kept.
        let huge = DiffScratch.take(byteCount: DiffScratch.keptLimit + 1)
        #expect(huge.count > DiffScratch.keptLimit)
        DiffScratch.giveBack(huge)
        #expect(DiffScratch.keptByteCount == 0, "a block over the limit is freed")
    }

    /// Diffs on many threads at once each work in their own thread's block.
    @Test func diffsOnManyThreadsAtOnce() async {
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    var random = SeededRandom(seed: UInt64(100 + task))
                    var next = task * 1_000_000
                    func fresh() -> Item<Int> {
                        next += 1
                        return Item(id: next, content: 0)
                    }
                    var allRight = true
                    for _ in 0..<30 {
                        let old = (0..<random.below(2_000)).map { _ in fresh() }
                        let new = Self.edited(old, &random, fresh: fresh)
                        let changeset = diff(Snapshot(old), Snapshot(new))
                        allRight = allRight && changeset == Self.referenceDiff(old, new)
                    }
                    return allRight
                }
            }
            var results: [Bool] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.count == 16 && results.allSatisfy { $0 })
    }
}
