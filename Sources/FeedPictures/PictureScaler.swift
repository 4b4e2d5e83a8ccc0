/// Area-averaged downscaling that keeps the aspect ratio.
///
/// Each output pixel is the average of the source area it covers, fractional edges weighted by
/// how much of them it covers, colours weighted by alpha (so a transparent pixel's colour does
/// not bleed into its neighbours). Pictures are never enlarged.
public enum PictureScaler {
    /// The pixel size that fits `width × height` into `maxWidth × maxHeight` keeping its aspect.
    ///
    /// - Returns: at least 1×1; never larger than the source.
    public static func fittedSize(width: Int, height: Int, maxWidth: Int, maxHeight: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, maxWidth > 0, maxHeight > 0 else { return (1, 1) }
        let scale = min(1, min(Double(maxWidth) / Double(width), Double(maxHeight) / Double(height)))
        let fittedWidth = min(maxWidth, max(1, Int((Double(width) * scale).rounded())))
        let fittedHeight = min(maxHeight, max(1, Int((Double(height) * scale).rounded())))
        return (fittedWidth, fittedHeight)
    }

    /// `image` scaled to exactly `width × height` by area averaging.
    ///
    /// - Complexity: O(source pixels + target pixels): one horizontal pass, then one vertical.
    public static func scale(_ image: RGBAImage, width: Int, height: Int) -> RGBAImage {
        let width = max(1, width)
        let height = max(1, height)
        if width == image.width && height == image.height { return image }
        // Premultiplied, as Double sums: rows of the source, columns of the target.
        let horizontal = spans(source: image.width, target: width)
        var rows = [Double](repeating: 0, count: image.height * width * 4)
        image.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<image.height {
                for (x, span) in horizontal.enumerated() {
                    var sums = (0.0, 0.0, 0.0, 0.0)
                    for (sourceX, weight) in span {
                        let index = (y * image.width + sourceX) * 4
                        let alpha = Double(pixels[index + 3]) * weight
                        sums.0 += Double(pixels[index]) * alpha
                        sums.1 += Double(pixels[index + 1]) * alpha
                        sums.2 += Double(pixels[index + 2]) * alpha
                        sums.3 += alpha
                    }
                    let out = (y * width + x) * 4
                    rows[out] = sums.0
                    rows[out + 1] = sums.1
                    rows[out + 2] = sums.2
                    rows[out + 3] = sums.3
                }
            }
        }
        let vertical = spans(source: image.height, target: height)
        var output = [UInt8](repeating: 0, count: width * height * 4)
        let area = Double(image.width) / Double(width) * Double(image.height) / Double(height)
        for (y, span) in vertical.enumerated() {
            for x in 0..<width {
                var sums = (0.0, 0.0, 0.0, 0.0)
                for (sourceY, weight) in span {
                    let index = (sourceY * width + x) * 4
                    sums.0 += rows[index] * weight
                    sums.1 += rows[index + 1] * weight
                    sums.2 += rows[index + 2] * weight
                    sums.3 += rows[index + 3] * weight
                }
                let out = (y * width + x) * 4
                let alpha = sums.3 / area
                if sums.3 > 0 {
                    output[out] = clampByte(sums.0 / sums.3)
                    output[out + 1] = clampByte(sums.1 / sums.3)
                    output[out + 2] = clampByte(sums.2 / sums.3)
                }
                output[out + 3] = clampByte(alpha)
            }
        }
        // The sizes are positive and the count matches: the initialiser cannot fail.
        return RGBAImage(width: width, height: height, pixels: output)!
    }

    /// For each target index, the source indices it covers and how much of each (fractions of a pixel).
    static func spans(source: Int, target: Int) -> [[(Int, Double)]] {
        let ratio = Double(source) / Double(target)
        return (0..<target).map { index in
            let start = Double(index) * ratio
            let end = Double(index + 1) * ratio
            var span: [(Int, Double)] = []
            var position = Int(start.rounded(.down))
            while Double(position) < end && position < source {
                let weight = min(end, Double(position + 1)) - max(start, Double(position))
                if weight > 1e-9 { span.append((position, weight)) }
                position += 1
            }
            return span
        }
    }

    private static func clampByte(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
