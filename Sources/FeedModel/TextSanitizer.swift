import Foundation

/// The one gate every remote string passes before it reaches the terminal or a pipe.
///
/// Removes whole escape sequences (CSI, OSC ended by BEL or ST, DCS, APC, PM, SOS, in their
/// 7-bit and C1 forms, and the short `ESC` + intermediates + final forms), C0 and C1 controls,
/// DEL, bidirectional overrides, isolates and marks, and invisible tricks (zero-width space,
/// word joiner, BOM, Hangul fillers, tag characters outside a flag, noncharacters, joiners that
/// join nothing, combining marks with no base or piled past four); turns NEL, U+2028 and U+2029
/// into line breaks; repairs invalid UTF-8 (`clean(bytes:)`); normalises to NFC (ncursesw drops
/// zero-width characters after a wide one, so decomposed Hangul would be garbled).
///
/// What is left is printable text whose look the terminal cannot be talked into changing:
/// no title, colour, cursor, mode or direction changes.
public enum TextSanitizer {
    public enum Mode: Sendable {
        /// One line: every line break and tab becomes a space, runs of spaces collapse.
        case line
        /// Paragraphs kept: `\n` survives (at most two in a row), tabs become spaces.
        case multiline
    }

    /// Sanitises bytes from the network: invalid UTF-8 becomes U+FFFD, then as `clean(_:mode:)`.
    public static func clean<Bytes: Collection<UInt8>>(bytes: Bytes, mode: Mode = .line) -> String {
        clean(String(decoding: bytes, as: UTF8.self), mode: mode)
    }

    /// Sanitises a string.
    /// - Complexity: O(n) in the string's length.
    public static func clean(_ text: String, mode: Mode = .line) -> String {
        if mode == .line {
            // Printable ASCII and the ASCII line breaks and tabs (which one line makes spaces):
            // no sequence, mark or composition can be in it, so it is its spaces collapsed.
            var printable = true
            var layout = false
            for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
                if byte &- 0x09 < 5 {
                    layout = true
                } else {
                    printable = false
                    break
                }
            }
            if printable {
                guard layout else { return collapseSpaces(text) }
                return collapsedWhiteSpace(text)
            }
            if let kept = lineOfKeptScalars(text) { return kept }
        }
        return cleanByScalars(text, mode: mode)
    }

    /// Whether the sanitiser keeps `scalar` as it is wherever it stands: printable ASCII, the
    /// line feed, and the blocks of letters, punctuation and symbols that hold no controls,
    /// format characters, combining marks or characters NFC changes (Latin-1 and Latin Extended
    /// without the soft hyphen, the basic Greek and Cyrillic letters, general punctuation
    /// without the spaces, joiners and directional formats, ™, arrows, box drawing, shapes and
    /// symbols, CJK punctuation and kana without the combining marks, CJK ideographs, Hangul
    /// syllables, full-width forms, pictographs and emoticons). Nothing in these blocks starts
    /// an escape sequence, is repaired as double-encoded UTF-8 (that needs a C1 control),
    /// composes with a neighbour under NFC (no combining mark, no conjoining jamo) or needs
    /// tidying. FeedMarkup's `MarkupTextTests` checks every one against `cleanKeepingLayout`.
    @inlinable
    public static func keepsAsItIs(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x391...0x3A9, 0x3B1...0x3C9, 0x400...0x45F,
             0x2010...0x2027, 0x2030...0x205E, 0x2122, 0x2190...0x2199, 0x2500...0x26FF, 0x3000...0x3029,
             0x3030...0x3098, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF5E, 0x1F300...0x1F64F:
            true
        default:
            false
        }
    }

    /// `clean(text, mode: .line)` of a text made only of scalars the sanitiser keeps as they
    /// are (`keepsAsItIs`) and ASCII white space (tab to carriage return, space): its white
    /// space as single spaces, none at either end, which is all the scalar path changes in
    /// such a text (the normalisation to NFC, through Foundation, was most of its cost: a
    /// title, byline or link text with an accent in it). `nil` for any other text.
    static func lineOfKeptScalars(_ text: String) -> String? {
        var needsChange = false
        var previousIsSpace = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value &- 0x09 < 5 || value == 0x20 {
                // A run, a leading space, or white space other than a space changes.
                if previousIsSpace || value != 0x20 { needsChange = true }
                previousIsSpace = true
            } else {
                guard keepsAsItIs(scalar) else { return nil }
                previousIsSpace = false
            }
        }
        if previousIsSpace { needsChange = true }
        guard needsChange else { return text }
        return collapsedWhiteSpace(text)
    }

    /// `text` with each run of ASCII white space (tab to carriage return, space) as one space
    /// and none at either end. White space is one byte and never inside another scalar's bytes,
    /// so this holds for any UTF-8 text.
    private static func collapsedWhiteSpace(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte &- 0x09 < 5 || byte == 0x20 {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace {
                    out.append(0x20)
                    pendingSpace = false
                }
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `clean(_:mode:)` scalar by scalar, for any text (`clean` answers printable ASCII itself).
    static func cleanByScalars(_ text: String, mode: Mode) -> String {
        var out = String.UnicodeScalarView()
        // Whole escape sequences go first, by the one grammar the HTML renderers share.
        var scalars = ControlSequenceScanner(text.unicodeScalars.makeIterator())
        var newlines = 0
        func appendSpace() {
            if let last = out.last, last != " " && last != "\n" { out.append(" ") }
        }
        while let s = scalars.next() {
            switch s.value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                if mode == .multiline {
                    if s == "\r" { continue }  // CRLF and lone CR count once, as the LF
                    while out.last == " " { out.removeLast() }
                    if newlines < 2 && !out.isEmpty { out.append("\n") }
                    newlines += 1
                    continue
                }
                appendSpace()
            case 0x09, 0x0B, 0x0C: appendSpace()
            case 0x00...0x1F, 0x7F...0x9F: break
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                break  // bidi overrides, isolates and marks
            case 0x200B, 0x2060...0x2065, 0xFEFF, 0x180E, 0xFFF9...0xFFFB, 0x206A...0x206F:
                break  // zero-width space, word joiner, BOM, interlinear annotation, deprecated formats
            case 0x00AD, 0x034F, 0x115F, 0x1160, 0x3164, 0xFFA0:
                break  // soft hyphen, grapheme joiner, Hangul fillers: blank-looking text
            case 0xFDD0...0xFDEF, 0xFFFE, 0xFFFF, 0xE0000, 0xE0002...0xE001F:
                break  // noncharacters, unassigned tag space
            case 0x20:
                appendSpace()
                continue
            default:
                out.append(s)
            }
            if s != "\n" { newlines = 0 }
        }
        // Normalising, tidying and trimming can each give the others new work (a joiner
        // dropped between a letter and a mark that then compose; a space trimmed from before a
        // mark), so they run until nothing changes: cleaning clean text changes nothing.
        var result = String(out)
        for _ in 0..<4 {
            let normalised = mayChangeUnderNFC(result) ? result.precomposedStringWithCanonicalMapping : result
            let next = squeezed(tidy(normalised), mode: mode)
            if next == result { break }
            result = next
        }
        return result
    }

    // MARK: - Helpers

    /// The most combining marks kept on one base: what a curses cell holds (CCHARW_MAX 5).
    static let maximumMarks = 4

    /// The checks that need neighbours: joiners, tag characters, combining marks.
    private static func tidy(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: needsTidying) else { return text }
        var out = String.UnicodeScalarView()
        var marks = 0
        var hasBase = false
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            switch s.value {
            case 0x200C, 0x200D:
                // ZWNJ/ZWJ shape Indic and Arabic script and build emoji sequences; anywhere
                // else they only hide a break inside a word.
                if let before = out.last, i + 1 < scalars.count, joins(before, scalars[i + 1]) { out.append(s) }
            case 0xE0000...0xE007F:
                // Tag characters are invisible text, except as the letters of a subdivision
                // flag: U+1F3F4, 1 to 7 tag letters or digits, U+E007F.
                var end = i
                while end < scalars.count, end - i < 8,
                      (0xE0030...0xE0039).contains(scalars[end].value) || (0xE0061...0xE007A).contains(scalars[end].value) { end += 1 }
                if out.last?.value == 0x1F3F4, end > i, end < scalars.count, scalars[end].value == 0xE007F {
                    out.append(contentsOf: scalars[i...end])
                    i = end
                }
            default:
                if isMark(s) {
                    if hasBase && marks < maximumMarks { out.append(s) }
                    marks += 1
                } else {
                    out.append(s)
                    hasBase = s != " " && s != "\n"
                    marks = 0
                }
            }
            i += 1
        }
        return String(out)
    }

    /// Whether NFC could change the text: not when every scalar is below the combining marks or
    /// in the ideograph and Hangul syllable blocks (Foundation's normalisation goes through
    /// UTF-16 and back, a second for a 10 MB CJK title).
    private static func mayChangeUnderNFC(_ text: String) -> Bool {
        text.unicodeScalars.contains { s in
            switch s.value {
            case 0..<0x300, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: false
            default: true
            }
        }
    }

    private static func needsTidying(_ s: Unicode.Scalar) -> Bool {
        s.value == 0x200C || s.value == 0x200D || (0xE0000...0xE007F).contains(s.value) || isMark(s)
    }

    private static func isMark(_ s: Unicode.Scalar) -> Bool {
        guard s.value >= 0x300 else { return false }
        // Blocks without marks, answered without the property lookup (a 10 MB CJK title spent
        // a fifth of its cleaning in it): CJK ideographs and extension A, Hangul syllables.
        switch s.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: return false
        default: break
        }
        switch s.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return !isVariationSelector(s)
        default: return false
        }
    }

    private static func isVariationSelector(_ s: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(s.value) || (0xE0100...0xE01EF).contains(s.value)
    }

    private static func joins(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
        guard before.value > 0x7F, after.value > 0x7F else { return false }
        let b = before.properties, a = after.properties
        let left = b.isAlphabetic || b.isEmoji || b.isEmojiModifier || isVariationSelector(before)
            || b.generalCategory == .nonspacingMark || b.generalCategory == .spacingMark
        return left && (a.isAlphabetic || a.isEmoji)
    }

    /// Spaces and line breaks put right after something between them was dropped: no space
    /// at either end, next to another or to a line break, at most two breaks in a row.
    /// Scalar by scalar (a space carrying a variation selector is one `Character`).
    static func squeezed(_ text: String, mode: Mode) -> String {
        if isSqueezed(text) { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars {
            switch s {
            case " ":
                if let last = out.last, last != " " && last != "\n" { out.append(s) }
            case "\n":
                while out.last == " " { out.removeLast() }
                let tail = out.suffix(2)
                if !out.isEmpty && !(tail.count == 2 && tail.allSatisfy { $0 == "\n" }) { out.append(s) }
            default:
                out.append(s)
            }
        }
        while out.last == " " || out.last == "\n" { out.removeLast() }
        return String(out)
    }

    /// Whether `squeezed` would give the text back as it is: no space or line break at either
    /// end, no space next to another or to a line break, no three line breaks in a row. Read as
    /// UTF-8 bytes (a space and a line break are one byte each, never inside another scalar).
    static func isSqueezed(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last else { return true }
            if first == 0x20 || first == 0x0A || last == 0x20 || last == 0x0A { return false }
            var previous: UInt8 = 0
            var breaks = 0
            for byte in bytes {
                switch byte {
                case 0x20:
                    if previous == 0x20 || previous == 0x0A { return false }
                case 0x0A:
                    if previous == 0x20 { return false }
                    breaks &+= 1
                    if breaks == 3 { return false }
                default:
                    break
                }
                if byte != 0x0A { breaks = 0 }
                previous = byte
            }
            return true
        }
    }

    private static func collapseSpaces(_ text: String) -> String {
        // By bytes: Foundation's `contains("  ")` bridged the whole string through UTF-16.
        var previous: UInt8 = 0x20
        var needed = false
        for byte in text.utf8 {
            if byte == 0x20 && previous == 0x20 {
                needed = true
                break
            }
            previous = byte
        }
        guard needed || previous == 0x20 else { return text }
        return collapsedWhiteSpace(text)
    }
}

extension FeedItem {
    /// The item with every remote string passed through `TextSanitizer`, but its identity.
    ///
    /// `id` and `parentID` stay as the API sent them: items are compared by id, and two ids
    /// that differ only in control characters would become one if cleaned. Clean an id where
    /// it is shown (`TextSanitizer.clean(item.id)`: the pipe modes do). A link that carried a
    /// control or space character is cleaned for display and recorded in `refusedLinks`, so
    /// it is never opened as the different link cleaning made of it.
    public func sanitized() -> FeedItem {
        var item = self
        var refused = Set((refusedLinks ?? []).map { TextSanitizer.clean($0) })
        for link in [url, discussionURL].compactMap({ $0 }) where Self.linkHasHiddenCharacters(link) {
            refused.insert(TextSanitizer.clean(link))
        }
        item.refusedLinks = refused.isEmpty ? nil : refused
        item.title = TextSanitizer.clean(title)
        item.url = url.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
        item.author = author.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
        item.body = body.map { TextSanitizer.clean($0, mode: .multiline) }.flatMap { $0.isEmpty ? nil : $0 }
        item.discussionURL = discussionURL.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
        item.bodyHTML = bodyHTML.map(TextSanitizer.cleanKeepingLayout).flatMap { $0.isEmpty ? nil : $0 }
        item.facts = facts.map { $0.sanitized() }
        return item
    }
}

extension ItemFact {
    /// The fact with its name, text values and label passed through `TextSanitizer`.
    public func sanitized() -> ItemFact {
        var fact = self
        fact.name = TextSanitizer.clean(name)
        switch value {
        case let .text(text): fact.value = .text(TextSanitizer.clean(text))
        case let .list(texts): fact.value = .list(texts.map { TextSanitizer.clean($0) })
        case let .paragraphs(text): fact.value = .paragraphs(TextSanitizer.clean(text, mode: .multiline))
        case let .media(files):
            // A media link that carried a control or space character is left out, never cleaned
            // into another link (as `refusedLinks` does for an item's own links).
            fact.value = .media(files.filter { !FeedItem.linkHasHiddenCharacters($0.url) }.map { file in
                var file = file
                file.type = file.type.map { TextSanitizer.clean($0) }.flatMap { $0.isEmpty ? nil : $0 }
                return file
            })
        case .number, .flag, .time: break
        }
        switch label {
        case let .text(text): fact.label = .text(TextSanitizer.clean(text))
        case let .age(prefix): fact.label = .age(prefix: TextSanitizer.clean(prefix))
        case .hidden: break
        }
        return fact
    }
}

extension FeedError {
    /// The error with its message passed through `TextSanitizer`: messages quote servers
    /// (status lines, JSON error fields), and they reach the footer, stderr and the log.
    public func sanitized() -> FeedError {
        var error = self
        error.message = TextSanitizer.clean(message)
        return error
    }
}

extension Page {
    /// The page with every string it can draw passed through `TextSanitizer`: its items, the
    /// failures' messages, a thread's story, the feed's learned name and its end note (the
    /// source's words, which may quote the API). Ids and page keys are identities, never drawn.
    public func sanitized() -> Page {
        var page = self
        page.items = items.map { $0.sanitized() }
        page.itemFailures = itemFailures.map { $0.sanitized() }
        page.subject = subject?.sanitized()
        page.sourceName = sourceName.map { TextSanitizer.clean($0, mode: .line) }
        page.endNote = endNote.map { TextSanitizer.clean($0, mode: .line) }
        return page
    }
}
