import FeedUI

extension Theme {
    /// Dark text for a light background.
    public static let light = Theme(usesColor: true, isLight: true, appearances: [
        .normal: Appearance(),
        .title: Appearance(foreground: Color(235, fallback: 0, rgb: 0x262626), attributes: .bold),
        .meta: Appearance(foreground: Color(242, fallback: 0, rgb: 0x6C6C6C)),
        .selected: Appearance(
            foreground: .black, background: Color(153, fallback: 6, rgb: 0xB5D5F5), attributes: .bold),
        .selectedMeta: Appearance(
            foreground: Color(238, fallback: 0, rgb: 0x444444), background: Color(153, fallback: 6, rgb: 0xB5D5F5)),
        // The meta lines' look, as in the default theme.
        .status: Appearance(foreground: Color(242, fallback: 0, rgb: 0x6C6C6C)),
        .footer: Appearance(foreground: Color(130, fallback: 3, rgb: 0xA65E00)),
        .error: Appearance(foreground: Color(124, fallback: 1, rgb: 0xB00020), attributes: .bold),
        .spinner: Appearance(foreground: .blue, attributes: .bold),
        .highlight: Appearance(foreground: .black, background: Color(221, fallback: 3, rgb: 0xFFD75F)),
        .readTitle: Appearance(foreground: Color(246, fallback: 0, rgb: 0x949494), attributes: .dim),
        .readMeta: Appearance(foreground: Color(249, fallback: 0, rgb: 0xB2B2B2), attributes: .dim),
        .changed: Appearance(foreground: Color(28, fallback: 2, rgb: 0x008700), attributes: .bold),
        // The title's look, as in the default theme (the glyph marks the cursor).
        .cursor: Appearance(foreground: Color(235, fallback: 0, rgb: 0x262626), attributes: .bold),
    ])

    /// The theme a name stands for.
    public static func named(_ name: ThemeName) -> Theme {
        switch name {
        case .default: .default
        case .light: .light
        case .mono: .monochrome
        }
    }

    /// The theme to use: `NO_COLOR` (set and non-empty, per no-color.org) forces monochrome,
    /// whatever was asked for; otherwise the named theme, or the default.
    public static func select(_ name: ThemeName?, environment: [String: String]) -> Theme {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        return named(name ?? .default)
    }
}
