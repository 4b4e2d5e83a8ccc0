import FeedModel
@testable import FeedSources
import Testing

/// An HTML field's escape sequences are removed whole before the markup is read, never with
/// their ESC dropped and `[31m` left behind as text (moved from `HTMLTextControlTests`, issue 20).
@Suite struct FieldTextControlTests {
    @Test(arguments: [
        ("a \u{1B}[31mred\u{1B}[0m b", "a red b"),
        ("t \u{1B}]0;PWNED\u{07} title", "t title"),
        ("x &#27;[2Jcleared", "x cleared"),
        ("<b>bold</b>\u{1B}]2;PWNED\u{1B}\\ st", "bold st"),
        ("line\rreturn", "line return"),
    ])
    func titleEscapesAreRemovedWhole(_ html: String, _ expected: String) {
        #expect(TextSanitizer.clean(FieldText.htmlLine(html)) == expected)
    }

    @Test func bodyEscapesAreRemovedWhole() async {
        let html = "<p>one \u{1B}[1;1HPWNED\u{1B}[H</p><p>\u{1B}Ptwo\u{1B}\\two</p>"
        #expect(TextSanitizer.clean(FieldText.htmlText(html), mode: .multiline) == "one PWNED\n\ntwo")
    }
}
