/// Trimming white space natively, looking only at the ends.
///
/// Foundation's `trimmingCharacters(in:)` on Linux bridges the whole string through UTF-16 and
/// back, however little it trims: a 10 MB feed title spent about a second in it and in
/// `contains("  ")`. These look at the scalars at each end and copy once.
extension StringProtocol {
    /// Without white space (spaces, tabs, no-break spaces) at either end; line breaks stay,
    /// as `trimmingCharacters(in: .whitespaces)` keeps them.
    public func trimmingSpace() -> String { trimming { $0.properties.isWhitespace && !Self.isLineBreak($0) } }

    /// Without white space or line breaks at either end (`.whitespacesAndNewlines`).
    public func trimmingSpaceAndNewlines() -> String { trimming { $0.properties.isWhitespace } }

    private func trimming(_ isTrimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, isTrimmed(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard isTrimmed(scalars[before]) else { break }
            end = before
        }
        return String(self[start..<end])
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension StringProtocol {
    /// One line: every run of white space (line breaks and tabs included) one space, none at
    /// either end. For titles and one-line fields, and the reader's text measures.
    ///
    /// White space is Unicode's White_Space property, scalar by scalar (`WhiteSpaceUTF8`), read
    /// from the UTF-8 bytes: a range check per scalar, and words copied whole. (It walked
    /// `Character`s with `Character.isWhitespace`, which asks the property tables for every
    /// character and was most of the reader's time on big pages, where FeedReader kept its own
    /// copy of this on bytes.) One difference from the `Character` walk: a combining mark after
    /// white space (U+0020 U+0301, one `Character` whose first scalar is a space) is kept as the
    /// start of the next word, where the `Character` walk dropped it with the space.
    /// - Complexity: O(n) in UTF-8 bytes.
    public func collapsingWhitespace() -> String {
        if let collapsed = utf8.withContiguousStorageIfAvailable(WhiteSpaceUTF8.collapsing) { return collapsed }
        var copy = String(self)
        return copy.withUTF8(WhiteSpaceUTF8.collapsing)
    }

    /// Whether the text is white space only (what `collapsingWhitespace().isEmpty` says,
    /// without building the string).
    public var isWhitespaceOnly: Bool {
        if let blank = utf8.withContiguousStorageIfAvailable(WhiteSpaceUTF8.isBlank) { return blank }
        var copy = String(self)
        return copy.withUTF8(WhiteSpaceUTF8.isBlank)
    }
}

/// Unicode's White_Space property read from UTF-8, a scalar at a time: the one implementation
/// behind `collapsingWhitespace()`, `isWhitespaceOnly` and the reader's text measures.
public enum WhiteSpaceUTF8 {
    /// The length of a UTF-8 sequence from its first byte (1 for a stray continuation byte).
    @inlinable @inline(__always)
    public static func scalarWidth(_ lead: UInt8) -> Int {
        lead < 0xC0 ? 1 : (lead < 0xE0 ? 2 : (lead < 0xF0 ? 3 : 4))
    }

    /// Whether the scalar at `index` (`width` bytes, `width` from `scalarWidth`, clipped to the
    /// buffer) is White_Space: U+0009–000D, U+0020, U+0085, U+00A0, U+1680, U+2000–200A, U+2028,
    /// U+2029, U+202F, U+205F, U+3000 (`WhiteSpaceTests` checks the list against the property).
    @inlinable @inline(__always)
    public static func isWhiteSpace(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, width: Int) -> Bool {
        let lead = bytes[index]
        switch width {
        case 1: return lead == 0x20 || (lead >= 0x09 && lead <= 0x0D)
        case 2: return lead == 0xC2 && (bytes[index &+ 1] == 0x85 || bytes[index &+ 1] == 0xA0)
        case 3:
            let second = bytes[index &+ 1], third = bytes[index &+ 2]
            switch lead {
            case 0xE1: return second == 0x9A && third == 0x80
            case 0xE2:
                if second == 0x80 { return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF }
                return second == 0x81 && third == 0x9F
            case 0xE3: return second == 0x80 && third == 0x80
            default: return false
            }
        default: return false
        }
    }

    /// White-space runs collapsed to one space, none at either end; words are copied whole.
    public static func collapsing(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        // `word` is where the current word started, or nil in a gap.
        var word: Int? = nil
        var index = 0
        while index < bytes.count {
            let width = Swift.min(scalarWidth(bytes[index]), bytes.count &- index)
            if isWhiteSpace(bytes, at: index, width: width) {
                if let start = word {
                    if !out.isEmpty { out.append(0x20) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    word = nil
                }
            } else if word == nil {
                word = index
            }
            index &+= width
        }
        if let start = word {
            if !out.isEmpty { out.append(0x20) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether every scalar is white space.
    public static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let width = Swift.min(scalarWidth(bytes[index]), bytes.count &- index)
            if !isWhiteSpace(bytes, at: index, width: width) { return false }
            index &+= width
        }
        return true
    }
}
