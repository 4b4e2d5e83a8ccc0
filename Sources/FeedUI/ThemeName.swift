/// The themes feedscroll ships; the terminal backend turns a name into colours.
public enum ThemeName: String, Sendable, Hashable, CaseIterable {
    /// Colours for a dark (or any) background: the default.
    case `default`
    /// Colours for a light background.
    case light
    /// Attributes only (bold, dim, reverse, underline): what `NO_COLOR` forces.
    case mono
}
