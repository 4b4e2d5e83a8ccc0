/// A terminal size in cells.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
    public var description: String { "\(columns)×\(rows)" }
}
