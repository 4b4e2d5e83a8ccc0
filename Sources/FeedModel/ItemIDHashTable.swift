/// A map from `ItemIDHash` values to a 64-bit word each, whose memory does not grow with the
/// feed: small, it lives in memory; past `memorySlots` slots it moves to a nameless temporary
/// file (`SpillFile`) and every probe is a `pread`/`pwrite` there, so a feed of a million ids
/// costs the page cache (written back and reclaimed by the kernel), not the program's heap.
///
/// Open addressing over slots of three words (the hash, the value and a check word), probed
/// linearly, at most half full; the table doubles when it would pass that. Zero marks an empty
/// slot, so a hash of zero is kept apart. Every filled slot read is checked against its check
/// word (the hash, the value and the slot's place, mixed): a damaged slot, a slot that is
/// empty but not zero, or a file that was cut is an error (`SpillFileError`), never an
/// answer, so a caller can say so and stop instead of taking a new id for one seen or the
/// other way round.
///
/// When the file cannot be made (no temporary directory, a full disk) the table stays in
/// memory, as it was before spilling existed.
///
/// - Complexity: about 2.5 slots probed for a miss at the table's load; in the file, a probe run
///   costs one `pread` of four slots (plus one `pwrite` to insert) almost always.
public final class ItemIDHashTable {
    /// Slots kept in memory before the table moves to a file (3 words a slot: 1.5 MB, 32,768 ids).
    public static let defaultMemorySlots = 1 << 16
    private static let slotWords = 3
    /// Slots read by one `pread` in the file.
    private static let readRun = 4

    public private(set) var count = 0
    private var slotCount: Int
    private var memory: [UInt64]
    private var file: SpillFile?
    private let memorySlots: Int
    private let directory: String
    private var zeroValue: UInt64?
    /// Why the file could not be made, when the table stayed in memory.
    public private(set) var spillFailure: SpillFileError?

    /// - Parameters:
    ///   - memorySlots: slots held in memory before the table moves to a file (tests make it tiny).
    ///   - directory: where that file goes.
    public init(memorySlots: Int = ItemIDHashTable.defaultMemorySlots, directory: String = SpillDirectory.default) {
        self.memorySlots = memorySlots
        self.directory = directory
        slotCount = 16
        memory = Array(repeating: 0, count: 16 * Self.slotWords)
        if memorySlots < 16 { moveToFile(slots: 16) }
    }

    /// Whether the table's slots are in a file now.
    public var isSpilled: Bool { file != nil }

    /// The descriptor of the table's file, when it has one (tests damage it to see the table refuse).
    public var spillDescriptor: Int32? { file?.descriptor }

    /// The value kept for `hash`, or nil.
    public func value(for hash: Int) throws(SpillFileError) -> UInt64? {
        if hash == 0 { return zeroValue }
        return try find(UInt64(bitPattern: Int64(hash))).value
    }

    /// Keeps `value` for `hash` unless the table has one for it already.
    /// - Returns: the value kept before (the table then unchanged), or nil when `value` was added.
    @discardableResult
    public func insertIfAbsent(_ hash: Int, value: UInt64) throws(SpillFileError) -> UInt64? {
        if hash == 0 {
            if let kept = zeroValue { return kept }
            zeroValue = value
            count += 1
            return nil
        }
        if (count + 1) * 2 > slotCount { try grow() }
        let key = UInt64(bitPattern: Int64(hash))
        let found = try find(key)
        if let kept = found.value { return kept }
        try put(key, value, at: found.slot)
        count += 1
        return nil
    }

    // MARK: - Slots

    @inline(__always)
    private static func start(_ key: UInt64) -> Int { Int(bitPattern: UInt(key ^ (key >> 29))) }

    /// The check word of a filled slot: never zero.
    @inline(__always)
    private static func check(_ key: UInt64, _ value: UInt64, _ slot: Int) -> UInt64 {
        var z = key &+ 0x9E37_79B9_7F4A_7C15 &* (UInt64(slot) &+ 1) ^ (value &* 0xBF58_476D_1CE4_E5B9)
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return (z ^ (z >> 31)) | 1
    }

    /// The slot holding `key` (with its value), or the empty slot where it would go.
    private func find(_ key: UInt64) throws(SpillFileError) -> (slot: Int, value: UInt64?) {
        let mask = slotCount - 1
        var at = Self.start(key) & mask
        if let file {
            var run = [UInt64](repeating: 0, count: Self.readRun * Self.slotWords)
            while true {
                let n = min(Self.readRun, slotCount - at)
                try run.withUnsafeMutableBufferPointer { buffer throws(SpillFileError) in
                    try file.read(buffer.baseAddress!, count: n * Self.slotWords, at: at * Self.slotWords)
                }
                for i in 0..<n {
                    let slot = at + i
                    let k = run[i * 3], v = run[i * 3 + 1], c = run[i * 3 + 2]
                    if k == 0 {
                        guard v == 0, c == 0 else { throw Self.damaged(slot) }
                        return (slot, nil)
                    }
                    guard c == Self.check(k, v, slot) else { throw Self.damaged(slot) }
                    if k == key { return (slot, v) }
                }
                at = (at + n) & mask
            }
        }
        while true {
            let k = memory[at * 3]
            if k == 0 { return (at, nil) }
            if k == key { return (at, memory[at * 3 + 1]) }
            at = (at &+ 1) & mask
        }
    }

    private static func damaged(_ slot: Int) -> SpillFileError {
        SpillFileError("the id table's file is damaged (slot \(slot) does not read as written)")
    }

    private func put(_ key: UInt64, _ value: UInt64, at slot: Int) throws(SpillFileError) {
        let words = [key, value, Self.check(key, value, slot)]
        if let file {
            try words.withUnsafeBufferPointer { buffer throws(SpillFileError) in
                try file.write(buffer.baseAddress!, count: 3, at: slot * Self.slotWords)
            }
        } else {
            memory[slot * 3] = key
            memory[slot * 3 + 1] = value
            memory[slot * 3 + 2] = words[2]
        }
    }

    /// Every filled slot's key and value, checked, in slot order.
    private func forEachFilled(_ body: (UInt64, UInt64) throws(SpillFileError) -> Void) throws(SpillFileError) {
        guard let file else {
            for slot in 0..<slotCount where memory[slot * 3] != 0 { try body(memory[slot * 3], memory[slot * 3 + 1]) }
            return
        }
        let chunk = 1 << 14
        var words = [UInt64](repeating: 0, count: chunk * Self.slotWords)
        var from = 0
        while from < slotCount {
            let n = min(chunk, slotCount - from)
            try words.withUnsafeMutableBufferPointer { buffer throws(SpillFileError) in
                try file.read(buffer.baseAddress!, count: n * Self.slotWords, at: from * Self.slotWords)
            }
            for i in 0..<n {
                let k = words[i * 3], v = words[i * 3 + 1], c = words[i * 3 + 2]
                if k == 0 {
                    guard v == 0, c == 0 else { throw Self.damaged(from + i) }
                    continue
                }
                guard c == Self.check(k, v, from + i) else { throw Self.damaged(from + i) }
                try body(k, v)
            }
            from += n
        }
    }

    /// Doubles the slots; past `memorySlots` they go to a (new) file.
    private func grow() throws(SpillFileError) {
        let old = (memory: memory, file: file, slotCount: slotCount)
        var entries: [(UInt64, UInt64)] = []
        if old.file == nil && slotCount * 2 <= memorySlots {
            try forEachFilled { k, v in entries.append((k, v)) }
            slotCount *= 2
            memory = Array(repeating: 0, count: slotCount * Self.slotWords)
            for (k, v) in entries { try put(k, v, at: try find(k).slot) }
            return
        }
        let next = slotCount * 2
        let target: SpillFile
        do {
            target = try SpillFile(words: next * Self.slotWords, in: directory)
        } catch {
            if old.file != nil { throw error }
            // No file to be had: the table stays in memory, unbounded, as before spilling.
            spillFailure = error
            try forEachFilled { k, v in entries.append((k, v)) }
            slotCount = next
            memory = Array(repeating: 0, count: slotCount * Self.slotWords)
            for (k, v) in entries { try put(k, v, at: try find(k).slot) }
            return
        }
        // Re-insert from the old slots (memory or file) into the new file, a chunk at a time.
        let source = (file: old.file, memory: old.memory, slotCount: old.slotCount)
        file = target
        memory = []
        let sourceTable = ItemIDHashTable(detached: source)
        slotCount = next
        try sourceTable.forEachFilled { k, v throws(SpillFileError) in try put(k, v, at: try find(k).slot) }
    }

    private func moveToFile(slots: Int) {
        do {
            file = try SpillFile(words: slots * Self.slotWords, in: directory)
            memory = []
        } catch {
            spillFailure = error
        }
    }

    /// A read-only view of old slots, for `grow`.
    private init(detached: (file: SpillFile?, memory: [UInt64], slotCount: Int)) {
        memorySlots = 0
        directory = ""
        file = detached.file
        memory = detached.memory
        slotCount = detached.slotCount
    }
}
