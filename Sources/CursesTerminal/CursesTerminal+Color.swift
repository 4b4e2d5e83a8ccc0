import CNCursesW
import FeedUI
import Glibc

/// How colours reach the terminal.
enum ColorMode: Equatable {
    /// Attributes only.
    case none
    /// Palette indices, each colour's fallback below `colors`.
    case palette(colors: Int)
    /// terminfo with direct colour (`COLORS` ≥ 2²⁴): a colour number is `0xRRGGBB`.
    case direct
    /// True colour through redefined palette slots (`init_extended_color`), counting down
    /// from `top`.
    case redefined(top: Int)

    /// Picks the mode for a depth and what the terminal can do.
    ///
    /// - Parameters:
    ///   - depth: what the environment claims.
    ///   - terminfoColors: `COLORS` after `start_color`.
    ///   - canChangeColor: `can_change_color()`.
    static func choose(depth: ColorDepth, terminfoColors: Int, canChangeColor: Bool) -> ColorMode {
        if depth == .none || terminfoColors < 8 { return .none }
        if depth == .trueColor {
            if terminfoColors >= 1 << 24 { return .direct }
            if canChangeColor && terminfoColors > 16 { return .redefined(top: min(terminfoColors, 256) - 1) }
        }
        return .palette(colors: min(depth.paletteSize, terminfoColors))
    }
}

extension CursesTerminal {
    /// Allocates one colour pair per style (when colours are wanted and available) and returns
    /// each style's rendition, indexed by `Style.rawValue`, and how colours reach the terminal.
    static func renditions(for theme: Theme, depth requestedDepth: ColorDepth?) -> (renditions: [Rendition], mode: ColorMode) {
        var usesColor = theme.usesColor && has_colors()
        var hasDefaultColors = false
        var mode = ColorMode.none
        if usesColor {
            _ = start_color()
            hasDefaultColors = use_default_colors() == OK
            let terminfoColors = Int(fs_colors())
            let depth = requestedDepth ?? ColorDepth.detect(environment: colorEnvironment(), terminfoColors: terminfoColors)
            mode = ColorMode.choose(depth: depth, terminfoColors: terminfoColors, canChangeColor: can_change_color())
            usesColor = mode != .none
        }
        let attributeSource = usesColor ? theme : (theme.usesColor ? Theme.monochrome : theme)
        var slots: [UInt32: Int32] = [:]
        // Styles with the same colours share one pair, and the terminal's own colours are pair
        // 0: curses compares pair numbers, so two pairs of the same colours would still cost a
        // colour escape between them (the status line after a meta line, the cursor bar before
        // its title).
        var pairs: [[Int32]: Int16] = [:]
        let renditions = Style.allCases.map { style in
            let appearance = attributeSource[style]
            var rendition = Rendition(attributes: attributes(appearance.attributes), pair: 0)
            let pair = Int16(style.rawValue) + 1
            guard usesColor, Int(pair) < Int(fs_color_pairs()) else { return rendition }
            var foreground = colorNumber(appearance.foreground, mode: mode, slots: &slots)
            var background = colorNumber(appearance.background, mode: mode, slots: &slots)
            if !hasDefaultColors {
                if foreground < 0 { foreground = Int32(COLOR_WHITE) }
                if background < 0 { background = Int32(COLOR_BLACK) }
            }
            if foreground < 0 && background < 0 { return rendition }
            if let shared = pairs[[foreground, background]] {
                rendition.pair = shared
            } else if init_extended_pair(Int32(pair), foreground, background) == OK {
                rendition.pair = pair
                pairs[[foreground, background]] = pair
            }
            return rendition
        }
        return (renditions, mode)
    }

    /// The curses colour number for `color` in `mode`, redefining a palette slot when needed.
    static func colorNumber(_ color: Theme.Color, mode: ColorMode, slots: inout [UInt32: Int32]) -> Int32 {
        switch mode {
        case .none: return -1
        case let .palette(colors): return Int32(color.resolved(colors: colors))
        case .direct:
            guard let rgb = color.rgb else { return Int32(color.resolved(colors: 16)) }
            return Int32(rgb)
        case let .redefined(top):
            guard let rgb = color.rgb else { return Int32(color.resolved(colors: 256)) }
            if let slot = slots[rgb] { return slot }
            let slot = Int32(top - slots.count)
            // Leave the 16 ANSI colours alone: past them, fall back to the palette.
            guard slot >= 16 else { return Int32(color.resolved(colors: 256)) }
            let scale = { (shift: UInt32) in Int32((rgb >> shift & 0xFF) * 1000 / 255) }
            guard init_extended_color(slot, scale(16), scale(8), scale(0)) == OK else {
                return Int32(color.resolved(colors: 256))
            }
            slots[rgb] = slot
            return slot
        }
    }

    private static func colorEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["COLORTERM", "COLORS"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }
}
