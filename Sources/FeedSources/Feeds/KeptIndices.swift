/// The indices of a document's entries that a walk shows, ascending, kept as runs of
/// consecutive indices: a document whose entries no newer one gave is one run however long it
/// is, and each entry left out (de-duplicated) costs a run, where an array cost 4 bytes an entry.
struct KeptIndices: Equatable {
    /// The first index of each run.
    private var starts: [Int32] = []
    /// The kept position of each run's first index (runs' lengths summed before it).
    private var positions: [Int] = []
    /// How many indices are kept.
    private(set) var count = 0

    /// Appends `index`, which must be above every index kept so far.
    mutating func append(_ index: Int32) {
        if let start = starts.last, let position = positions.last, Int(start) + (count - position) == Int(index) {
            count += 1
            return
        }
        precondition(starts.isEmpty || Int(index) > Int(starts.last!) + (count - positions.last!) - 1, "kept indices go up")
        starts.append(index)
        positions.append(count)
        count += 1
    }

    /// The indices kept at positions `range` (within `0..<count`).
    subscript(range: Range<Int>) -> [Int32] {
        guard !range.isEmpty else { return [] }
        // The last run starting at or before the range's first position.
        var low = 0, high = positions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if positions[middle] <= range.lowerBound { low = middle } else { high = middle - 1 }
        }
        var out: [Int32] = []
        out.reserveCapacity(range.count)
        var run = low
        for position in range {
            while run + 1 < positions.count && positions[run + 1] <= position { run += 1 }
            out.append(starts[run] + Int32(position - positions[run]))
        }
        return out
    }

    /// Runs held (each entry left out between kept ones starts one).
    var runCount: Int { starts.count }
}
