import FeedModel
import Testing
import FeedTestSupport

/// `ItemIDHashSet` against `Set<Int>`: the same answers for every insert and lookup.
@Suite struct ItemIDHashSetTests {
    /// Random hashes (zero and negative ones among them), inserted twice over and looked up
    /// with as many that were never inserted, through several doublings.
    @Test(arguments: [1, 2, 3, 4, 5])
    func answersAsASetDoes(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var set = ItemIDHashSet()
        var reference = Set<Int>()
        for _ in 0..<20_000 {
            let draw = random.next()
            // One in 16 from a small pool, so that re-inserts happen; one in 512 is zero.
            let hash = draw % 512 == 0 ? 0 : draw % 16 == 1 ? Int(draw % 300) : Int(bitPattern: UInt(draw))
            let inserted = set.insert(hash)
            #expect(inserted == reference.insert(hash).inserted)
        }
        #expect(set.count == reference.count)
        for hash in reference { #expect(set.contains(hash)) }
        for _ in 0..<20_000 {
            let hash = Int(bitPattern: UInt(random.next()))
            #expect(set.contains(hash) == reference.contains(hash))
        }
    }

    /// Hashes that agree in all their low bits (a poor hash, or ids chosen to collide in the
    /// table) still land, are found and counted once.
    @Test(.offThePool) func hashesAlikeInTheirLowBitsAreKeptApart() {
        var set = ItemIDHashSet(minimumCapacity: 4)
        let hashes = (1...2_000).map { $0 << 40 }
        let first = hashes.map { set.insert($0) }
        let again = hashes.map { set.insert($0) }
        #expect(first.allSatisfy { $0 } && !again.contains(true))
        #expect(set.count == 2_000)
        #expect(hashes.allSatisfy(set.contains))
        #expect(!set.contains(2_001 << 40))
        #expect(!set.contains(0))
    }

    /// Zero, the empty slot's mark, is a hash like any other.
    @Test func zeroIsAHashLikeAnyOther() {
        var set = ItemIDHashSet([0, 7])
        #expect(set.count == 2)
        #expect(set.contains(0) && set.contains(7))
        let again = set.insert(0)
        #expect(!again && set.count == 2)
        #expect(!ItemIDHashSet().contains(0))
    }

    /// Built from ids as the unread counts build it: the ids' own hashes.
    @Test func recognisesIDsByTheirHashes() {
        let ids = (0..<5_000).map { "https://example.com/entries/\($0)" }
        let set = ItemIDHashSet(ids.map(ItemIDHash.of))
        #expect(set.count == 5_000)
        #expect(ids.allSatisfy { set.contains(ItemIDHash.of($0)) })
        #expect(!set.contains(ItemIDHash.of("https://example.com/entries/5000")))
    }
}
