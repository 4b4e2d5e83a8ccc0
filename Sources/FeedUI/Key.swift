/// A key or pointer event, decoded by the backend.
public enum Key: Sendable, Hashable {
    case character(Character)
    /// Control plus a letter, e.g. `.control("d")` for Ctrl-D.
    case control(Character)
    case up, down, left, right
    case pageUp, pageDown, home, end
    case enter, escape, backspace, tab
    case mouse(MouseEvent)
    /// A key the backend could not name (an unbound function key, say).
    case unknown(Int32)
}

/// A mouse event in screen coordinates.
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case wheelUp, wheelDown, press, release
    }
    public var kind: Kind
    public var row: Int
    public var column: Int

    public init(kind: Kind, row: Int, column: Int) {
        self.kind = kind
        self.row = row
        self.column = column
    }
}
