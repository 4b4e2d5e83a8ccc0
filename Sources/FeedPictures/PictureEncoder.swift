import CJPEGCodec
import CPNG

/// Encodes RGBA pixels as PNG (libpng) or JPEG (libjpeg-turbo): the replica draws its pictures
/// at run time with it, so no binary picture is committed.
public enum PictureEncoder {
    /// A PNG of `image`, with its alpha channel.
    ///
    /// - Returns: the file's bytes, or nil if libpng refused (it does not for a valid image).
    public static func png(_ image: RGBAImage) -> [UInt8]? {
        var info = png_image()
        info.version = UInt32(PNG_IMAGE_VERSION)
        info.width = UInt32(image.width)
        info.height = UInt32(image.height)
        info.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var size = 0
        let sized = image.pixels.withUnsafeBytes { pixels in
            png_image_write_to_memory(&info, nil, &size, 0, pixels.baseAddress, 0, nil)
        }
        guard sized != 0, size > 0 else {
            png_image_free(&info)
            return nil
        }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { buffer in
            image.pixels.withUnsafeBytes { pixels in
                png_image_write_to_memory(&info, buffer.baseAddress, &size, 0, pixels.baseAddress, 0, nil)
            }
        }
        png_image_free(&info)
        guard written != 0 else { return nil }
        return Array(output.prefix(size))
    }

    /// A baseline JPEG of `image` (alpha dropped: JPEG has none).
    ///
    /// - Parameter quality: 1…100.
    /// - Returns: the file's bytes, or nil if libjpeg refused.
    public static func jpeg(_ image: RGBAImage, quality: Int = 85) -> [UInt8]? {
        var rgb = [UInt8]()
        rgb.reserveCapacity(image.width * image.height * 3)
        for index in stride(from: 0, to: image.pixels.count, by: 4) {
            rgb.append(image.pixels[index])
            rgb.append(image.pixels[index + 1])
            rgb.append(image.pixels[index + 2])
        }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 200)
        let code = rgb.withUnsafeBufferPointer { buffer in
            fs_jpeg_encode_rgb(
                buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(max(1, min(100, quality))),
                &output, &size, &message, message.count)
        }
        defer { fs_jpeg_free(output) }
        guard code == FS_JPEG_OK, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }
}
