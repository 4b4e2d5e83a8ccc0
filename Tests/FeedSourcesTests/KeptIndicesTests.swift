@testable import FeedSources
import FeedModel
import Testing

/// `KeptIndices` against the array it stands for: the same slices, one run for a document
/// nothing was left out of.
@Suite struct KeptIndicesTests {
    @Test(arguments: [1, 2, 3])
    func slicesAsTheArrayDoes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var kept = KeptIndices()
        var reference: [Int32] = []
        var index: Int32 = 0
        for _ in 0..<2_000 {
            // Mostly consecutive, with gaps of one or more left out now and then.
            index += random.chance(0.1) ? Int32(2 + random.below(5)) : 1
            kept.append(index)
            reference.append(index)
        }
        #expect(kept.count == reference.count)
        for _ in 0..<300 {
            let lower = random.below(reference.count + 1)
            let upper = lower + random.below(reference.count - lower + 1)
            #expect(kept[lower..<upper] == Array(reference[lower..<upper]))
        }
        #expect(kept[0..<reference.count] == reference)
        #expect(kept.runCount == 1 + zip(reference, reference.dropFirst()).filter { $1 != $0 + 1 }.count)
    }

    @Test func aDocumentKeptWholeIsOneRun() {
        var kept = KeptIndices()
        for index in Int32(0)..<100_000 { kept.append(index) }
        #expect(kept.runCount == 1)
        #expect(kept[99_990..<100_000] == Array(Int32(99_990)..<100_000))
        #expect(kept[5..<5] == [])
    }
}
