import FeedModel
import Foundation
import Glibc
import Testing

/// `ItemIDHashTable` and `ItemIDHashList`: the same answers as a dictionary and an array, in
/// memory and in their files, through growth; a damaged or cut file is an error, never an answer.
@Suite struct ItemIDHashTableTests {
    /// Random hashes (zero, negative and small ones among them, re-inserted), against a
    /// dictionary, with the table in memory, moving to its file midway, and in a file from the
    /// start: the same first values kept, the same misses, through several doublings.
    @Test(arguments: [(UInt64(1), Int.max), (2, 64), (3, 0)] as [(UInt64, Int)])
    func answersAsADictionaryDoes(seed: UInt64, memorySlots: Int) throws {
        var random = SeededRandom(seed: seed)
        let table = ItemIDHashTable(memorySlots: memorySlots)
        var reference: [Int: UInt64] = [:]
        for _ in 0..<6_000 {
            let draw = random.next()
            let hash = draw % 512 == 0 ? 0 : draw % 16 == 1 ? Int(draw % 300) : Int(bitPattern: UInt(draw))
            let value = random.next()
            let kept = try table.insertIfAbsent(hash, value: value)
            #expect(kept == reference[hash])
            if reference[hash] == nil { reference[hash] = value }
        }
        #expect(table.count == reference.count)
        #expect(table.isSpilled == (memorySlots < 16_384))
        for (hash, value) in reference { #expect(try table.value(for: hash) == value) }
        for _ in 0..<6_000 {
            let hash = Int(bitPattern: UInt(random.next()))
            #expect(try table.value(for: hash) == reference[hash])
        }
    }

    /// Hashes that agree in all their low bits crowd one run of slots, across the file's slot
    /// reads and its end (the probe wraps): each is kept, found and counted once.
    @Test(arguments: [Int.max, 0])
    func hashesAlikeInTheirLowBitsAreKeptApart(memorySlots: Int) throws {
        let table = ItemIDHashTable(memorySlots: memorySlots)
        let hashes = (1...2_000).map { $0 << 40 }
        for (n, hash) in hashes.enumerated() { #expect(try table.insertIfAbsent(hash, value: UInt64(n)) == nil) }
        for (n, hash) in hashes.enumerated() {
            #expect(try table.insertIfAbsent(hash, value: 99) == UInt64(n))
            #expect(try table.value(for: hash) == UInt64(n))
        }
        #expect(table.count == 2_000)
        #expect(try table.value(for: 2_001 << 40) == nil)
        #expect(try table.value(for: 0) == nil)
    }

    /// A slot of the file overwritten: the lookup that reads it refuses, it does not answer.
    @Test func aDamagedFileIsAnErrorNeverAnAnswer() throws {
        let table = ItemIDHashTable(memorySlots: 0)
        let hashes = (1...500).map { Int(bitPattern: UInt(SeededRandom.hash("id \($0)"))) }
        for hash in hashes { try table.insertIfAbsent(hash, value: 7) }
        let fd = try #require(table.spillDescriptor)
        // Change one byte of every slot's value word: each filled slot now reads differently.
        let size = Int(lseek(fd, 0, SEEK_END))
        for slot in stride(from: 0, to: size / 24, by: 1) {
            var byte: UInt8 = 0
            _ = pread(fd, &byte, 1, off_t(slot * 24 + 8))
            byte ^= 0x40
            _ = pwrite(fd, &byte, 1, off_t(slot * 24 + 8))
        }
        for hash in hashes.prefix(20) {
            #expect(throws: SpillFileError.self) { _ = try table.value(for: hash) }
            #expect(throws: SpillFileError.self) { _ = try table.insertIfAbsent(hash, value: 1) }
        }
    }

    /// A file cut short: a probe that reads past its end refuses; growth, which reads every slot,
    /// refuses too.
    @Test func aCutFileIsAnErrorNeverAnAnswer() throws {
        let table = ItemIDHashTable(memorySlots: 0)
        for n in 1...100 { try table.insertIfAbsent(Int(bitPattern: UInt(SeededRandom.hash("id \(n)"))), value: 1) }
        let fd = try #require(table.spillDescriptor)
        #expect(ftruncate(fd, 0) == 0)
        #expect(throws: SpillFileError.self) { _ = try table.value(for: Int(bitPattern: UInt(SeededRandom.hash("id 1")))) }
        #expect(throws: SpillFileError.self) {
            for n in 101...400 { try table.insertIfAbsent(Int(bitPattern: UInt(SeededRandom.hash("id \(n)"))), value: 1) }
        }
    }

    /// No directory for the file: the table stays in memory and answers as before.
    @Test func withoutAFileTheTableStaysInMemory() throws {
        let table = ItemIDHashTable(memorySlots: 32, directory: "/nonexistent/feedscroll")
        for n in 1...1_000 { try table.insertIfAbsent(n, value: UInt64(n)) }
        #expect(!table.isSpilled)
        #expect(table.spillFailure != nil)
        for n in 1...1_000 { #expect(try table.value(for: n) == UInt64(n)) }
    }

    /// The list: appended hashes read back in order, across its file and its memory tail.
    @Test(arguments: [1, 7, 8_192])
    func theListReadsBackWhatWasAppended(memoryCount: Int) throws {
        var random = SeededRandom(seed: 9)
        let list = ItemIDHashList(memoryCount: memoryCount)
        var reference: [Int] = []
        for _ in 0..<3_000 {
            let hash = Int(bitPattern: UInt(random.next()))
            try list.append(hash)
            reference.append(hash)
        }
        #expect(list.count == 3_000)
        #expect((list.spillDescriptor != nil) == (memoryCount < 3_000))
        #expect(try list.hashes(0..<3_000) == reference)
        #expect(try list.hashes(1_234..<2_999) == Array(reference[1_234..<2_999]))
        var chunks: [Int] = []
        try list.forEachChunk(10..<3_000) { chunks += $0 }
        #expect(chunks == Array(reference[10...]))
    }

    /// The list's file damaged or cut: reading it refuses.
    @Test func theListRefusesADamagedOrCutFile() throws {
        let list = ItemIDHashList(memoryCount: 16)
        for n in 0..<100 { try list.append(n * 31 + 1) }
        let fd = try #require(list.spillDescriptor)
        var byte: UInt8 = 0xFF
        _ = pwrite(fd, &byte, 1, off_t(40 * 16 + 3))
        #expect(try list.hashes(0..<40) == (0..<40).map { $0 * 31 + 1 })
        #expect(throws: SpillFileError.self) { _ = try list.hashes(35..<45) }
        #expect(ftruncate(fd, 16 * 20) == 0)
        #expect(throws: SpillFileError.self) { _ = try list.hashes(0..<30) }
    }
}
