/// `ItemIDHash` values in the order they came (a document's ids, entry by entry), whose memory
/// does not grow with the feed: the latest `memoryCount` stay in memory, older ones are written
/// to a nameless temporary file (`SpillFile`) a chunk at a time and read back with `pread`.
///
/// Each hash is written with a check word (the hash and its place, mixed), so a damaged or cut
/// file is an error (`SpillFileError`) when read, never another id. When the file cannot be
/// made the list stays in memory.
public final class ItemIDHashList {
    /// Hashes kept in memory before older ones go to the file (64 KB).
    public static let defaultMemoryCount = 1 << 13

    /// How many hashes the list holds.
    public private(set) var count = 0
    /// Hashes `written ..< count`, not in the file (yet).
    private var tail: [UInt64] = []
    private var written = 0
    private var file: SpillFile?
    private let memoryCount: Int
    private let directory: String
    /// Why the file could not be made, when the list stayed in memory.
    public private(set) var spillFailure: SpillFileError?

    public init(memoryCount: Int = ItemIDHashList.defaultMemoryCount, directory: String = SpillDirectory.default) {
        self.memoryCount = max(1, memoryCount)
        self.directory = directory
    }

    /// The list of these hashes, in memory (a small document read whole).
    public convenience init<S: Sequence>(_ hashes: S) where S.Element == Int {
        self.init(memoryCount: .max)
        for hash in hashes { tail.append(UInt64(bitPattern: Int64(hash))); count += 1 }
    }

    /// The descriptor of the list's file, when it has one (tests damage it to see the list refuse).
    public var spillDescriptor: Int32? { file?.descriptor }

    public func append(_ hash: Int) throws(SpillFileError) {
        tail.append(UInt64(bitPattern: Int64(hash)))
        count += 1
        if tail.count >= memoryCount && spillFailure == nil { try flush() }
    }

    /// The hashes at `range` (within `0..<count`).
    public func hashes(_ range: Range<Int>) throws(SpillFileError) -> [Int] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "ids asked past the list")
        var out: [Int] = []
        out.reserveCapacity(range.count)
        let fromFile = min(range.lowerBound, written)..<min(range.upperBound, written)
        if !fromFile.isEmpty, let file {
            var words = [UInt64](repeating: 0, count: fromFile.count * 2)
            try words.withUnsafeMutableBufferPointer { buffer throws(SpillFileError) in
                try file.read(buffer.baseAddress!, count: fromFile.count * 2, at: fromFile.lowerBound * 2)
            }
            for (offset, index) in fromFile.enumerated() {
                let hash = words[offset * 2]
                guard words[offset * 2 + 1] == Self.check(hash, index) else {
                    throw SpillFileError("the id list's file is damaged (entry \(index) does not read as written)")
                }
                out.append(Int(bitPattern: UInt(hash)))
            }
        }
        let fromMemory = max(range.lowerBound, written)
        if fromMemory < range.upperBound {
            for index in fromMemory..<range.upperBound { out.append(Int(bitPattern: UInt(tail[index - written]))) }
        }
        return out
    }

    /// Calls `body` with the hashes of `range` a chunk at a time (in order), never all at once.
    public func forEachChunk(_ range: Range<Int>, _ body: ([Int]) -> Void) throws(SpillFileError) {
        var from = range.lowerBound
        while from < range.upperBound {
            let to = min(range.upperBound, from + (1 << 14))
            body(try hashes(from..<to))
            from = to
        }
    }

    @inline(__always)
    private static func check(_ hash: UInt64, _ index: Int) -> UInt64 {
        var z = hash ^ (UInt64(index) &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private func flush() throws(SpillFileError) {
        if file == nil {
            do {
                file = try SpillFile(words: max(1 << 16, memoryCount * 4), in: directory)
            } catch {
                spillFailure = error
                return
            }
        }
        guard let file else { return }
        var words: [UInt64] = []
        words.reserveCapacity(tail.count * 2)
        for (offset, hash) in tail.enumerated() {
            words.append(hash)
            words.append(Self.check(hash, written + offset))
        }
        let needed = (written + tail.count) * 2
        if needed > file.capacity { try file.reserve(max(needed, file.capacity * 2)) }
        try words.withUnsafeBufferPointer { buffer throws(SpillFileError) in
            try file.write(buffer.baseAddress!, count: words.count, at: written * 2)
        }
        written += tail.count
        tail.removeAll(keepingCapacity: true)
    }
}
