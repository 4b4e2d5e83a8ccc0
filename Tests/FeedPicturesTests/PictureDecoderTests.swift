import Testing

@testable import FeedPictures

@Suite struct PictureDecoderTests {
    @Test func pngRoundTripsExactlyWithAlpha() throws {
        var image = PictureFixtures.quadrants(size: 8)
        var pixels = image.pixels
        pixels[3] = 0  // one transparent pixel
        pixels[7] = 128
        image = try #require(RGBAImage(width: 8, height: 8, pixels: pixels))
        let png = try #require(PictureEncoder.png(image))
        #expect(PictureFormat.sniff(png) == .png)
        #expect(try PictureDecoder.decode(png) == image)
    }

    @Test func jpegDecodesToNearlyTheSameColours() throws {
        let image = PictureFixtures.quadrants(size: 32)
        let jpeg = try #require(PictureEncoder.jpeg(image, quality: 95))
        #expect(PictureFormat.sniff(jpeg) == .jpeg)
        let decoded = try PictureDecoder.decode(jpeg)
        #expect(decoded.width == 32 && decoded.height == 32)
        let topLeft = decoded.pixel(x: 4, y: 4)
        let bottomRight = decoded.pixel(x: 28, y: 28)
        #expect(topLeft.r > 240 && topLeft.g < 20 && topLeft.b < 20 && topLeft.a == 255)
        #expect(bottomRight.r > 240 && bottomRight.g > 240 && bottomRight.b > 240)
    }

    @Test(arguments: [0.5, 0.9]) func truncatedFilesAreCorrupt(fraction: Double) throws {
        let image = PictureFixtures.quadrants(size: 64)
        for bytes in [try #require(PictureEncoder.png(image)), try #require(PictureEncoder.jpeg(image))] {
            let cut = Array(bytes.prefix(Int(Double(bytes.count) * fraction)))
            #expect {
                try PictureDecoder.decode(cut)
            } throws: { error in
                guard case .corrupt = error as? PictureError else { return false }
                return true
            }
        }
    }

    @Test func corruptBodyAfterAValidHeaderIsCorrupt() throws {
        var png = try #require(PictureEncoder.png(PictureFixtures.quadrants(size: 16)))
        for index in 40..<png.count - 12 { png[index] ^= 0x5A }
        #expect(throws: PictureError.self) { try PictureDecoder.decode(png) }
    }

    @Test func aHugePNGIsRefusedFromItsHeader() throws {
        let small = try #require(PictureEncoder.png(PictureFixtures.solid(width: 4, height: 4, (1, 2, 3, 255))))
        let huge = PictureFixtures.pngClaiming(width: 20000, height: 20000, from: small)
        #expect(throws: PictureError.tooManyPixels(width: 20000, height: 20000, limit: PictureLimits.default.maxPixels)) {
            try PictureDecoder.decode(huge)
        }
    }

    @Test func aHugeJPEGIsRefusedFromItsHeader() throws {
        let small = try #require(PictureEncoder.jpeg(PictureFixtures.solid(width: 8, height: 8, (1, 2, 3, 255))))
        let huge = PictureFixtures.jpegClaiming(width: 20000, height: 20000, from: small)
        #expect(throws: PictureError.tooManyPixels(width: 20000, height: 20000, limit: PictureLimits.default.maxPixels)) {
            try PictureDecoder.decode(huge)
        }
    }

    @Test func aBodyOverTheByteCapIsRefusedUndecoded() throws {
        let png = try #require(PictureEncoder.png(PictureFixtures.quadrants(size: 16)))
        let limits = PictureLimits(maxBytes: png.count - 1)
        #expect(throws: PictureError.tooManyBytes(png.count, limit: png.count - 1)) {
            try PictureDecoder.decode(png, limits: limits)
        }
        let fifty = [UInt8](repeating: 0, count: 50 << 20)
        #expect(throws: PictureError.tooManyBytes(50 << 20, limit: PictureLimits.default.maxBytes)) {
            try PictureDecoder.decode(fifty)
        }
    }

    @Test(arguments: [
        (Array("GIF89a\u{1}\u{0}\u{1}\u{0}".utf8), PictureFormat.gif),
        (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), .webp),
        (Array("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8), .svg),
        (Array("<html>not a picture</html>".utf8), .unknown),
        ([], .unknown),
    ])
    func otherFormatsAreUnsupported(bytes: [UInt8], format: PictureFormat) {
        #expect(PictureFormat.sniff(bytes) == format)
        #expect(throws: PictureError.unsupportedFormat(format)) { try PictureDecoder.decode(bytes) }
    }
}
