/// Cutting a word wider than its line (text with no spaces: Chinese, Japanese, a long URL)
/// into line-wide pieces, by the Japanese line-breaking rules (kinsoku shori, JIS X 4051) the way
/// terminal pagers and browsers apply them: a closing mark (`。`, `、`, `」`, `）`, `！`, small
/// kana, `ー`…) never starts a line and an opening one (`「`, `（`…) never ends one; the character
/// before such a mark goes down to the next line with it (oidashi), so every line still fits.
public enum LineCut {
    /// `word`'s pieces: every one but the last fills its line (within `width` columns); the last
    /// is what is left for the line to go on with. A piece is never empty.
    /// - Complexity: O(n) in the word's characters.
    public static func pieces(of word: String, width: Int) -> [(text: String, columns: Int)] {
        let width = max(1, width)
        var pieces: [(text: String, columns: Int)] = []
        var piece: [Character] = []
        var widths: [Int] = []
        var used = 0
        for character in word {
            let columns = TextWidth.of(character)
            if used + columns > width, !piece.isEmpty {
                // The characters that must go down with this one: while the line would start with
                // a closing mark (this character, or one carried before it) or end with an
                // opening one, its last character goes to the next line, keeping at least one.
                var carried = 0
                while piece.count - carried > 1 {
                    let next = carried == 0 ? character : piece[piece.count - carried]
                    let last = piece[piece.count - carried - 1]
                    guard noLineStart(next) || noLineEnd(last) else { break }
                    carried += 1
                }
                // A run of marks as long as the line cannot be kept together: cut as it comes.
                if carried > 0, widths.suffix(carried).reduce(columns, +) > width { carried = 0 }
                let kept = piece.count - carried
                pieces.append((String(piece[..<kept]), widths[..<kept].reduce(0, +)))
                piece.removeFirst(kept)
                widths.removeFirst(kept)
                used = widths.reduce(0, +)
            }
            piece.append(character)
            widths.append(columns)
            used += columns
        }
        if !piece.isEmpty || pieces.isEmpty { pieces.append((String(piece), used)) }
        return pieces
    }

    /// Marks that never start a line: closing brackets and quotes, stops and commas, small kana,
    /// the long-vowel mark, iteration marks, and their full-width and ASCII forms.
    static func noLineStart(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first else { return false }
        switch s.value {
        case 0x3001, 0x3002, 0xFF0C, 0xFF0E, 0xFF61, 0xFF64: return true  // 、。，．｡､
        case 0x3009, 0x300B, 0x300D, 0x300F, 0x3011, 0x3015, 0x3017, 0x3019, 0x301B, 0x301E, 0x301F: return true  // 〉》」』】〕〗〙〛〞〟
        case 0xFF09, 0xFF3D, 0xFF5D, 0xFF60, 0xFF63: return true  // ）］｝｠｣
        case 0x2019, 0x201D, 0x00BB: return true  // ’ ” »
        case 0xFF01, 0xFF1F, 0xFF1A, 0xFF1B, 0x203C, 0x2047, 0x2048, 0x2049: return true  // ！？：；‼⁇⁈⁉
        case 0x30FC, 0xFF70, 0x3005, 0x303B, 0x309D, 0x309E, 0x30FD, 0x30FE, 0x30FB, 0xFF65: return true  // ー ｰ 々 〻 ゝゞヽヾ ・･
        case 0x3041, 0x3043, 0x3045, 0x3047, 0x3049, 0x3063, 0x3083, 0x3085, 0x3087, 0x308E, 0x3095, 0x3096: return true  // small hiragana
        case 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30C3, 0x30E3, 0x30E5, 0x30E7, 0x30EE, 0x30F5, 0x30F6: return true  // small katakana
        case 0x31F0...0x31FF, 0xFF67...0xFF6F: return true  // small katakana extensions, half-width small kana
        case 0x2026, 0x2025, 0x30A0, 0x2013, 0x301C: return true  // … ‥ ゠ – 〜
        case 0x29, 0x5D, 0x7D, 0x2C, 0x2E, 0x3A, 0x3B, 0x21, 0x3F: return true  // ) ] } , . : ; ! ?
        default: return false
        }
    }

    /// Marks that never end a line: opening brackets and quotes.
    static func noLineEnd(_ c: Character) -> Bool {
        guard let s = c.unicodeScalars.first else { return false }
        switch s.value {
        case 0x3008, 0x300A, 0x300C, 0x300E, 0x3010, 0x3014, 0x3016, 0x3018, 0x301A, 0x301D: return true  // 〈《「『【〔〖〘〚〝
        case 0xFF08, 0xFF3B, 0xFF5B, 0xFF5F, 0xFF62: return true  // （［｛｟｢
        case 0x2018, 0x201C, 0x00AB: return true  // ‘ “ «
        case 0x28, 0x5B, 0x7B: return true  // ( [ {
        default: return false
        }
    }
}
