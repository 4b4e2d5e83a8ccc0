import FeedUI
import Testing

@testable import CursesTerminal

@Suite struct ThemeSelectionTests {
    @Test func noColorForcesMonochromeWhateverWasAsked() {
        #expect(Theme.select(nil, environment: [:]) == .default)
        #expect(Theme.select(.light, environment: [:]) == .light)
        #expect(Theme.select(.mono, environment: [:]) == .monochrome)
        #expect(Theme.select(.light, environment: ["NO_COLOR": "1"]) == .monochrome)
        #expect(Theme.select(nil, environment: ["NO_COLOR": "anything"]) == .monochrome)
        // no-color.org: set AND non-empty.
        #expect(Theme.select(.light, environment: ["NO_COLOR": ""]) == .light)
    }

    @Test func everyNamedThemeStylesEveryStyle() {
        for name in ThemeName.allCases {
            let theme = Theme.named(name)
            #expect(theme[.selected] != theme[.normal], "\(name)")
            #expect(theme[.status] != theme[.normal], "\(name)")
        }
        #expect(Theme.light.usesColor)
        #expect(Theme.light != Theme.default)
        #expect(!Theme.named(.mono).usesColor)
    }

    @Test(arguments: [
        ([String: String](), 256, ColorDepth.palette256),
        ([:], 8, .eight),
        ([:], 16, .eight),
        ([:], 0, .none),
        ([:], 1 << 24, .trueColor),
        (["COLORTERM": "truecolor"], 256, .trueColor),
        (["COLORTERM": "24bit"], 8, .trueColor),
        (["COLORTERM": "TrueColor"], 256, .trueColor),
        (["COLORTERM": "yes"], 256, .palette256),
        (["COLORS": "8"], 256, .eight),
        (["COLORS": "256"], 8, .palette256),
        (["COLORS": "16777216"], 256, .trueColor),
        (["COLORS": "0"], 256, .none),
        (["COLORS": "lots"], 256, .palette256),
        (["COLORTERM": "truecolor", "COLORS": "8"], 8, .trueColor),
    ])
    func depthComesFromColortermThenColorsThenTerminfo(environment: [String: String], terminfo: Int, depth: ColorDepth) {
        #expect(ColorDepth.detect(environment: environment, terminfoColors: terminfo) == depth)
    }

    @Test func colourModeFallsBackFromTrueColourTo256To8() {
        #expect(ColorMode.choose(depth: .trueColor, terminfoColors: 1 << 24, canChangeColor: false) == .direct)
        #expect(ColorMode.choose(depth: .trueColor, terminfoColors: 256, canChangeColor: true) == .redefined(top: 255))
        #expect(ColorMode.choose(depth: .trueColor, terminfoColors: 256, canChangeColor: false) == .palette(colors: 256))
        #expect(ColorMode.choose(depth: .trueColor, terminfoColors: 8, canChangeColor: true) == .palette(colors: 8))
        #expect(ColorMode.choose(depth: .palette256, terminfoColors: 256, canChangeColor: true) == .palette(colors: 256))
        #expect(ColorMode.choose(depth: .eight, terminfoColors: 256, canChangeColor: true) == .palette(colors: 8))
        #expect(ColorMode.choose(depth: .palette256, terminfoColors: 8, canChangeColor: false) == .palette(colors: 8))
        #expect(ColorMode.choose(depth: .none, terminfoColors: 256, canChangeColor: true) == .none)
        #expect(ColorMode.choose(depth: .palette256, terminfoColors: 2, canChangeColor: false) == .none)
    }

    @Test func osc52EncodesBase64BetweenTheMarkers() throws {
        let bytes = try #require(OSC52.sequence(copying: "https://example.com/"))
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}]52;c;aHR0cHM6Ly9leGFtcGxlLmNvbS8=\u{07}")
        #expect(String(decoding: OSC52.base64(Array("".utf8)), as: UTF8.self) == "")
        #expect(String(decoding: OSC52.base64(Array("f".utf8)), as: UTF8.self) == "Zg==")
        #expect(String(decoding: OSC52.base64(Array("fo".utf8)), as: UTF8.self) == "Zm8=")
        #expect(String(decoding: OSC52.base64(Array("foo".utf8)), as: UTF8.self) == "Zm9v")
        #expect(String(decoding: OSC52.base64(Array("foobar".utf8)), as: UTF8.self) == "Zm9vYmFy")
        #expect(String(decoding: OSC52.base64(Array("한".utf8)), as: UTF8.self) == "7ZWc")
        #expect(String(decoding: OSC52.base64([0xFF, 0xFE, 0x00]), as: UTF8.self) == "//4A")
        // The payload never carries a BEL or ESC that could end the sequence early.
        let hostile = try #require(OSC52.sequence(copying: "a\u{07}b\u{1B}\\c"))
        #expect(hostile.dropFirst(7).dropLast().allSatisfy { $0 != 0x07 && $0 != 0x1B })
        #expect(OSC52.sequence(copying: String(repeating: "x", count: OSC52.maximumPayload + 1)) == nil)
    }
}
