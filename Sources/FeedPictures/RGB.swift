/// An opaque 24-bit colour.
public struct RGB: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// From `0xRRGGBB`.
    public init(hex: UInt32) {
        self.init(UInt8(hex >> 16 & 0xFF), UInt8(hex >> 8 & 0xFF), UInt8(hex & 0xFF))
    }

    /// `0xRRGGBB`.
    public var hex: UInt32 { UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }

    /// Relative luminance in 0…255 (Rec. 709 weights on the encoded values; good enough to pick a shade).
    public var luminance: Int { (2126 * Int(red) + 7152 * Int(green) + 722 * Int(blue)) / 10000 }

    public var description: String {
        let digits = String(hex, radix: 16)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    public static let black = RGB(0, 0, 0)
    public static let white = RGB(255, 255, 255)
}
