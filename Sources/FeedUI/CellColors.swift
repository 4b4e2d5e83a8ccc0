import FeedPictures

/// A cell's own foreground and background, for pictures: the backend maps them to the nearest
/// colours the terminal has (direct colour, the 256-colour palette, or a shade glyph).
public struct CellColors: Sendable, Hashable {
    public var foreground: RGB
    public var background: RGB

    public init(foreground: RGB, background: RGB) {
        self.foreground = foreground
        self.background = background
    }
}
