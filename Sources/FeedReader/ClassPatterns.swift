/// The class/id word lists the extractor judges elements by (Readability's, as documented in
/// THREADS-AND-FEEDS.md part 3), matched as lowercase substrings: cheaper than regular
/// expressions and the same answers for these plain alternations.
enum ClassPatterns {
    static let unlikely = [
        "-ad-", "ai2html", "banner", "breadcrumbs", "combx", "comment", "community", "cover-wrap", "disqus", "extra",
        "footer", "gdpr", "header", "legends", "menu", "related", "remark", "replies", "rss", "shoutbox", "sidebar",
        "skyscraper", "social", "sponsor", "supplemental", "ad-break", "agegate", "pagination", "pager", "popup",
        "yom-remote",
    ]
    static let maybeCandidate = ["and", "article", "body", "column", "content", "main", "mathjax", "shadow"]
    static let negative = [
        "-ad-", "banner", "combx", "comment", "com-", "contact", "footer", "gdpr", "masthead", "media", "meta",
        "outbrain", "promo", "related", "scroll", "share", "shoutbox", "sidebar", "skyscraper", "sponsor", "shopping",
        "tags", "widget",
    ]
    static let positive = ["article", "body", "content", "entry", "hentry", "h-entry", "main", "page", "pagination", "post", "text", "blog", "story"]
    static let byline = ["byline", "author", "dateline", "writtenby", "p-author"]
    static let share = ["share", "sharedaddy"]
    static let unlikelyRoles: Set<String> = ["menu", "menubar", "complementary", "navigation", "alert", "alertdialog", "dialog"]

    /// The lists a class or id (or both, joined by a space) has a word of.
    struct Lists: OptionSet {
        let rawValue: UInt8
        static let unlikely = Lists(rawValue: 1)
        static let maybeCandidate = Lists(rawValue: 2)
        /// `negative`, `hidden`, or the word `hid` alone (`isNegative`).
        static let negative = Lists(rawValue: 4)
        static let positive = Lists(rawValue: 8)
        static let byline = Lists(rawValue: 16)
        static let share = Lists(rawValue: 32)
    }

    /// Which lists have a word in `text`: what `matches(text, list)` (and `isNegative` for
    /// `.negative`) says for each, in one pass. Plain ASCII (nearly every class and id) is
    /// lowercased byte by byte, which is what `lowercased()` does to it, and searched for every
    /// word at once (the words by their first byte); anything else goes through the functions
    /// below, `lowercased()` and all. A class attribute was lowercased into a new array for
    /// every list it was asked about, at every node and again for every weight.
    static func lists(_ text: String) -> Lists {
        guard !text.isEmpty else { return [] }
        var text = text
        let ascii: Lists? = text.withUTF8 { bytes in
            guard bytes.count <= 256, !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { lower in
                for index in bytes.indices {
                    let byte = bytes[index]
                    lower[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
                }
                return Table.shared.lists(UnsafeBufferPointer(lower))
            }
        }
        if let ascii { return ascii }
        var found: Lists = []
        if matches(text, unlikely) { found.insert(.unlikely) }
        if matches(text, maybeCandidate) { found.insert(.maybeCandidate) }
        if isNegative(text) { found.insert(.negative) }
        if matches(text, positive) { found.insert(.positive) }
        if matches(text, byline) { found.insert(.byline) }
        if matches(text, share) { found.insert(.share) }
        return found
    }

    /// Every list's words in one buffer, ordered by first byte, each with the lists it is in.
    private struct Table: Sendable {
        static let shared = Table()
        var bytes: [UInt8] = []
        /// Per word: where it starts in `bytes`, its length, its lists.
        var starts: [Int] = []
        var lengths: [Int] = []
        var wordLists: [UInt8] = []
        /// Per pair of first bytes (both ASCII: first × 128 + second), the words starting with
        /// them, packed as `start << 16 | end` (0: none). Every word has at least two bytes, so
        /// at each place in the text only the words sharing its next two bytes are compared (by
        /// the first byte alone, a dozen words at an `s` or a `c`).
        var pairWords = [UInt32](repeating: 0, count: 128 * 128)

        init() {
            var all: [String: Lists] = [:]
            for (words, list) in [(unlikely, Lists.unlikely), (maybeCandidate, .maybeCandidate), (negative + ["hidden"], .negative),
                                  (positive, .positive), (byline, .byline), (share, .share)] {
                for word in words { all[word, default: []].insert(list) }
            }
            let sorted = all.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            for word in sorted {
                starts.append(bytes.count)
                lengths.append(word.utf8.count)
                wordLists.append(all[word]!.rawValue)
                bytes += word.utf8
            }
            for (index, word) in sorted.enumerated() {
                let bytes = Array(word.utf8)
                precondition(bytes.count >= 2 && bytes[0] < 0x80 && bytes[1] < 0x80 && sorted.count < 0xFFFF)
                let pair = Int(bytes[0]) << 7 | Int(bytes[1])
                // Sorted, so the words of one pair are next to each other.
                let start = pairWords[pair] == 0 ? UInt32(index) : pairWords[pair] >> 16
                pairWords[pair] = start << 16 | UInt32(index + 1)
            }
        }

        func lists(_ text: UnsafeBufferPointer<UInt8>) -> Lists {
            var found: UInt8 = 0
            // Every byte of `text` is ASCII (the caller checked), so a pair indexes the table.
            guard text.count >= 2 else { return [] }
            bytes.withUnsafeBufferPointer { words in
                pairWords.withUnsafeBufferPointer { pairWords in
                    for start in 0..<(text.count &- 1) {
                        let pair = pairWords[Int(text[start]) &<< 7 | Int(text[start &+ 1])]
                        guard pair != 0 else { continue }
                        var word = Int(pair >> 16)
                        let end = Int(pair & 0xFFFF)
                        while word < end {
                            let length = lengths[word]
                            if found & wordLists[word] != wordLists[word], length <= text.count &- start {
                                let from = starts[word]
                                var offset = 2
                                while offset < length && text[start &+ offset] == words[from &+ offset] { offset &+= 1 }
                                if offset == length { found |= wordLists[word] }
                            }
                            word &+= 1
                        }
                    }
                }
            }
            // The word `hid` alone, between spaces or the ends.
            if found & Lists.negative.rawValue == 0 {
                var start = 0
                for index in 0...text.count where index == text.count || text[index] == 0x20 {
                    if index &- start == 3, text[start] == 0x68, text[start &+ 1] == 0x69, text[start &+ 2] == 0x64 {
                        found |= Lists.negative.rawValue
                    }
                    start = index &+ 1
                }
            }
            return Lists(rawValue: found)
        }
    }

    static func matches(_ text: String, _ words: [String]) -> Bool {
        guard !text.isEmpty else { return false }
        let lower = Array(text.lowercased().utf8)
        return words.contains { contains(lower, $0) }
    }

    /// The negative list also holds the word `hid` alone (not `hidden-xs`'s neighbours).
    static func isNegative(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        let lowercased = text.lowercased()
        if lowercased.split(separator: " ").contains("hid") { return true }
        let lower = Array(lowercased.utf8)
        return contains(lower, "hidden") || negative.contains { contains(lower, $0) }
    }

    /// Whether `word`'s UTF-8 bytes occur in `text` (Foundation's `contains` went through
    /// `NSString` and a locale-aware search for every element and word).
    static func contains(_ text: [UInt8], _ word: String) -> Bool {
        var word = word
        return word.withUTF8 { word in
            guard let first = word.first, word.count <= text.count else { return word.isEmpty }
            var start = 0
            let last = text.count &- word.count
            while start <= last {
                if text[start] == first {
                    var offset = 1
                    while offset < word.count && text[start &+ offset] == word[offset] { offset &+= 1 }
                    if offset == word.count { return true }
                }
                start &+= 1
            }
            return false
        }
    }
}
