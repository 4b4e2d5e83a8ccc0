import CPNG

extension PictureDecoder {
    /// libpng's simplified API (`png_image_*`): it catches its own longjmp and reports errors in
    /// `message`, and never prints.
    static func decodePNG(_ bytes: [UInt8], maxPixels: Int) throws(PictureError) -> RGBAImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        let began = bytes.withUnsafeBytes { buffer in
            png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
        }
        guard began != 0 else {
            let reason = message(of: &image)
            png_image_free(&image)
            throw .corrupt(.png, reason)
        }
        let width = Int(image.width)
        let height = Int(image.height)
        guard width > 0, height > 0, width.multipliedReportingOverflow(by: height).partialValue <= maxPixels,
            !width.multipliedReportingOverflow(by: height).overflow
        else {
            png_image_free(&image)
            throw .tooManyPixels(width: width, height: height, limit: maxPixels)
        }
        // PNG_FORMAT_RGBA: colour and alpha flags (the macro is not imported).
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let finished = pixels.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, 0, nil)
        }
        guard finished != 0 else {
            let reason = message(of: &image)
            png_image_free(&image)
            throw .corrupt(.png, reason)
        }
        png_image_free(&image)
        guard let decoded = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw .corrupt(.png, "size mismatch")
        }
        return decoded
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
