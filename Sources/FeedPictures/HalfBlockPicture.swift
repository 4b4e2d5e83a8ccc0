/// A picture as terminal cells: each cell is `▀`, its foreground the top pixel and its background
/// the bottom one, so a cell carries two square-ish pixels (a cell is about twice as tall as wide).
public struct HalfBlockPicture: Sendable, Hashable {
    /// The two pixels of one cell.
    public struct Cell: Sendable, Hashable {
        public var top: RGB
        public var bottom: RGB

        public init(top: RGB, bottom: RGB) {
            self.top = top
            self.bottom = bottom
        }
    }

    /// The glyph every cell is drawn with: UPPER HALF BLOCK.
    public static let glyph = "▀"

    public let columns: Int
    public let rows: Int
    /// `columns × rows` cells, row by row.
    public let cells: [Cell]

    public init(columns: Int, rows: Int, cells: [Cell]) {
        precondition(cells.count == columns * rows, "cells must be columns × rows")
        self.columns = columns
        self.rows = rows
        self.cells = cells
    }

    public subscript(row: Int, column: Int) -> Cell { cells[row * columns + column] }

    /// Bytes this picture holds, as the cache counts them.
    public var cost: Int { Self.maximumCost(columns: columns, rows: rows) }

    /// The cost of a picture that fills a box of `columns × rows` cells (the most one fitted to it costs).
    public static func maximumCost(columns: Int, rows: Int) -> Int {
        max(0, columns) * max(0, rows) * MemoryLayout<Cell>.stride + 64
    }

    /// Scales `image` to fit `maxColumns × maxRows` cells keeping its aspect, and composites it
    /// over `background` (the theme's background colour).
    ///
    /// - Parameters:
    ///   - image: the decoded picture.
    ///   - maxColumns: the widest the picture may be, in cells.
    ///   - maxRows: the tallest, in cells (two pixels each).
    ///   - background: what shows through transparent pixels and below an odd last pixel row.
    /// - Complexity: O(source pixels + cells).
    public init(fitting image: RGBAImage, maxColumns: Int, maxRows: Int, background: RGB) {
        let size = PictureScaler.fittedSize(
            width: image.width, height: image.height, maxWidth: max(1, maxColumns), maxHeight: max(1, maxRows) * 2)
        let scaled = PictureScaler.scale(image, width: size.width, height: size.height)
        self.init(pixels: scaled, background: background)
    }

    /// One cell per column and per two pixel rows of `pixels`, composited over `background`.
    public init(pixels: RGBAImage, background: RGB) {
        let rows = (pixels.height + 1) / 2
        var cells: [Cell] = []
        cells.reserveCapacity(rows * pixels.width)
        for row in 0..<rows {
            for column in 0..<pixels.width {
                let top = Self.composite(pixels.pixel(x: column, y: row * 2), over: background)
                let bottom =
                    row * 2 + 1 < pixels.height
                    ? Self.composite(pixels.pixel(x: column, y: row * 2 + 1), over: background) : background
                cells.append(Cell(top: top, bottom: bottom))
            }
        }
        self.init(columns: pixels.width, rows: rows, cells: cells)
    }

    /// `pixel` (not premultiplied) over an opaque `background`.
    public static func composite(_ pixel: (r: UInt8, g: UInt8, b: UInt8, a: UInt8), over background: RGB) -> RGB {
        let alpha = Int(pixel.a)
        func mix(_ value: UInt8, _ under: UInt8) -> UInt8 {
            UInt8((Int(value) * alpha + Int(under) * (255 - alpha) + 127) / 255)
        }
        return RGB(mix(pixel.r, background.red), mix(pixel.g, background.green), mix(pixel.b, background.blue))
    }
}
