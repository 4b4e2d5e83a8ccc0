import FeedPictures

/// One terminal cell.
///
/// A wide character (Hangul, CJK, most emoji) occupies two cells: the first holds the
/// grapheme and `width == 2`, the second is a continuation with empty text and `width == 0`.
/// A picture cell carries exact `colors`, which take the place of its style's colours.
public struct Cell: Sendable, Hashable {
    public var text: String
    public var width: UInt8
    public var style: Style
    /// Exact colours (a picture's pixels); nil uses the style's.
    public var colors: CellColors?

    public init(_ text: String, width: UInt8 = 1, style: Style = .normal, colors: CellColors? = nil) {
        self.text = text
        self.width = width
        self.style = style
        self.colors = colors
    }

    public static let blank = Cell(" ")

    /// Whether this cell is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}
