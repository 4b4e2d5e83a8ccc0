/// Reads Unicode scalars the way a terminal would (ECMA-48) and hands on only those that are
/// not part of a control sequence.
///
/// The one grammar for escape sequences in feedscroll: `TextSanitizer` and the HTML pipeline
/// (FeedMarkup's `MarkupFragment`, before libxml2 reads an API's field) both strip sequences through it, so they agree
/// on where a sequence ends and a word hidden inside one never shows up in one view and not in
/// another.
///
/// What it removes, whole:
/// - CSI (`ESC [` or U+009B): parameter and intermediate bytes (0x20–0x3F), then one final
///   byte (0x40–0x7E). C0 controls and DEL inside it are swallowed and the sequence goes on,
///   as a terminal executes or ignores them mid-sequence; ESC, CAN, SUB and C1 introducers end
///   it, and any other character ends it and stays text.
/// - Control strings, OSC, DCS, APC, PM and SOS (`ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X`
///   or U+009D, U+0090, U+009F, U+009E, U+0098): everything up to BEL, ST (`ESC \` or U+009C),
///   CAN or SUB, or the ESC or C1 introducer that starts the next sequence, which is then
///   removed whole too (an unterminated string cannot leave `[2J` behind).
/// - `ESC` + intermediates (0x20–0x2F) + a final byte (0x30–0x7E) (charsets, `ESC # 8`), and
///   the two-scalar escapes `ESC` + 0x30–0x7E (`ESC c`, `ESC 7`, `ESC \`).
/// - A lone `ESC` before anything else (a control, a non-ASCII character, the end).
///
/// Other controls (line breaks, tabs, BEL, single C1 controls) are handed on: what to make of
/// them is the caller's business (`TextSanitizer` turns breaks into spaces and drops the rest).
///
/// Before it reads them, UTF-8 that was decoded as Latin-1 upstream is repaired where the run
/// holds a C1 control (`DoubleEncodedUTF8Repair`): a double-encoded `”` is `â` U+0080 U+009D,
/// whose U+009D would start an OSC and take the rest of the paragraph with it.
public struct ControlSequenceScanner<Base: IteratorProtocol<Unicode.Scalar>>: IteratorProtocol {
    private var base: DoubleEncodedUTF8Repair<Base>
    private var pending: Unicode.Scalar?

    /// Scans the scalars `base` yields.
    public init(_ base: Base) {
        self.base = DoubleEncodedUTF8Repair(base)
    }

    /// The next scalar that is not part of a control sequence, or nil at the end.
    public mutating func next() -> Unicode.Scalar? {
        while let s = pull() {
            switch s.value {
            case 0x1B: skipEscape()
            case 0x9B: skipCSI()
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipControlString()
            default: return s
            }
        }
        return nil
    }

    // MARK: - Helpers

    private mutating func pull() -> Unicode.Scalar? {
        if let p = pending {
            pending = nil
            return p
        }
        return base.next()
    }

    /// Whether `s` starts a sequence of its own, which ends the one being read.
    private static func startsSequence(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x1B, 0x9B, 0x90, 0x98, 0x9D, 0x9E, 0x9F: true
        default: false
        }
    }

    /// After `ESC`.
    private mutating func skipEscape() {
        guard let t = pull() else { return }
        switch t.value {
        case 0x5B: skipCSI()  // [
        case 0x5D, 0x50, 0x5F, 0x5E, 0x58: skipControlString()  // ] P _ ^ X
        case 0x20...0x2F:
            while let u = pull() {
                if (0x20...0x2F).contains(u.value) { continue }
                if !(0x30...0x7E).contains(u.value) { pending = u }
                return
            }
        case 0x30...0x7E: return  // ESC c, ESC 7, ESC =, ESC \ …
        default: pending = t  // a lone ESC: dropped; what follows is read on its own
        }
    }

    /// After `ESC [` or CSI.
    private mutating func skipCSI() {
        while let s = pull() {
            switch s.value {
            case 0x40...0x7E: return  // the final byte
            case 0x20...0x3F: continue  // parameters and intermediates
            case 0x18, 0x1A: return  // CAN, SUB: the sequence is cancelled, and they with it
            case _ where Self.startsSequence(s):
                pending = s
                return
            case 0x00...0x1F, 0x7F, 0x80...0x9F: continue  // executed or ignored mid-sequence
            default:
                pending = s  // not part of any sequence: text
                return
            }
        }
    }

    /// After an OSC, DCS, APC, PM or SOS introducer.
    private mutating func skipControlString() {
        while let s = pull() {
            switch s.value {
            case 0x07, 0x9C, 0x18, 0x1A: return  // BEL, ST; CAN and SUB cancel it
            case _ where Self.startsSequence(s):
                // `ESC \` is ST; any other ESC starts the next sequence. Either way the ESC is
                // read again as the start of a sequence, which removes `ESC \` as a two-scalar
                // escape and any other sequence whole.
                pending = s
                return
            default: continue
            }
        }
    }
}

/// Strips control sequences from whole strings with `ControlSequenceScanner`.
public enum ControlSequences {
    /// `text` without its control sequences; every other scalar, controls included, kept.
    /// - Complexity: O(n) in the string's length.
    public static func strip(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x1B || $0 == 0xC2 }) else { return text }  // C1 is C2 80–9F in UTF-8
        var out = String.UnicodeScalarView()
        var scanner = ControlSequenceScanner(text.unicodeScalars.makeIterator())
        while let s = scanner.next() { out.append(s) }
        return String(out)
    }
}
