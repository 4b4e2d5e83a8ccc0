import Testing

@testable import FeedPictures

@Suite struct PictureScalerTests {
    @Test(arguments: [
        // (source, box, fitted)
        ((475, 475), (32, 32), (32, 32)),
        ((200, 100), (32, 32), (32, 16)),
        ((100, 200), (32, 32), (16, 32)),
        ((96, 96), (160, 80), (80, 80)),
        ((10, 10), (32, 32), (10, 10)),  // never enlarged
        ((1000, 1), (10, 10), (10, 1)),
    ])
    func fittedSizeKeepsAspect(source: (Int, Int), box: (Int, Int), fitted: (Int, Int)) {
        let size = PictureScaler.fittedSize(width: source.0, height: source.1, maxWidth: box.0, maxHeight: box.1)
        #expect(size.width == fitted.0 && size.height == fitted.1)
    }

    @Test func areaAveragingMixesTheCoveredPixels() throws {
        let image = try #require(RGBAImage(width: 2, height: 1, pixels: [200, 0, 0, 255, 0, 100, 0, 255]))
        let scaled = PictureScaler.scale(image, width: 1, height: 1)
        #expect(scaled.pixel(x: 0, y: 0) == (100, 50, 0, 255))
    }

    @Test func fractionalSpansAreWeighted() throws {
        // 3 pixels into 2: the middle one counts half for each side.
        let image = try #require(RGBAImage(width: 3, height: 1, pixels: [0, 0, 0, 255, 90, 90, 90, 255, 180, 180, 180, 255]))
        let scaled = PictureScaler.scale(image, width: 2, height: 1)
        #expect(scaled.pixel(x: 0, y: 0) == (30, 30, 30, 255))
        #expect(scaled.pixel(x: 1, y: 0) == (150, 150, 150, 255))
    }

    @Test func transparentPixelsDoNotBleedTheirColour() throws {
        let image = try #require(RGBAImage(width: 2, height: 1, pixels: [255, 255, 255, 0, 0, 0, 200, 255]))
        let scaled = PictureScaler.scale(image, width: 1, height: 1)
        #expect(scaled.pixel(x: 0, y: 0) == (0, 0, 200, 128))
    }

    @Test func quadrantsStayQuadrantsAtAnySize() {
        let scaled = PictureScaler.scale(PictureFixtures.quadrants(size: 100), width: 4, height: 4)
        #expect(scaled.pixel(x: 0, y: 0) == (255, 0, 0, 255))
        #expect(scaled.pixel(x: 3, y: 0) == (0, 255, 0, 255))
        #expect(scaled.pixel(x: 0, y: 3) == (0, 0, 255, 255))
        #expect(scaled.pixel(x: 3, y: 3) == (255, 255, 255, 255))
    }
}
