import FeedModel
import FeedPictures

/// Draws the replica's deterministic pictures: the same seed and name always give the same pixels.
///
/// Creatures (PokeAPI artwork and sprites) are a coloured body with a lighter belly and two eyes
/// on a transparent background; avatars are an opaque disc on a coloured square; covers a
/// horizontal band picture. Shapes are filled span by span, so a 475×475 picture is cheap.
enum PictureArtist {
    /// A creature `size` pixels square, RGBA with a transparent background.
    static func creature(seed: UInt64, index: Int, size: Int) -> RGBAImage {
        var random = SeededRandom(seed: seed, salt: "picture", index: index)
        let body = color(&random)
        let belly = lighter(body)
        var canvas = Canvas(width: size, height: size, fill: (0, 0, 0, 0))
        let s = Double(size)
        let bodyWidth = 0.30 + random.unit() * 0.12
        let bodyHeight = 0.30 + random.unit() * 0.12
        canvas.ellipse(cx: s * 0.5, cy: s * 0.56, rx: s * (bodyWidth + 0.012), ry: s * (bodyHeight + 0.012), (20, 20, 30, 255))
        canvas.ellipse(cx: s * 0.5, cy: s * 0.56, rx: s * bodyWidth, ry: s * bodyHeight, body)
        canvas.ellipse(cx: s * 0.5, cy: s * 0.66, rx: s * bodyWidth * 0.55, ry: s * bodyHeight * 0.5, belly)
        // Ears, one of two shapes.
        if random.below(2) == 0 {
            canvas.ellipse(cx: s * 0.34, cy: s * 0.22, rx: s * 0.07, ry: s * 0.14, body)
            canvas.ellipse(cx: s * 0.66, cy: s * 0.22, rx: s * 0.07, ry: s * 0.14, body)
        }
        for side in [-1.0, 1.0] {
            canvas.ellipse(cx: s * (0.5 + side * 0.12), cy: s * 0.45, rx: s * 0.06, ry: s * 0.07, (255, 255, 255, 255))
            canvas.ellipse(cx: s * (0.5 + side * 0.12), cy: s * 0.46, rx: s * 0.03, ry: s * 0.035, (10, 10, 10, 255))
        }
        // A half-transparent shadow under it.
        canvas.ellipse(cx: s * 0.5, cy: s * 0.95, rx: s * 0.3, ry: s * 0.03, (0, 0, 0, 96))
        return canvas.image
    }

    /// An avatar `size` pixels square: a light disc (a head) on an opaque coloured square.
    static func avatar(seed: UInt64, name: String, size: Int) -> RGBAImage {
        var random = SeededRandom(seed: seed ^ SeededRandom.hash(name), salt: "avatar", index: 0)
        let background = color(&random)
        var canvas = Canvas(width: size, height: size, fill: background)
        let s = Double(size)
        canvas.ellipse(cx: s * 0.5, cy: s * 0.4, rx: s * 0.2, ry: s * 0.2, lighter(lighter(background)))
        canvas.ellipse(cx: s * 0.5, cy: s * 1.0, rx: s * 0.38, ry: s * 0.32, lighter(lighter(background)))
        return canvas.image
    }

    /// A cover picture `width × height`: three horizontal bands and a sun.
    static func cover(seed: UInt64, name: String, width: Int, height: Int) -> RGBAImage {
        var random = SeededRandom(seed: seed ^ SeededRandom.hash(name), salt: "cover", index: 0)
        let sky = color(&random)
        var canvas = Canvas(width: width, height: height, fill: lighter(sky))
        canvas.rectangle(y0: height * 2 / 3, y1: height, color(&random))
        canvas.ellipse(cx: Double(width) * 0.75, cy: Double(height) * 0.3, rx: Double(height) * 0.18, ry: Double(height) * 0.18, (250, 220, 60, 255))
        return canvas.image
    }

    private static func color(_ random: inout SeededRandom) -> (UInt8, UInt8, UInt8, UInt8) {
        let palette: [(UInt8, UInt8, UInt8)] = [
            (230, 60, 50), (60, 150, 230), (90, 190, 80), (240, 200, 40), (160, 90, 200), (240, 130, 40),
            (70, 200, 200), (200, 80, 150), (140, 110, 80), (120, 130, 150),
        ]
        let base = random.pick(palette)
        return (base.0, base.1, base.2, 255)
    }

    private static func lighter(_ c: (UInt8, UInt8, UInt8, UInt8)) -> (UInt8, UInt8, UInt8, UInt8) {
        (UInt8((Int(c.0) + 255) / 2), UInt8((Int(c.1) + 255) / 2), UInt8((Int(c.2) + 255) / 2), c.3)
    }
}

/// A pixel buffer that shapes are painted onto (source-over for translucent colours).
private struct Canvas {
    let width: Int
    let height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8)) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        rectangle(y0: 0, y1: height, fill)
    }

    var image: RGBAImage { RGBAImage(width: width, height: height, pixels: pixels)! }

    mutating func rectangle(y0: Int, y1: Int, _ color: (UInt8, UInt8, UInt8, UInt8)) {
        for y in max(0, y0)..<min(height, y1) { span(y: y, x0: 0, x1: width, color) }
    }

    mutating func ellipse(cx: Double, cy: Double, rx: Double, ry: Double, _ color: (UInt8, UInt8, UInt8, UInt8)) {
        guard rx > 0, ry > 0 else { return }
        let top = max(0, Int((cy - ry).rounded(.down)))
        let bottom = min(height, Int((cy + ry).rounded(.up)) + 1)
        for y in top..<max(top, bottom) {
            let dy = (Double(y) + 0.5 - cy) / ry
            guard abs(dy) < 1 else { continue }
            let half = rx * (1 - dy * dy).squareRoot()
            span(y: y, x0: Int((cx - half).rounded()), x1: Int((cx + half).rounded()), color)
        }
    }

    private mutating func span(y: Int, x0: Int, x1: Int, _ color: (UInt8, UInt8, UInt8, UInt8)) {
        let start = max(0, x0)
        let end = min(width, x1)
        guard start < end else { return }
        let alpha = Int(color.3)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for x in start..<end {
                let i = (y * width + x) * 4
                if alpha == 255 || buffer[i + 3] == 0 {
                    buffer[i] = color.0
                    buffer[i + 1] = color.1
                    buffer[i + 2] = color.2
                    buffer[i + 3] = color.3
                } else {
                    for channel in 0..<3 {
                        let under = Int(buffer[i + channel])
                        let over = [color.0, color.1, color.2][channel]
                        buffer[i + channel] = UInt8((Int(over) * alpha + under * (255 - alpha)) / 255)
                    }
                    buffer[i + 3] = UInt8(min(255, alpha + Int(buffer[i + 3]) * (255 - alpha) / 255))
                }
            }
        }
    }
}
