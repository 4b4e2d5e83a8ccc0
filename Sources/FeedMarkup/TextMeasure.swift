import FeedModel

/// What the extractor measures of a subtree's text (`HTMLNode.textMeasure`), in the terms of
/// its text with white space collapsed and trimmed (`Text.normalised` in FeedReader): the
/// length in Unicode scalars, the commas, and how much of it sits inside links.
///
/// Measures add up child by child (`append`): a gap between two children's words counts one
/// space when either side has white space at the join, as collapsing the joined text would.
public struct TextMeasure: Sendable, Equatable {
    /// Scalars of the collapsed, trimmed text (a run of white space between words counts 1).
    public var length = 0
    /// Comma forms (Latin, Arabic, CJK and others), as Readability counts them.
    public var commas = 0
    /// Of `length`, what lies inside `<a>` elements below the node (not the node itself), the
    /// links to a fragment alone (`href="#…"`) apart. Nested links count at each level.
    public var linkLength = 0
    public var fragmentLinkLength = 0
    /// Whether the text has anything but white space.
    public var hasWords: Bool { length > 0 }
    /// White space before the first word (or, with no words, anywhere) and after the last.
    var leadingSpace = false
    var trailingSpace = false

    public init() {}

    /// The measure of one run of text.
    public init(text: String) {
        var text = text
        self = text.withUTF8 { TextMeasure(utf8: $0) }
    }

    /// The measure of one run of text, as UTF-8 (`HTMLNode` measures text it keeps as bytes
    /// without making a String of it).
    init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        var index = 0
        var pendingSpace = false
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080, lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        /// 0x80 in each byte of `x` that is zero, nothing elsewhere (no borrow crosses bytes).
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & lows) &+ lows) | x | lows) }
        while index < count {
            // Eight bytes at a time while they are spaces and printable ASCII (most text;
            // a byte under 0x20 or from 0x80 up goes the byte by byte way below): words'
            // bytes, the gaps between words and the commas counted from masks, as the byte
            // by byte way counts them.
            if index &+ 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                if ((word &- ones &* 0x20) & ~word & highs) | (word & highs) == 0 {
                    let spaces = zeroBytes(word ^ (ones &* 0x20))
                    let others = ~spaces & highs
                    if others == 0 {
                        if length == 0 { leadingSpace = true }
                        pendingSpace = true
                        index &+= 8
                        continue
                    }
                    // A gap is a byte of a word after a space: inside these eight, or
                    // the first of them after a space before.
                    var gaps = ((spaces << 8) & others).nonzeroBitCount
                    if pendingSpace && others & 0x80 != 0 { gaps &+= 1 }
                    if length == 0 {
                        // Nothing counted yet: the gap before the first word is no gap,
                        // and the spaces before it lead.
                        let first = others.trailingZeroBitCount >> 3
                        if first > 0 || pendingSpace { gaps &-= 1 }
                        if first > 0 { leadingSpace = true }
                    }
                    length &+= gaps &+ others.nonzeroBitCount
                    commas &+= zeroBytes(word ^ (ones &* 0x2C)).nonzeroBitCount
                    pendingSpace = spaces >> 63 != 0
                    index &+= 8
                    continue
                }
            }
            let lead = bytes[index]
            if lead < 0x80 {
                // ASCII, most text: white space, or a run of other bytes counted whole.
                if lead == 0x20 || lead &- 0x09 < 5 {
                    if length == 0 { leadingSpace = true }
                    pendingSpace = true
                    index &+= 1
                    continue
                }
                if pendingSpace && length > 0 { length &+= 1 }
                pendingSpace = false
                var end = index
                while end < count {
                    let byte = bytes[end]
                    if byte >= 0x80 || byte == 0x20 || byte &- 0x09 < 5 { break }
                    if byte == 0x2C { commas &+= 1 }
                    end &+= 1
                }
                length &+= end &- index
                index = end
                continue
            }
            let width = Swift.min(WhiteSpaceUTF8.scalarWidth(lead), bytes.count &- index)
            if WhiteSpaceUTF8.isWhiteSpace(bytes, at: index, width: width) {
                if length == 0 { leadingSpace = true }
                pendingSpace = true
            } else {
                if pendingSpace && length > 0 { length &+= 1 }
                pendingSpace = false
                length &+= 1
                if lead == 0x2C || (width > 1 && Self.isComma(bytes, at: index, width: width)) { commas &+= 1 }
            }
            index &+= width
        }
        trailingSpace = pendingSpace
    }

    /// Adds the text that follows this text.
    public mutating func append(_ next: TextMeasure) {
        guard next.hasWords else {
            if next.leadingSpace || next.trailingSpace {
                if hasWords { trailingSpace = true } else { leadingSpace = true; trailingSpace = true }
            }
            return
        }
        if hasWords {
            if trailingSpace || next.leadingSpace { length &+= 1 }
        } else {
            leadingSpace = leadingSpace || next.leadingSpace
        }
        length &+= next.length
        trailingSpace = next.trailingSpace
        commas &+= next.commas
        linkLength &+= next.linkLength
        fragmentLinkLength &+= next.fragmentLinkLength
    }

    /// Link text over all text, links to a fragment alone counted at 0.3 (0 for no text).
    public var linkDensity: Double {
        guard length > 0 else { return 0 }
        return (Double(linkLength) + Double(fragmentLinkLength) * 0.3) / Double(length)
    }

    /// U+060C, U+FE50, U+FE10, U+FE11, U+2E41, U+2E34, U+2E32, U+FF0C (U+002C is checked first).
    private static func isComma(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, width: Int) -> Bool {
        switch width {
        case 2: return bytes[index] == 0xD8 && bytes[index &+ 1] == 0x8C  // U+060C
        case 3:
            let value = (UInt32(bytes[index] & 0x0F) << 12) | (UInt32(bytes[index &+ 1] & 0x3F) << 6) | UInt32(bytes[index &+ 2] & 0x3F)
            switch value {
            case 0xFE50, 0xFE10, 0xFE11, 0x2E41, 0x2E34, 0x2E32, 0xFF0C: return true
            default: return false
            }
        default: return false
        }
    }
}

