import FeedModel
import FeedPaging
import PropertyBased
import Testing

/// Values by page as runs: any sequence of writes agrees with a dictionary, and a long feed's
/// dropped pages of full rows are one run.
@Suite struct PageTableTests {
    @Test func anySequenceOfWritesAgreesWithADictionary() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 1...80), Gen.int(in: 1...4)) { seed, span, values in
            var random = SeededRandom(seed: UInt64(seed))
            var table = PageTable<Int32>()
            var model: [Int: Int32] = [:]
            for _ in 0..<(1 + random.below(200)) {
                let page = random.below(span + 2) - 1
                if random.chance(0.3) {
                    #expect(table.removeValue(forPage: page) == (page >= 0 ? model.removeValue(forKey: page) : nil))
                } else {
                    let value = Int32(random.below(values))
                    table[page] = value
                    if page >= 0 { model[page] = value }
                }
                let probe = random.below(span + 4) - 2
                #expect(table[probe] == model[probe], "page \(probe)")
                #expect(table.count == model.count)
            }
            #expect(table.entries.map(\.page) == model.keys.sorted())
            #expect(table.entries.allSatisfy { model[$0.page] == $0.value })
            // Runs: none empty, ascending, none touching another with the same value.
            let runs = table.valueRuns
            #expect(runs.allSatisfy { !$0.pages.isEmpty })
            #expect(zip(runs, runs.dropFirst()).allSatisfy { a, b in
                a.pages.upperBound < b.pages.lowerBound || (a.pages.upperBound == b.pages.lowerBound && a.value != b.value)
            })
            var rebuilt = PageTable<Int32>()
            for page in model.keys.shuffled(using: &random) { rebuilt[page] = model[page] }
            #expect(rebuilt == table)
        }
    }

    @Test func pagesDroppedInTurnWithFullRowsAreOneRun() {
        var table = PageTable<Int32>()
        for page in 0..<40_000 { table[page] = 25 }
        table[40_001] = 7
        #expect(table.valueRuns.count == 2)
        #expect(table.count == 40_001)
        table[17] = nil
        #expect(table.valueRuns.map(\.pages) == [0..<17, 18..<40_000, 40_001..<40_002])
        table[17] = 25
        #expect(table.valueRuns.count == 2)
    }
}
