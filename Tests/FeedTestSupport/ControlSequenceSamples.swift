import FeedModel

/// Seeded text that weaves escape sequences through visible words, with the answer: which
/// words a terminal would show.
///
/// Visible words are Greek letters (and plain HTML tags when asked); everything inside a
/// control sequence is ASCII or Cyrillic. So after cleaning, any ASCII letter, digit or
/// punctuation, or any Cyrillic letter, is debris of a sequence, and the Greek letters must be
/// exactly those of the visible words, in order. The same seed gives the same sample.
public struct ControlSequenceSample: Sendable, CustomStringConvertible {
    /// The text to clean.
    public var input: String
    /// The Greek letters a terminal would show, in order, without spaces.
    public var visibleLetters: String

    public var description: String { "\(input.unicodeScalars.map { $0.escaped(asASCII: true) }.joined()) → \(visibleLetters)" }

    /// A sample drawn from `seed`.
    ///
    /// - Parameters:
    ///   - seed: the draw.
    ///   - withTags: whether visible segments may be HTML tags (`<p>`, `<br>`, `<i>`, …).
    public init(seed: UInt64, withTags: Bool = false) {
        var random = SplitMix64(seed: seed)
        var input = ""
        var visible = ""
        let segments = Int(random.next() % 12) + 1
        var lastWasUnterminatedString = false
        for index in 0..<segments {
            // An unterminated control string is only closed by a following sequence (or the end).
            let kind = lastWasUnterminatedString ? 1 + Int(random.next() % 4) : Int(random.next() % 7)
            lastWasUnterminatedString = false
            switch kind {
            case 0, 5:
                let word = Self.word(&random)
                input += word
                visible += word.filter { $0 != " " }
            case 1: input += Self.csi(&random)
            case 2:
                let (text, terminated) = Self.controlString(&random, mayStayOpen: index < segments - 1 || random.next() % 2 == 0)
                input += text
                lastWasUnterminatedString = !terminated
            case 3: input += Self.escapeWithIntermediates(&random)
            case 4: input += Self.twoScalarEscape(&random)
            default:
                if withTags && random.next() % 2 == 0 {
                    input += random.pick(["<p>", "</p>", "<br>", "<i>", "</i>", "<b>", "</b>", "<div>", "</div>", "<pre>", "</pre>"])
                } else {
                    input += random.pick(["\n", "\t", " ", "\u{07}", "\u{08}", "\r\n", "\u{7F}", "\u{85}", "\u{0C}"])
                }
            }
        }
        if lastWasUnterminatedString && random.next() % 2 == 0 { input += Self.csi(&random) }
        self.input = input
        self.visibleLetters = visible
    }

    /// What may be left of a sequence if a cleaner got it wrong: any ASCII but the space, and Cyrillic.
    public static func isDebris(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value > 0x20 && scalar.value < 0x7F) || (0x0400...0x04FF).contains(scalar.value)
    }

    /// The Greek letters of `text`, in order.
    public static func greekLetters(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { (0x03B1...0x03C9).contains($0.value) }))
    }

    // MARK: - Helpers

    private static let greek = (0x03B1...0x03C9).compactMap(Unicode.Scalar.init).filter { $0.value != 0x03C2 }
    private static let cyrillic = (0x0430...0x044F).compactMap(Unicode.Scalar.init)

    private static func word(_ random: inout SplitMix64) -> String {
        var out = String.UnicodeScalarView()
        for _ in 0..<(1 + Int(random.next() % 6)) { out.append(random.pick(greek)) }
        if random.next() % 3 == 0 { out.append(" ") }
        return String(out)
    }

    private static func ascii(_ range: ClosedRange<UInt32>, _ random: inout SplitMix64) -> Unicode.Scalar {
        Unicode.Scalar(range.lowerBound + UInt32(random.next() % UInt64(range.count)))!
    }

    private static func csi(_ random: inout SplitMix64) -> String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: (random.next() % 4 == 0 ? "\u{9B}" : "\u{1B}[").unicodeScalars)
        for _ in 0..<Int(random.next() % 7) {
            // Parameters, sometimes a control or DEL mid-sequence (executed, the sequence goes on).
            out.append(random.next() % 10 == 0 ? random.pick(["\n", "\u{07}", "\u{7F}", "\t"]) : ascii(0x30...0x3F, &random))
        }
        for _ in 0..<Int(random.next() % 3) { out.append(ascii(0x20...0x2F, &random)) }
        out.append(ascii(0x40...0x7E, &random))
        return String(out)
    }

    private static func controlString(_ random: inout SplitMix64, mayStayOpen: Bool) -> (String, Bool) {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: (random.next() % 3 == 0 ? random.pick(["\u{9D}", "\u{90}", "\u{9F}", "\u{9E}", "\u{98}"])
            : "\u{1B}" + random.pick(["]", "P", "_", "^", "X"])).unicodeScalars)
        for _ in 0..<Int(random.next() % 12) {
            switch random.next() % 8 {
            case 0: out.append(random.pick(cyrillic))
            case 1: out.append(random.pick(["\n", "\t", " ", "\u{7F}", "\u{85}", "\u{08}"]))
            default: out.append(ascii(0x20...0x7E, &random))
            }
        }
        switch random.next() % 4 {
        case 0: out.append("\u{07}")
        case 1: out.append(contentsOf: "\u{1B}\\".unicodeScalars)
        case 2: out.append("\u{9C}")
        default:
            if !mayStayOpen { out.append("\u{07}") }
            return (String(out), !mayStayOpen)
        }
        return (String(out), true)
    }

    private static func escapeWithIntermediates(_ random: inout SplitMix64) -> String {
        var out = String.UnicodeScalarView()
        out.append("\u{1B}")
        for _ in 0..<(1 + Int(random.next() % 3)) { out.append(ascii(0x20...0x2F, &random)) }
        out.append(ascii(0x30...0x7E, &random))
        return String(out)
    }

    private static func twoScalarEscape(_ random: inout SplitMix64) -> String {
        var final: Unicode.Scalar
        repeat { final = ascii(0x30...0x7E, &random) } while "[]P_^X".unicodeScalars.contains(final)
        return "\u{1B}" + String(final)
    }
}
