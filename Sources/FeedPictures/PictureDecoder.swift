/// Decodes PNG (libpng) and JPEG (libjpeg-turbo) bodies to RGBA, within `PictureLimits`.
///
/// The format comes from the bytes, never from a Content-Type. Safe to call from any thread; it
/// blocks while it decodes, so call it off the runtime thread.
public enum PictureDecoder {
    /// Decodes `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: the whole body.
    ///   - limits: the byte cap (checked first) and the pixel budget (checked from the header).
    /// - Returns: the picture, not premultiplied.
    /// - Throws: `PictureError` for anything that is not a PNG or JPEG within the limits.
    public static func decode(_ bytes: [UInt8], limits: PictureLimits = .default) throws(PictureError) -> RGBAImage {
        guard bytes.count <= limits.maxBytes else { throw .tooManyBytes(bytes.count, limit: limits.maxBytes) }
        switch PictureFormat.sniff(bytes) {
        case .png: return try decodePNG(bytes, maxPixels: limits.maxPixels)
        case .jpeg: return try decodeJPEG(bytes, maxPixels: limits.maxPixels)
        case let other: throw .unsupportedFormat(other)
        }
    }
}
