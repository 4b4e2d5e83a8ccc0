import FeedModel

/// What `/` looks for: a literal string, matched with "smart case" like vim's `smartcase` and
/// less's `-i`: all lower case matches either case, any capital makes the match exact.
public struct SearchPattern: Sendable, Hashable {
    public let text: String
    /// Whether the pattern has a capital letter, so case must match.
    public let isCaseSensitive: Bool
    /// The pattern folded for comparison, as UTF-8 (ASCII patterns) or characters (others).
    let bytes: [UInt8]
    private let characters: [Character]
    /// Whether the pattern is ASCII: its matches are byte matches (`SearchText` scans for them).
    let isASCII: Bool

    public init(_ text: String) {
        self.text = text
        isCaseSensitive = text.contains { $0.isUppercase }
        isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        let sensitive = isCaseSensitive
        bytes = text.utf8.map { sensitive ? $0 : Self.fold($0) }
        characters = text.map { sensitive ? $0 : Self.fold($0) }
    }

    public var isEmpty: Bool { text.isEmpty }

    /// Whether the pattern occurs in `haystack`.
    /// - Complexity: O(n·m); ASCII patterns compare bytes without decoding characters.
    public func matches(_ haystack: String) -> Bool {
        firstRange(in: haystack, from: haystack.startIndex) != nil
    }

    /// Every non-overlapping occurrence, in order, as UTF-8 offsets (what `Grid.write` marks).
    public func ranges(in haystack: String) -> [Range<Int>] {
        guard !isEmpty else { return [] }
        var found: [Range<Int>] = []
        var start = haystack.startIndex
        let utf8 = haystack.utf8
        while start < haystack.endIndex, let range = firstRange(in: haystack, from: start) {
            let lower = utf8.distance(from: utf8.startIndex, to: range.lowerBound)
            found.append(lower..<(lower + utf8.distance(from: range.lowerBound, to: range.upperBound)))
            start = range.upperBound
        }
        return found
    }

    // MARK: - Helpers

    private func firstRange(in haystack: String, from start: String.Index) -> Range<String.Index>? {
        guard !isEmpty else { return nil }
        return isASCII ? firstByteRange(in: haystack, from: start) : firstCharacterRange(in: haystack, from: start)
    }

    private func firstByteRange(in haystack: String, from start: String.Index) -> Range<String.Index>? {
        let utf8 = haystack.utf8
        let first = utf8.distance(from: utf8.startIndex, to: start)
        let found: Int? = utf8.withContiguousStorageIfAvailable { buffer -> Int? in
            let n = buffer.count, m = bytes.count
            guard m <= n - first else { return nil }
            var i = first
            while i <= n - m {
                var j = 0
                while j < m {
                    let b = isCaseSensitive ? buffer[i + j] : Self.fold(buffer[i + j])
                    if b != bytes[j] { break }
                    j += 1
                }
                if j == m { return i }
                i += 1
            }
            return nil
        } ?? nil
        if let found {
            let lower = utf8.index(utf8.startIndex, offsetBy: found)
            return lower..<utf8.index(lower, offsetBy: bytes.count)
        }
        if utf8.withContiguousStorageIfAvailable({ _ in true }) == true { return nil }
        // A bridged or non-contiguous string: fall back to characters.
        return firstCharacterRange(in: haystack, from: start)
    }

    private func firstCharacterRange(in haystack: String, from start: String.Index) -> Range<String.Index>? {
        var lower = start
        while lower < haystack.endIndex {
            var index = lower
            var j = 0
            while j < characters.count, index < haystack.endIndex {
                let c = haystack[index]
                if (isCaseSensitive ? c : Self.fold(c)) != characters[j] { break }
                index = haystack.index(after: index)
                j += 1
            }
            if j == characters.count { return lower..<index }
            lower = haystack.index(after: lower)
        }
        return nil
    }

    private static func fold(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    private static func fold(_ character: Character) -> Character {
        if let ascii = character.asciiValue { return Character(Unicode.Scalar(fold(ascii))) }
        let lower = character.lowercased()
        return lower.count == 1 ? Character(lower) : character
    }
}

extension FeedItem {
    /// The host of the item's URL (`example.com` in `https://example.com/a`), if it has one.
    /// - Complexity: one pass over the URL's bytes (the delimiters are all ASCII, so byte
    ///   offsets are character boundaries).
    var urlHost: Substring? {
        guard let url else { return nil }
        let utf8 = url.utf8
        var index = utf8.startIndex
        var hostStart: String.Index?
        // "://" ends the scheme.
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: ":") {
                let next = utf8.index(after: index)
                if next < utf8.endIndex, utf8[next] == UInt8(ascii: "/") {
                    let third = utf8.index(after: next)
                    if third < utf8.endIndex, utf8[third] == UInt8(ascii: "/") {
                        hostStart = utf8.index(after: third)
                        break
                    }
                }
            }
            index = utf8.index(after: index)
        }
        guard var start = hostStart else { return nil }
        var end = start
        while end < utf8.endIndex {
            let byte = utf8[end]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") { start = utf8.index(after: end) }
            end = utf8.index(after: end)
        }
        return start < end ? url[start..<end] : nil
    }
}
