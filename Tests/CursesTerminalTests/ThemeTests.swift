import FeedUI
import Testing

@testable import CursesTerminal

@Suite struct ThemeTests {
    @Test func coloursFallBackOnSmallerPalettes() {
        let color = Theme.Color(25, fallback: 4)
        #expect(color.resolved(colors: 256) == 25)
        #expect(color.resolved(colors: 8) == 4)
        #expect(Theme.Color.brightWhite.resolved(colors: 16) == 15)
        #expect(Theme.Color.brightWhite.resolved(colors: 8) == 7)
        #expect(Theme.Color.default.resolved(colors: 8) == -1)
    }

    @Test func everyStyleHasALookInBothThemes() {
        for style in Style.allCases {
            #expect(Theme.monochrome[style].foreground == .default)
            #expect(Theme.monochrome[style].background == .default)
        }
        #expect(Theme.monochrome[.selected].attributes.contains(.reverse))
        #expect(Theme.default[.selected] != Theme.default[.normal])
        #expect(!Theme.monochrome.usesColor)
    }
}
