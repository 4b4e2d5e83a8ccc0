/// The escape sequence that asks the terminal to put text on the clipboard:
/// `ESC ] 52 ; c ; BASE64 BEL`.
public enum OSC52 {
    /// Terminals and tmux drop longer sequences; a link never comes close.
    public static let maximumPayload = 74_994

    /// The bytes that copy `text` to the clipboard selection `c`, or nil when it is too long.
    public static func sequence(copying text: String) -> [UInt8]? {
        let payload = Array(text.utf8)
        guard payload.count <= maximumPayload else { return nil }
        return Array("\u{1B}]52;c;".utf8) + base64(payload) + [0x07]
    }

    /// Standard base64 (RFC 4648) with padding.
    static func base64(_ bytes: [UInt8]) -> [UInt8] {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let b0 = UInt32(chunk[chunk.startIndex])
            let b1 = chunk.count > 1 ? UInt32(chunk[chunk.startIndex + 1]) : 0
            let b2 = chunk.count > 2 ? UInt32(chunk[chunk.startIndex + 2]) : 0
            let group = b0 << 16 | b1 << 8 | b2
            output.append(alphabet[Int(group >> 18 & 63)])
            output.append(alphabet[Int(group >> 12 & 63)])
            output.append(chunk.count > 1 ? alphabet[Int(group >> 6 & 63)] : UInt8(ascii: "="))
            output.append(chunk.count > 2 ? alphabet[Int(group & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return output
    }
}
