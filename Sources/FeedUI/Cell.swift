/// One terminal cell.
///
/// A wide character (Hangul, CJK, most emoji) occupies two cells: the first holds the
/// grapheme and `width == 2`, the second is a continuation with empty text and `width == 0`.
public struct Cell: Sendable, Hashable {
    public var text: String
    public var width: UInt8
    public var style: Style

    public init(_ text: String, width: UInt8 = 1, style: Style = .normal) {
        self.text = text
        self.width = width
        self.style = style
    }

    public static let blank = Cell(" ")

    /// Whether this cell is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
