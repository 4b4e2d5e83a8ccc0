@testable import FeedPictures

/// Pictures built in code (no binary files): solid colours, quadrants, and PNG/JPEG bytes made
/// with the real encoders, some patched to lie about their size.
enum PictureFixtures {
    static func solid(width: Int, height: Int, _ rgba: (UInt8, UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels: [UInt8] = []
        for _ in 0..<width * height { pixels += [rgba.0, rgba.1, rgba.2, rgba.3] }
        return RGBAImage(width: width, height: height, pixels: pixels)!
    }

    /// Four quadrants: red top-left, green top-right, blue bottom-left, white bottom-right.
    static func quadrants(size: Int) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<size {
            for x in 0..<size {
                switch (x < size / 2, y < size / 2) {
                case (true, true): pixels += [255, 0, 0, 255]
                case (false, true): pixels += [0, 255, 0, 255]
                case (true, false): pixels += [0, 0, 255, 255]
                case (false, false): pixels += [255, 255, 255, 255]
                }
            }
        }
        return RGBAImage(width: size, height: size, pixels: pixels)!
    }

    /// `png` with its IHDR width and height replaced (and the chunk's CRC recomputed).
    static func pngClaiming(width: Int, height: Int, from png: [UInt8]) -> [UInt8] {
        var bytes = png
        // Signature (8), length (4), "IHDR" (4), then width and height, big-endian.
        put(UInt32(width), into: &bytes, at: 16)
        put(UInt32(height), into: &bytes, at: 20)
        let crc = crc32(Array(bytes[12..<29]))
        put(crc, into: &bytes, at: 29)
        return bytes
    }

    /// `jpeg` with its SOF0 frame header's height and width replaced.
    static func jpegClaiming(width: Int, height: Int, from jpeg: [UInt8]) -> [UInt8] {
        var bytes = jpeg
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { break }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[index + 5] = UInt8(height >> 8 & 0xFF)
                bytes[index + 6] = UInt8(height & 0xFF)
                bytes[index + 7] = UInt8(width >> 8 & 0xFF)
                bytes[index + 8] = UInt8(width & 0xFF)
                return bytes
            }
            index += 2 + length
        }
        return bytes
    }

    private static func put(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        bytes[offset] = UInt8(value >> 24 & 0xFF)
        bytes[offset + 1] = UInt8(value >> 16 & 0xFF)
        bytes[offset + 2] = UInt8(value >> 8 & 0xFF)
        bytes[offset + 3] = UInt8(value & 0xFF)
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
