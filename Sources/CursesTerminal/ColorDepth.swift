/// How many colours the terminal shows, from what it says about itself.
public enum ColorDepth: Sendable, Hashable, Comparable {
    /// No colours: attributes only.
    case none
    /// The eight ANSI colours.
    case eight
    /// The 256-colour palette.
    case palette256
    /// 24-bit colour.
    case trueColor

    /// Palette entries this depth can address (true colour still has a 256-entry palette).
    public var paletteSize: Int {
        switch self {
        case .none: 0
        case .eight: 8
        case .palette256, .trueColor: 256
        }
    }

    /// Reads `COLORTERM` (`truecolor` or `24bit` mean true colour) and `COLORS` (a number that
    /// overrides what terminfo says), then terminfo's colour count.
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - terminfoColors: what terminfo says (`COLORS` after `start_color`, or `tigetnum("colors")`).
    public static func detect(environment: [String: String], terminfoColors: Int) -> ColorDepth {
        if let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" {
            return .trueColor
        }
        if let declared = environment["COLORS"].flatMap({ Int($0.trimmingCharacters()) }) {
            return depth(colors: declared)
        }
        return depth(colors: terminfoColors)
    }

    static func depth(colors: Int) -> ColorDepth {
        switch colors {
        case (1 << 24)...: .trueColor
        case 256...: .palette256
        case 8...: .eight
        default: .none
        }
    }
}

extension String {
    fileprivate func trimmingCharacters() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
