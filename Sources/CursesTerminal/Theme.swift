import FeedPictures
import FeedUI

/// How each `Style` looks: a foreground, a background and attributes.
///
/// Colours are terminal palette indices; a terminal with fewer colours gets each colour's
/// `fallback`. With `NO_COLOR` set, or on a terminal without colours, the backend uses
/// `monochrome`, which says everything with attributes.
public struct Theme: Sendable, Hashable {
    /// A palette colour.
    public struct Color: Sendable, Hashable {
        /// The palette index, or `-1` for the terminal's own default colour.
        public var index: Int16
        /// What to use when the terminal has fewer colours than `index + 1`.
        public var fallback: Int16
        /// The exact colour (`0xRRGGBB`) for true-colour terminals; nil keeps the palette's.
        public var rgb: UInt32?

        public init(_ index: Int16, fallback: Int16? = nil, rgb: UInt32? = nil) {
            self.index = index
            self.fallback = fallback ?? (index < 16 ? index % 8 : -1)
            self.rgb = rgb
        }

        public static let `default` = Color(-1)
        public static let black = Color(0)
        public static let red = Color(1)
        public static let green = Color(2)
        public static let yellow = Color(3)
        public static let blue = Color(4)
        public static let cyan = Color(6)
        public static let white = Color(7)
        public static let brightWhite = Color(15, fallback: 7)

        /// The index to use on a terminal with `colors` colours.
        func resolved(colors: Int) -> Int16 {
            index < Int16(clamping: colors) ? index : fallback
        }
    }

    /// Text attributes, independent of colour.
    public struct Attributes: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let reverse = Attributes(rawValue: 1 << 2)
        public static let underline = Attributes(rawValue: 1 << 3)
        public static let italic = Attributes(rawValue: 1 << 4)
    }

    /// The look of one style.
    public struct Appearance: Sendable, Hashable {
        public var foreground: Color
        public var background: Color
        public var attributes: Attributes

        public init(foreground: Color = .default, background: Color = .default, attributes: Attributes = []) {
            self.foreground = foreground
            self.background = background
            self.attributes = attributes
        }
    }

    /// Whether the backend should allocate colour pairs for this theme.
    public var usesColor: Bool
    /// Whether the theme is made for a light terminal background.
    public var isLight: Bool
    private var appearances: [Style: Appearance]

    /// A theme; styles missing from `appearances` look like `.normal`'s (or plain text).
    public init(usesColor: Bool, isLight: Bool = false, appearances: [Style: Appearance]) {
        self.usesColor = usesColor
        self.isLight = isLight
        self.appearances = appearances
    }

    /// What transparent picture pixels are composited over: the normal style's background when
    /// it has an exact colour, else black for a dark theme and white for a light one (the
    /// terminal's own background cannot be asked for portably).
    public var pictureBackground: RGB {
        if let rgb = self[.normal].background.rgb { return RGB(hex: rgb) }
        return isLight ? .white : .black
    }

    public subscript(style: Style) -> Appearance {
        get { appearances[style] ?? appearances[.normal] ?? Appearance() }
        set { appearances[style] = newValue }
    }

    /// Colours on the terminal's own background.
    public static let `default` = Theme(usesColor: true, appearances: [
        .normal: Appearance(),
        // The terminal's own colour and weight, set apart from the grey meta line below it.
        // Bold cost 12 bytes a step: 7 to turn it on for the new title, 5 to turn it off for
        // its meta line (curses sets attributes with the whole `sgr`). See docs/PERFORMANCE.md.
        .title: Appearance(),
        // Grey from the 16-colour palette: the meta line is rewritten with every item that
        // scrolls in, and a 256-colour index costs 6 bytes more each time.
        .meta: Appearance(foreground: Color(8, fallback: 6, rgb: 0x8A8A8A)),
        .selected: Appearance(
            foreground: .brightWhite, background: Color(25, fallback: 4, rgb: 0x1F5FA8), attributes: .bold),
        .selectedMeta: Appearance(
            foreground: Color(252, fallback: 7, rgb: 0xD0D0D0), background: Color(25, fallback: 4, rgb: 0x1F5FA8)),
        // The meta lines' grey. The position changes with every step, right after the new
        // item's meta line: in the same look no escape comes between them, where reverse video
        // cost 16 bytes a step (the grey reset, reverse on, off again at the frame's end) and
        // this costs 9 (curses resets the colour at the frame's end). See docs/PERFORMANCE.md.
        .status: Appearance(foreground: Color(8, fallback: 6, rgb: 0x8A8A8A)),
        .footer: Appearance(foreground: .yellow),
        .error: Appearance(foreground: .red, attributes: .bold),
        .spinner: Appearance(foreground: .cyan, attributes: .bold),
        .highlight: Appearance(foreground: .black, background: .yellow),
        .readTitle: Appearance(foreground: Color(245, fallback: 7, rgb: 0x8A8A8A), attributes: .dim),
        .readMeta: Appearance(foreground: Color(240, fallback: 6, rgb: 0x585858), attributes: .dim),
        .changed: Appearance(foreground: .green, attributes: .bold),
        // The title's own look: bar, gap and title are one run of one rendition (a bold cyan
        // bar cost 17 bytes a step, bold and colour on and the colour off again). The glyph
        // marks the cursor.
        .cursor: Appearance(),
    ])

    /// Attributes only, for `NO_COLOR` and terminals without colours.
    public static let monochrome = Theme(usesColor: false, appearances: [
        .normal: Appearance(),
        .title: Appearance(attributes: .bold),
        .meta: Appearance(attributes: .dim),
        .selected: Appearance(attributes: [.reverse, .bold]),
        .selectedMeta: Appearance(attributes: .reverse),
        .status: Appearance(attributes: .dim),
        .footer: Appearance(attributes: .dim),
        .error: Appearance(attributes: [.bold, .underline]),
        .spinner: Appearance(attributes: .bold),
        .highlight: Appearance(attributes: .underline),
        .readTitle: Appearance(attributes: .dim),
        .readMeta: Appearance(attributes: .dim),
        .changed: Appearance(attributes: .bold),
        .cursor: Appearance(attributes: .bold),
    ])
}
