// The diff benchmarks' inputs, one copy for both packages that measure the diff: the
// benchmarks (`make bench`) and the DifferenceKit side-by-side harness
// (Benchmarks/DifferenceKitSideBySide, which links this folder), so both time the same ids.
import FeedModel

/// DifferenceKit's benchmark shape: `count` ids, then `deleted` removed, `inserted` new ids
/// added and `moved` ids taken out and put back elsewhere, all at random positions (the
/// stream seeded by `count`, so every run and both packages get the same lists).
public func diffInputs(count: Int, deleted: Int, inserted: Int, moved: Int) -> (old: [Int], new: [Int]) {
    var rng = SplitMix64(seed: UInt64(count))
    let old = Array(0..<count)
    var new = old
    for _ in 0..<deleted { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
    for id in count..<(count + inserted) { new.insert(id, at: Int.random(in: 0...new.count, using: &rng)) }
    for _ in 0..<moved {
        let id = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
        new.insert(id, at: Int.random(in: 0...new.count, using: &rng))
    }
    return (old, new)
}
