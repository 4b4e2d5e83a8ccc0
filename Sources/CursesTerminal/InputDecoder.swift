import CNCursesW
import FeedUI

/// What one `get_wch` result means, decided without touching curses.
///
/// `get_wch` returns `OK` with a character or `KEY_CODE_YES` with a key code; the two spaces
/// overlap (code 0o401 is also a character), so the caller says which it got.
enum DecodedInput: Hashable {
    case key(Key)
    /// `KEY_MOUSE`: the caller fetches the event with `getmouse`.
    case mouse
    /// `KEY_RESIZE`: the caller reports the new size.
    case resize
    /// Nothing to report (a NUL, an invalid scalar).
    case ignored
}

enum InputDecoder {
    /// Decodes a character `get_wch` returned with `OK`.
    static func decode(character code: UInt32) -> DecodedInput {
        switch code {
        case 0:
            return .ignored
        case 9:
            return .key(.tab)
        case 10, 13:
            return .key(.enter)
        case 8, 127:
            return .key(.backspace)
        case 27:
            return .key(.escape)
        case 1...26:
            let letter = Character(Unicode.Scalar(UInt8(code) + 0x60))
            return .key(.control(letter))
        case 28...31, 0x80...0x9F:
            return .key(.unknown(Int32(code)))
        default:
            guard let scalar = Unicode.Scalar(code) else { return .ignored }
            return .key(.character(Character(scalar)))
        }
    }

    /// Decodes a key code `get_wch` returned with `KEY_CODE_YES`.
    static func decode(keyCode code: Int32) -> DecodedInput {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_MOUSE: return .mouse
        case KEY_RESIZE: return .resize
        default: return .key(.unknown(code))
        }
    }

    /// The kind of a mouse event from its `bstate`, or nil for buttons feedscroll ignores.
    static func mouseKind(buttonState: mmask_t) -> MouseEvent.Kind? {
        if buttonState & fs_button4_pressed() != 0 { return .wheelUp }
        if buttonState & fs_button5_pressed() != 0 { return .wheelDown }
        if buttonState & (fs_button1_pressed() | fs_button1_clicked()) != 0 { return .press }
        if buttonState & fs_button1_released() != 0 { return .release }
        return nil
    }
}
