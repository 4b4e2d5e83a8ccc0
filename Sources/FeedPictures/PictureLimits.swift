/// What a picture may cost before it is decoded.
public struct PictureLimits: Sendable, Hashable {
    /// Largest body accepted, in bytes.
    public var maxBytes: Int
    /// Largest `width × height` accepted, read from the header before any pixel is decoded.
    public var maxPixels: Int

    public init(maxBytes: Int = 8 << 20, maxPixels: Int = 4096 * 4096) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    /// 8 MB and 16 megapixels (a 4096×4096 picture decodes to 64 MB of RGBA, then is dropped).
    public static let `default` = PictureLimits()
}
