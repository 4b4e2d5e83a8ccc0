import Testing

@testable import FeedPictures

@Suite struct HalfBlockPictureTests {
    @Test func twoByTwoIsTwoCellsTopAsForegroundBottomAsBackground() throws {
        let image = try #require(
            RGBAImage(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]))
        let picture = HalfBlockPicture(fitting: image, maxColumns: 10, maxRows: 10, background: .black)
        #expect(picture.columns == 2 && picture.rows == 1)
        #expect(picture[0, 0] == .init(top: RGB(255, 0, 0), bottom: RGB(0, 0, 255)))
        #expect(picture[0, 1] == .init(top: RGB(0, 255, 0), bottom: RGB(255, 255, 255)))
    }

    @Test func quadrantPictureFitsItsBoxAsQuadrantsOfCells() {
        // 64×64 into 4 columns × 4 rows: 4×4 pixels, so 4 columns and 2 rows of cells.
        let picture = HalfBlockPicture(
            fitting: PictureFixtures.quadrants(size: 64), maxColumns: 4, maxRows: 4, background: .black)
        #expect(picture.columns == 4 && picture.rows == 2)
        let red = RGB(255, 0, 0)
        let green = RGB(0, 255, 0)
        let blue = RGB(0, 0, 255)
        #expect(picture.cells == [
            .init(top: red, bottom: red), .init(top: red, bottom: red),
            .init(top: green, bottom: green), .init(top: green, bottom: green),
            .init(top: blue, bottom: blue), .init(top: blue, bottom: blue),
            .init(top: .white, bottom: .white), .init(top: .white, bottom: .white),
        ])
    }

    @Test func aSquarePictureIsTwiceAsWideInCellsAsTall() {
        let picture = HalfBlockPicture(
            fitting: PictureFixtures.solid(width: 475, height: 475, (9, 9, 9, 255)), maxColumns: 32, maxRows: 16,
            background: .black)
        #expect(picture.columns == 32 && picture.rows == 16)
        let wide = HalfBlockPicture(
            fitting: PictureFixtures.solid(width: 400, height: 100, (9, 9, 9, 255)), maxColumns: 32, maxRows: 16,
            background: .black)
        #expect(wide.columns == 32 && wide.rows == 4)
    }

    @Test func alphaIsCompositedOverTheThemeBackground() throws {
        let image = PictureFixtures.solid(width: 1, height: 2, (255, 0, 0, 128))
        let dark = HalfBlockPicture(pixels: image, background: .black)
        let light = HalfBlockPicture(pixels: image, background: .white)
        #expect(dark[0, 0].top == RGB(128, 0, 0))
        #expect(light[0, 0].top == RGB(255, 127, 127))
        let clear = HalfBlockPicture(pixels: PictureFixtures.solid(width: 1, height: 1, (9, 200, 9, 0)), background: RGB(1, 2, 3))
        #expect(clear[0, 0] == .init(top: RGB(1, 2, 3), bottom: RGB(1, 2, 3)))
    }

    @Test func anOddLastPixelRowHasTheBackgroundBelowIt() {
        let picture = HalfBlockPicture(pixels: PictureFixtures.solid(width: 1, height: 3, (10, 20, 30, 255)), background: RGB(7, 7, 7))
        #expect(picture.rows == 2)
        #expect(picture[1, 0] == .init(top: RGB(10, 20, 30), bottom: RGB(7, 7, 7)))
    }
}
