/// What a cached picture is known by: its URL and the box it was scaled to fit.
public struct PictureKey: Sendable, Hashable, CustomStringConvertible {
    public var url: String
    public var maxColumns: Int
    public var maxRows: Int

    public init(url: String, maxColumns: Int, maxRows: Int) {
        self.url = url
        self.maxColumns = maxColumns
        self.maxRows = maxRows
    }

    public var description: String { "\(url) @\(maxColumns)×\(maxRows)" }
}
