/// What the white-space tests of FeedModel (`WhiteSpaceUTF8`) and FeedReader (the text
/// measures that call it) draw from and check against, held once.
public enum WhiteSpaceSamples {
    /// Every White_Space scalar, and neighbours of each in UTF-8 that are not.
    public static let pool: [Unicode.Scalar] = [
        "\t", "\n", "\u{0B}", "\u{0C}", "\r", " ", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2005}",
        "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}",
        "\u{08}", "\u{0E}", "\u{84}", "\u{86}", "\u{A1}", "\u{167F}", "\u{1681}", "\u{200B}", "\u{2027}",
        "\u{202A}", "\u{202E}", "\u{2030}", "\u{205E}", "\u{2060}", "\u{3001}", "\u{2FFF}",
        "a", "Z", "0", ",", "é", "\u{301}", "ß", "中", "한", "ا", "\u{1F600}", "\u{1F1EB}", "\u{FE0F}", "\u{200D}",
    ]

    /// The reference: the text's scalars, White_Space runs (by Unicode's property, scalar by
    /// scalar) collapsed to one space and trimmed.
    public static func collapsed(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var space = true
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                if !space { out.append(" ") }
                space = true
            } else {
                out.append(scalar)
                space = false
            }
        }
        var result = String(out)
        if result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
