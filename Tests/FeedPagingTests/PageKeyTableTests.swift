import FeedModel
import FeedPaging
import PropertyBased
import Testing
import FeedTestSupport

/// The pager's page keys, kept compactly: every key comes back as it went in, whatever was
/// sealed when, and a long feed's cursors cost a few bytes a page.
@Suite struct PageKeyTableTests {
    /// Strings that share prefixes and suffixes with each other, some cut inside a character.
    private static let strings = [
        "", "a", "ab", "abc", "25 https://example.org/feed", "50 https://example.org/feed", "1025 https://example.org/feed",
        "é", "eé", "éé", "日本語", "日本人", "本日", "👩‍👩‍👧", "👩‍👩‍👦", "t3_abc", "t3_abd", "t3_", "x\u{0}y", "e\u{301}",
    ]

    private static func randomKey(_ random: inout SeededRandom) -> PageKey {
        let number = random.below(3) == 0 ? -random.below(1 << 40) : random.below(1 << 40)
        switch random.below(10) {
        case 0: return .offset(number, limit: random.below(200))
        case 1: return .page(number)
        case 2: return .cursor(nil)
        case 3, 4: return .cursor(random.pick(strings) + random.pick(strings))
        case 5: return .keyset(nil)
        case 6: return .keyset(random.pick(strings))
        case 7: return .time(nil)
        case 8: return .time(Int64(number))
        default: return .idSlice(start: number, count: random.below(100))
        }
    }

    /// Any sequence of writes and removals, at pages in and across blocks, agrees with a
    /// dictionary after every step, and a table built from the dictionary at once is equal to it.
    @Test(.offThePool) func anySequenceOfWritesAgreesWithADictionary() async {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int(Int32.max)), Gen.int(in: 1...400)) { seed, span in
            var random = SeededRandom(seed: UInt64(seed))
            var table = PageKeyTable()
            var model: [Int: PageKey] = [:]
            for _ in 0..<(1 + random.below(300)) {
                // Mostly onward (a feed read going down), sometimes anywhere, sometimes a removal.
                let page = random.chance(0.6) ? (model.keys.max() ?? -1) + 1 : random.below(span) - 2
                if random.chance(0.15) {
                    #expect(table.removeValue(forPage: page) == (page >= 0 ? model.removeValue(forKey: page) : nil))
                } else {
                    let key = Self.randomKey(&random)
                    table[page] = key
                    if page >= 0 { model[page] = key }
                }
                let probe = random.below(span + 70) - 2
                #expect(table[probe] == model[probe], "page \(probe)")
                #expect(table.count == model.count)
            }
            let entries = table.entries
            #expect(entries.map(\.page) == model.keys.sorted())
            #expect(entries.allSatisfy { model[$0.page] == $0.value })
            var rebuilt = PageKeyTable()
            for page in model.keys.sorted(by: >) { rebuilt[page] = model[page] }
            #expect(rebuilt == table)
        }
    }

    /// A string comes back with the very bytes it was stored with (not only an equal string:
    /// Swift compares strings by canonical equivalence).
    @Test func stringsComeBackByteForByte() {
        var table = PageKeyTable()
        let tokens = ["e\u{301}", "\u{e9}", "e\u{301}x", "\u{e9}x", "a\u{e9}", "ae\u{301}"]
        for (page, token) in tokens.enumerated() { table[page] = .cursor(token) }
        table[200] = .page(0)  // seals the block
        for (page, token) in tokens.enumerated() {
            guard case let .cursor(read?) = table[page] else { Issue.record("page \(page): \(String(describing: table[page]))"); continue }
            #expect(Array(read.utf8) == Array(token.utf8), "page \(page)")
        }
    }

    /// The keys of a million-entry feed read 25 at a time (40,000 pages of `"N URL"` cursors)
    /// take some 6 bytes a page sealed, where they took about 120 as values with a heap string
    /// each; every one reads back.
    @Test(.offThePool) func aLongFeedsCursorsCostAFewBytesAPage() {
        let url = "http://127.0.0.1:18741/feeds/huge?n=1000000"
        var table: PageKeyTable = [0: .cursor(nil)]
        let pages = 40_000
        for page in 1..<pages { table[page] = .cursor("\(page * 25) \(url)") }
        #expect(table.count == pages)
        #expect(table.sealedBytes < 8 * pages, "\(table.sealedBytes) bytes for \(pages) pages")
        #expect(table[0] == .cursor(nil))
        #expect((1..<pages).allSatisfy { table[$0] == .cursor("\($0 * 25) \(url)") })
        #expect(table[pages] == nil)
    }
}
