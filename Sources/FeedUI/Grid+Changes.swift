/// One cell a backend must write: where, and what.
public struct CellChange: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var cell: Cell

    public init(row: Int, column: Int, cell: Cell) {
        self.row = row
        self.column = column
        self.cell = cell
    }
}

extension Grid {
    /// The cells to write to turn a screen showing `previous` into this grid, in row-major order.
    ///
    /// Every cell when there is no previous grid or its size differs (a resize, a resume).
    /// Continuation cells are never listed: writing a wide character fills them. A wide
    /// character is listed again when the cell after it changed, since its right half was
    /// overwritten.
    /// - Parameter previous: the grid the screen shows now; nil when unknown.
    /// - Returns: the changed cells, each once.
    /// - Complexity: O(rows × columns).
    public func changes(from previous: Grid?) -> [CellChange] {
        let previous = previous?.size == size ? previous : nil
        var changes: [CellChange] = []
        for row in 0..<max(0, size.rows) {
            for column in 0..<max(0, size.columns) {
                let cell = self[row, column]
                if cell.isContinuation { continue }
                if let previous, previous[row, column] == cell,
                    cell.width < 2 || column + 1 >= size.columns || previous[row, column + 1] == self[row, column + 1]
                {
                    continue
                }
                changes.append(CellChange(row: row, column: column, cell: cell))
            }
        }
        return changes
    }
}
