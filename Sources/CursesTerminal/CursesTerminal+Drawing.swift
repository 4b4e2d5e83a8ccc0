import CNCursesW
import FeedModel
import FeedUI
import Glibc

/// A style in curses terms.
struct Rendition: Hashable {
    var attributes: attr_t
    var pair: Int16
}

extension CursesTerminal {
    /// Shows `grid`, writing only the cells that differ from the last grid drawn
    /// (`Grid.changes(from:)`).
    ///
    /// After a size change or a resume every cell is rewritten. A wide character that would be
    /// cut by the right edge becomes a space.
    /// - Complexity: O(rows × columns) comparisons; curses work only for changed cells.
    public func draw(_ grid: Grid) {
        guard isActive else { return }
        _ = set_term(screen)
        let isFull = needsFullRepaint || previousGrid?.size != grid.size
        if isFull {
            _ = werase(window)
            if needsFullRepaint { _ = clearok(window, true) }
        }
        let rows = min(grid.size.rows, size.rows)
        let columns = min(grid.size.columns, size.columns)
        keepPicturePairs(of: grid)
        for change in grid.changes(from: isFull ? nil : previousGrid) where change.row < rows && change.column < columns {
            write(change.cell, row: change.row, column: change.column, lastColumn: columns - 1)
        }
        previousGrid = grid
        needsFullRepaint = false
        _ = wnoutrefresh(window)
        _ = doupdate()
    }

    private func write(_ cell: Cell, row: Int, column: Int, lastColumn: Int) {
        if let colors = cell.colors {
            writePicture(cell, colors: colors, row: row, column: column)
            return
        }
        let rendition = renditions[Int(cell.style.rawValue)]
        var scalars = Self.cellScalars(cell.text)
        let first = scalars.first.map { wchar_t(bitPattern: $0.value) } ?? 0x20
        let width = scalars.isEmpty ? 1 : Int(wcwidth(first))
        if scalars.isEmpty {
            scalars = [" "]
        } else if width < 0 || width > max(1, Int(cell.width)) {
            // Unprintable, or wider than the grid allows (it would shift the rest of the row).
            scalars = ["?"]
        } else if cell.width >= 2 && column >= lastColumn {
            // Never split a wide character at the right edge.
            scalars = [" "]
        }
        put(scalars, rendition: rendition, row: row, column: column)
        let drawnWidth = wcwidth(wchar_t(bitPattern: scalars[0].value))
        if cell.width >= 2 && drawnWidth < 2 && column < lastColumn {
            // The grid reserved two columns for something curses draws in one.
            put([" "], rendition: rendition, row: row, column: column + 1)
        }
    }

    /// The scalars of one cell as curses can hold them: at most `CCHARW_MAX`, never ending in
    /// a zero width joiner (the terminal would join whatever is drawn next to this cell).
    static func cellScalars(_ text: String) -> [Unicode.Scalar] {
        var scalars = Array(text.unicodeScalars.prefix(Int(CCHARW_MAX)))
        while scalars.count > 1, scalars.last == TextWidth.joiner { scalars.removeLast() }
        return scalars
    }

    /// Puts one cell. `setcchar` keeps only the first scalar and the zero width ones after it,
    /// but a cell in tmux's terms also holds the emoji after a joiner (`TextWidth.cells`), so
    /// the scalars are stored in the `cchar_t` directly: curses keeps the cell as wide as its
    /// first scalar, as the terminal does, and writes every scalar out.
    private func put(_ scalars: [Unicode.Scalar], rendition: Rendition, row: Int, column: Int) {
        var characters = scalars.map { wchar_t(bitPattern: $0.value) }
        characters.append(0)
        var character = cchar_t()
        _ = setcchar(&character, [characters[0], 0], rendition.attributes, rendition.pair, nil)
        withUnsafeMutableBytes(of: &character.chars) { raw in
            let slots = raw.bindMemory(to: wchar_t.self)
            for index in slots.indices { slots[index] = index < characters.count ? characters[index] : 0 }
        }
        // The bottom-right cell returns ERR yet is drawn: nothing to handle.
        _ = mvwadd_wch(window, Int32(row), Int32(column), &character)
    }

    static func attributes(_ attributes: Theme.Attributes) -> attr_t {
        var result = fs_a_normal()
        if attributes.contains(.bold) { result |= fs_a_bold() }
        if attributes.contains(.dim) { result |= fs_a_dim() }
        if attributes.contains(.reverse) { result |= fs_a_reverse() }
        if attributes.contains(.underline) { result |= fs_a_underline() }
        if attributes.contains(.italic) { result |= fs_a_italic() }
        return result
    }
}
