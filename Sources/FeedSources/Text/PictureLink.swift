import Foundation

/// The picture links adapters hand on: absolute http(s) URLs only.
///
/// APIs put words where a URL may stand (Reddit's `thumbnail` is `"self"`, `"default"`,
/// `"nsfw"`, `"spoiler"` or a URL), leave strings empty, or send links with spaces or controls;
/// none of those reaches the picture loader.
enum PictureLink {
    /// `text` if it is an absolute http(s) URL with a host and nothing unprintable, else nil.
    /// - Parameter text: the field as the API sent it (already un-escaped where the API
    ///   escapes it).
    static func http(_ text: String?) -> String? {
        guard let text, !text.isEmpty,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " || $0.value > 0x7E }),
            let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return text
    }
}
