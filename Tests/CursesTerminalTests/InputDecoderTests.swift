import CNCursesW
import FeedUI
import Testing

@testable import CursesTerminal

@Suite struct InputDecoderTests {
    @Test(arguments: [
        (UInt32(13), DecodedInput.key(.enter)),
        (10, .key(.enter)),
        (27, .key(.escape)),
        (127, .key(.backspace)),
        (8, .key(.backspace)),
        (9, .key(.tab)),
        (1, .key(.control("a"))),
        (4, .key(.control("d"))),
        (21, .key(.control("u"))),
        (26, .key(.control("z"))),
        (0, .ignored),
        (28, .key(.unknown(28))),
        (0x9B, .key(.unknown(0x9B))),
        (0x6A, .key(.character("j"))),
        (0x47, .key(.character("G"))),
        (0x20, .key(.character(" "))),
        (0xD55C, .key(.character("한"))),
        (0x1F642, .key(.character("🙂"))),
        (0xD800, .ignored),
    ])
    func characters(code: UInt32, expected: DecodedInput) {
        #expect(InputDecoder.decode(character: code) == expected)
    }

    @Test(arguments: [
        (KEY_UP, DecodedInput.key(.up)),
        (KEY_DOWN, .key(.down)),
        (KEY_LEFT, .key(.left)),
        (KEY_RIGHT, .key(.right)),
        (KEY_PPAGE, .key(.pageUp)),
        (KEY_NPAGE, .key(.pageDown)),
        (KEY_HOME, .key(.home)),
        (KEY_END, .key(.end)),
        (KEY_ENTER, .key(.enter)),
        (KEY_BACKSPACE, .key(.backspace)),
        (KEY_MOUSE, .mouse),
        (KEY_RESIZE, .resize),
        (fs_key_f(1), .key(.unknown(fs_key_f(1)))),
    ])
    func keyCodes(code: Int32, expected: DecodedInput) {
        #expect(InputDecoder.decode(keyCode: code) == expected)
    }

    @Test func mouseButtons() {
        #expect(InputDecoder.mouseKind(buttonState: fs_button4_pressed()) == .wheelUp)
        #expect(InputDecoder.mouseKind(buttonState: fs_button5_pressed()) == .wheelDown)
        #expect(InputDecoder.mouseKind(buttonState: fs_button1_pressed()) == .press)
        #expect(InputDecoder.mouseKind(buttonState: fs_button1_released()) == .release)
        #expect(InputDecoder.mouseKind(buttonState: 0) == nil)
    }
}
