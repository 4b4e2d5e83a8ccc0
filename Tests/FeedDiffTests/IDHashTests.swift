import FeedModel
import Testing

@testable import FeedDiff

/// The id index's own string hash: equal strings (`==`, canonical equivalence) hash equal,
/// every byte counts, and the hashes spread.
@Suite struct IDHashTests {
    /// Every scalar beyond ASCII, alone, against the 128 ASCII strings of one scalar: the ones
    /// `String` finds equal to an ASCII string are exactly the three `IDHash.nonASCII` maps,
    /// and each hashes as that ASCII string. (Longer strings equal to an ASCII one are made of
    /// these and ASCII: canonical decomposition works scalar by scalar.)
    @Test func theOnlyScalarsEqualToASCIIAreTheThreeMappedAndTheyHashAsIt() {
        var asciiByHash: [Int: String] = [:]
        for value in 0..<128 {
            let ascii = String(Character(Unicode.Scalar(UInt8(value))))
            asciiByHash[ascii.hashValue] = ascii
        }
        var equalToASCII: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            var text = ""
            text.unicodeScalars.append(scalar)
            guard let ascii = asciiByHash[text.hashValue], ascii == text else { continue }
            equalToASCII.append(value)
            #expect(indexHash(text) == indexHash(ascii), "U+\(String(value, radix: 16))")
        }
        #expect(equalToASCII == [0x037E, 0x1FEF, 0x212A])
    }

    /// Strings built piece by piece, each piece in one of its equivalent spellings (ASCII or its
    /// singleton, precomposed or decomposed, U+212B or Å): equal strings, equal index hashes,
    /// at every length the word loop and its tails handle.
    @Test func equalStringsInAnySpellingHashEqual() {
        let pieces: [[String]] = [
            ["K", "\u{212A}"], [";", "\u{037E}"], ["`", "\u{1FEF}"],
            ["é", "e\u{0301}"], ["Å", "A\u{030A}", "\u{212B}"], ["ṩ", "s\u{0323}\u{0307}", "s\u{0307}\u{0323}"],
            ["a"], ["hn:"], ["0123456789"], ["/"], ["中"], ["👩🏽‍💻"], ["-"], ["Z"],
        ]
        var random = SeededRandom(seed: 25)
        var spellingsDiffered = 0
        for _ in 0..<3_000 {
            var one = "", other = ""
            for _ in 0..<random.below(14) {
                let spellings = pieces[random.below(pieces.count)]
                one += spellings[random.below(spellings.count)]
                other += spellings[random.below(spellings.count)]
            }
            #expect(one == other)
            #expect(indexHash(one) == indexHash(other), "\(Array(one.unicodeScalars)) / \(Array(other.unicodeScalars))")
            if Array(one.utf8) != Array(other.utf8) { spellingsDiffered += 1 }
        }
        #expect(spellingsDiffered > 1_000, "the check saw strings equal with different bytes")
    }

    /// Changing any one byte of an ASCII string, at any length from 0 to 64, changes its hash;
    /// so does its length (runs of one letter).
    @Test func everyByteAndTheLengthCount() {
        for length in 0...64 {
            let base = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            var hashes: Set<Int> = [indexHash(String(decoding: base, as: UTF8.self))]
            for position in 0..<length {
                var changed = base
                changed[position] = UInt8(ascii: "b")
                hashes.insert(indexHash(String(decoding: changed, as: UTF8.self)))
            }
            #expect(hashes.count == length + 1, "length \(length)")
        }
        let runs = Set((0...200).map { indexHash(String(repeating: "x", count: $0)) })
        #expect(runs.count == 201)
    }

    /// Feed-like ids spread over the index's low bits: 65,536 sequential ids over 4,096 buckets
    /// (16 expected in each; 60 would happen by chance about once in 10¹⁷), and no two of
    /// 200,000 share a whole hash.
    @Test func feedIDsSpreadOverTheLowBits() {
        for prefix in ["hn:", "https://example.com/item/", "item-"] {
            var buckets = [Int](repeating: 0, count: 4_096)
            for number in 0..<65_536 { buckets[indexHash("\(prefix)\(number)") & 4_095] += 1 }
            #expect(buckets.max()! < 60, "\(prefix): fullest bucket \(buckets.max()!)")
        }
        let hashes = Set((0..<200_000).map { indexHash("https://news.example/\($0)") })
        #expect(hashes.count == 200_000)
    }

    /// A snapshot takes two spellings of one id as one row, as `==` does.
    @Test func aSnapshotKeepsEquivalentIDsInOneRow() {
        let rows = [Row("\u{212A}elvin", 1), Row("café", 1), Row("Kelvin", 2), Row("cafe\u{0301}", 2)]
        let snapshot = Snapshot(rows)
        #expect(snapshot.count == 2)
        #expect(snapshot.map(\.version) == [2, 2])
        #expect(snapshot.index(of: "Kelvin") == 0 && snapshot.index(of: "\u{212A}elvin") == 0)
        #expect(snapshot.index(of: "cafe\u{0301}") == 1)
    }
}
