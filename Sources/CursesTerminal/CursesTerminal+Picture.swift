import CNCursesW
import FeedPictures
import FeedUI

/// How picture cells (cells with their own `CellColors`) reach the terminal.
enum PictureMode: Equatable {
    /// Colour pairs of palette indices, each colour's nearest of entries 16…255.
    case palette256
    /// Colour pairs of direct colours (`0xRRGGBB`).
    case direct
    /// No colours for pictures (8 or 16 colours, or none): a shade glyph per cell in the normal style.
    case shades

    init(_ mode: ColorMode) {
        switch mode {
        case .direct: self = .direct
        case .redefined: self = .palette256
        case let .palette(colors): self = colors >= 256 ? .palette256 : .shades
        case .none: self = .shades
        }
    }
}

extension CursesTerminal {
    /// The pool for picture pairs: every pair after the styles' up to what curses has
    /// (ncurses takes pair numbers up to 32 767 in `init_extended_pair` on every build).
    static func picturePairPool(firstPair: Int) -> ColorPairPool? {
        let last = min(Int(fs_color_pairs()) - 1, 32_767)
        guard last >= firstPair else { return nil }
        return ColorPairPool(range: Int32(firstPair)...Int32(last))
    }

    /// The colour numbers a picture cell needs in `mode`.
    static func pairColors(_ colors: CellColors, mode: PictureMode) -> ColorPairPool.Colors? {
        switch mode {
        case .palette256:
            ColorPairPool.Colors(
                foreground: Int32(Palette256.nearest(colors.foreground)),
                background: Int32(Palette256.nearest(colors.background)))
        case .direct:
            ColorPairPool.Colors(foreground: Int32(colors.foreground.hex), background: Int32(colors.background.hex))
        case .shades: nil
        }
    }

    /// Marks the pairs of every picture cell in `grid` as in use by this frame, before any new
    /// pair is defined, so recycling never redefines a pair a cell on screen keeps.
    func keepPicturePairs(of grid: Grid) {
        guard picturePairs != nil else { return }
        picturePairs?.beginFrame()
        for cell in grid.cells {
            guard let colors = cell.colors, let key = Self.pairColors(colors, mode: pictureMode) else { continue }
            picturePairs?.keep(key)
        }
    }

    /// Writes one picture cell: `▀` in its own pair, or a shade glyph where pairs cannot show it.
    func writePicture(_ cell: Cell, colors: CellColors, row: Int, column: Int) {
        if let key = Self.pairColors(colors, mode: pictureMode), let assigned = picturePairs?.pair(for: key) {
            if assigned.isNew {
                _ = init_extended_pair(assigned.pair, key.foreground, key.background)
            }
            putPicture(cell.text, attributes: fs_a_normal(), pair: assigned.pair, row: row, column: column)
            return
        }
        let glyph = ShadeRamp.glyph(top: colors.foreground, bottom: colors.background, onLightBackground: theme.isLight)
        let normal = renditions[Int(Style.normal.rawValue)]
        putPicture(glyph, attributes: normal.attributes, pair: Int32(normal.pair), row: row, column: column)
    }

    private func putPicture(_ text: String, attributes: attr_t, pair: Int32, row: Int, column: Int) {
        var characters = text.unicodeScalars.prefix(1).map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        var character = cchar_t()
        var extendedPair = pair
        // The short pair argument stops at 32 767; the last one (opts) carries the pair as an int.
        _ = setcchar(&character, characters, attributes, Int16(clamping: pair), &extendedPair)
        // The bottom-right cell returns ERR yet is drawn: nothing to handle.
        _ = mvwadd_wch(window, Int32(row), Int32(column), &character)
    }
}
