import FeedModel
import Testing

/// The values below were computed from the replica's and the lab's former generators: the replica's
/// data and the lab's figures must not change when they share this type.
@Suite struct SeededRandomTests {
    @Test func streamIsSplitMix64() {
        var random = SeededRandom(seed: 42)
        var plain = SplitMix64(seed: 42)
        let drawn = [random.next(), random.next(), random.next()]
        let plainDrawn = [plain.next(), plain.next(), plain.next()]
        #expect(drawn == [0xBDD7_3226_2FEB_6E95, 0x28EF_E333_B266_F103, 0x4752_6757_130F_9F52])
        #expect(plainDrawn == drawn)
    }

    @Test func saltedStreamKeepsTheReplicasValues() {
        var random = SeededRandom(seed: 1, salt: "hn", index: 7)
        let drawn = [random.next(), random.next(), random.next()]
        #expect(drawn == [0x9AA4_E354_F698_A5B6, 0x6B90_4882_680B_DC37, 0xFF67_02BA_F39B_E3DF])
        #expect(SeededRandom.hash("hn") == 0x08BA_5A07_B55E_BB5B)
        var other = SeededRandom(seed: 1, salt: "hn", index: 8)
        let first = other.next()
        #expect(first != 0x9AA4_E354_F698_A5B6)
    }

    @Test func addressedDrawsKeepTheLabsValues() {
        let random = SeededRandom(seed: 7)
        #expect(random.uniform(3, 1, 2) == 0.20262182268870965)
        #expect(random.uniform(0) == 0.17173719855229574)
        #expect(random.uniform(3, 1, 2) == random.uniform(3, 1, 2, 0))
        #expect(random.normal(4, 2) == random.normal(4, 2))
    }

    @Test func addressedDrawsIgnoreTheStream() {
        var random = SeededRandom(seed: 7)
        let before = random.uniform(5, 6)
        _ = random.next()
        #expect(random.uniform(5, 6) == before)
    }

    @Test func boundedDrawsStayInRange() {
        var random = SeededRandom(seed: 3)
        let below = (0..<1000).map { _ in random.below(7) }
        let units = (0..<1000).map { _ in random.unit() }
        #expect(below.allSatisfy { (0..<7).contains($0) } && Set(below).count == 7)
        #expect(units.allSatisfy { (0..<1).contains($0) })
        let zero = random.below(0)
        let never = random.chance(0)
        let always = random.chance(1)
        #expect(zero == 0 && !never && always)
    }
}
