/// A picture's format, known from its first bytes (a Content-Type may lie).
public enum PictureFormat: String, Sendable, Hashable, CustomStringConvertible {
    case png = "PNG"
    case jpeg = "JPEG"
    case gif = "GIF"
    case webp = "WebP"
    case svg = "SVG"
    case unknown = "unknown"

    /// Sniffs the format from the magic bytes.
    ///
    /// - Complexity: O(1) for the binary formats; SVG looks at up to the first 256 bytes.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> PictureFormat {
        let head = Array(bytes.prefix(256))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + prefix.count && Array(head[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF8".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        if text.contains("<svg") || (text.contains("<?xml") && text.contains("svg")) { return .svg }
        return .unknown
    }

    public var description: String { rawValue }
}
