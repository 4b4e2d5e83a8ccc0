import CJPEGCodec

extension PictureDecoder {
    /// libjpeg-turbo through `fs_jpeg_decode_rgba`, which keeps the setjmp on the C side.
    static func decodeJPEG(_ bytes: [UInt8], maxPixels: Int) throws(PictureError) -> RGBAImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        let code = bytes.withUnsafeBufferPointer { buffer in
            fs_jpeg_decode_rgba(
                buffer.baseAddress, buffer.count, Int64(maxPixels), &pixels, &width, &height, &message, message.count)
        }
        defer { fs_jpeg_free(pixels) }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(code) {
        case FS_JPEG_OK: break
        case FS_JPEG_TOO_LARGE:
            throw .tooManyPixels(width: Int(width), height: Int(height), limit: maxPixels)
        default: throw .corrupt(.jpeg, reason)
        }
        guard let pixels else { throw .corrupt(.jpeg, reason) }
        let count = Int(width) * Int(height) * 4
        let copy = Array(UnsafeBufferPointer(start: pixels, count: count))
        guard let image = RGBAImage(width: Int(width), height: Int(height), pixels: copy) else {
            throw .corrupt(.jpeg, "size mismatch")
        }
        return image
    }
}
