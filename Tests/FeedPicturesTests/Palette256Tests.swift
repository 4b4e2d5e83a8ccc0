import Testing

@testable import FeedPictures

@Suite struct Palette256Tests {
    @Test(arguments: [
        (RGB(255, 0, 0), 196),
        (RGB(0, 255, 0), 46),
        (RGB(0, 0, 255), 21),
        (RGB(255, 255, 255), 231),
        (RGB(0, 0, 0), 16),
        (RGB(95, 135, 175), 67),
    ])
    func cubeColoursMapToThemselves(color: RGB, index: Int) {
        #expect(Palette256.nearest(color) == index)
        #expect(Palette256.color(index) == color)
    }

    @Test(arguments: [
        (RGB(128, 128, 128), 244),  // 128 is grey 244 (128), not the cube's 135
        (RGB(18, 18, 18), 233),
        (RGB(238, 238, 238), 255),
        (RGB(60, 62, 61), 237),  // nearly grey stays grey
    ])
    func greysUseTheFinerGreyRamp(color: RGB, index: Int) {
        #expect(Palette256.nearest(color) == index)
    }

    @Test func aSaturatedColourDoesNotTurnGrey() {
        let index = Palette256.nearest(RGB(120, 60, 60))
        #expect(index < 232)
        let mapped = Palette256.color(index)
        #expect(mapped.red > mapped.green)
    }

    @Test func everyEntryIsItsOwnNearest() {
        for index in 16...255 {
            #expect(Palette256.nearest(Palette256.color(index)) == index, "entry \(index)")
        }
    }

    @Test func shadeRampRunsByBrightness() {
        #expect(ShadeRamp.glyph(top: .black, bottom: .black) == " ")
        #expect(ShadeRamp.glyph(top: .white, bottom: .white) == "█")
        #expect(ShadeRamp.glyph(top: .white, bottom: .black) == "▒")
        #expect(ShadeRamp.glyph(top: .white, bottom: .white, onLightBackground: true) == " ")
    }
}
