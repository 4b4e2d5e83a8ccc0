/// A whole frame: what the terminal should show, cell by cell.
///
/// `render` produces it; a backend writes it. Tests compare it as lines of text.
public struct Grid: Sendable, Hashable {
    public let size: Size
    public private(set) var cells: [Cell]

    public init(size: Size) {
        self.size = size
        cells = Array(repeating: .blank, count: max(0, size.columns) * max(0, size.rows))
    }

    public subscript(row: Int, column: Int) -> Cell {
        get { cells[row * size.columns + column] }
        set { cells[row * size.columns + column] = newValue }
    }

    /// The text of one row, continuation cells skipped (so a wide character appears once).
    public func line(_ row: Int) -> String {
        var text = ""
        for column in 0..<size.columns {
            let cell = self[row, column]
            if !cell.isContinuation { text += cell.text }
        }
        return text
    }

    /// Every row as text.
    public var lines: [String] { (0..<size.rows).map(line) }

    /// Every row as text with trailing spaces removed, the way tmux's capture-pane shows it.
    public var trimmedLines: [String] {
        lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
