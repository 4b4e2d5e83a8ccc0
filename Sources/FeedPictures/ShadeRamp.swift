/// Pictures for terminals with 8 colours: a cell becomes a shade glyph for its brightness.
public enum ShadeRamp {
    /// From empty to full: space, light, medium and dark shade, full block.
    public static let glyphs = [" ", "░", "▒", "▓", "█"]

    /// The glyph for a cell whose two pixels are `top` and `bottom`.
    ///
    /// - Parameter onLightBackground: glyphs are drawn in the foreground colour: on a light
    ///   background a dark pixel needs the dense glyph, so the ramp runs the other way.
    public static func glyph(top: RGB, bottom: RGB, onLightBackground: Bool = false) -> String {
        var level = (top.luminance + bottom.luminance) / 2
        if onLightBackground { level = 255 - level }
        return glyphs[min(glyphs.count - 1, level * glyphs.count / 256)]
    }
}
