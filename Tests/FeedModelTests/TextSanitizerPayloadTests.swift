import FeedModel
import Testing

private func scalar(_ value: UInt32) -> String { String(Unicode.Scalar(value)!) }

/// Payloads that try to take over a terminal, each with what must be left of it. The rule every
/// case also checks: no ESC, no C0/C1 control, no DEL, no bidi control survives.
@Suite struct TextSanitizerPayloadTests {
    @Test(arguments: [
        // Window and icon titles, hyperlinks, clipboard, colours: OSC ended by BEL, by ST, by C1 ST.
        ("\u{1B}]0;pwned\u{07}title", "title"),
        ("\u{1B}]2;pwned\u{1B}\\title", "title"),
        ("\u{1B}]1;icon\u{9C}title", "title"),
        ("\u{1B}]8;;https://evil.example\u{1B}\\link\u{1B}]8;;\u{1B}\\ text", "link text"),
        ("\u{1B}]52;c;cm0gLXJmIH4=\u{07}clip", "clip"),
        ("\u{1B}]4;1;rgb:ff/00/00\u{07}\u{1B}]10;#ff0000\u{07}\u{1B}]11;#000000\u{07}palette", "palette"),
        ("\u{9D}0;c1 title\u{07}after", "after"),
        // Unterminated strings swallow the rest rather than leak it.
        ("before \u{1B}]0;never ends", "before"),
        ("before \u{1B}P never ends", "before"),
        // Colours and attributes: SGR in every shape.
        ("\u{1B}[31mred\u{1B}[0m", "red"),
        ("\u{1B}[38;2;255;0;0mtrue\u{1B}[38:5:196mcolour", "truecolour"),
        ("\u{1B}[7mreverse\u{1B}[27m \u{1B}[5mblink\u{1B}[8mhidden", "reverse blinkhidden"),
        ("\u{9B}1;31mc1 sgr", "c1 sgr"),
        // Cursor moves, erasing, scrolling regions, modes.
        ("\u{1B}[Hhome\u{1B}[2J\u{1B}[3J\u{1B}[K", "home"),
        ("\u{1B}[10;20Hat\u{1B}[5Aup\u{1B}[3Cright", "atupright"),
        ("\u{1B}7save\u{1B}8restore\u{1B}[s\u{1B}[u", "saverestore"),
        ("\u{1B}[1;3rregion\u{1B}D\u{1B}M\u{1B}E", "region"),
        ("\u{1B}[?1049lalt off\u{1B}[?25lcursor off\u{1B}[?1000hmouse", "alt offcursor offmouse"),
        ("\u{1B}[>0q\u{1B}[c\u{1B}[6nqueries", "queries"),
        ("\u{1B}[!preset", "reset"),  // DECSTR: ! is an intermediate, p the final
        // Resets and charsets: ESC c, line drawing, DEC screen alignment, UTF-8 off.
        ("\u{1B}creset", "reset"),
        ("\u{1B}(0lqqk\u{1B}(B", "lqqk"),
        ("\u{1B}#8fill", "fill"),
        ("\u{1B}%@latin1", "latin1"),
        ("\u{1B} Fs7c1t", "s7c1t"),
        ("\u{1B}=\u{1B}>keypad", "keypad"),
        // DCS (sixel, DECRQSS), APC (kitty graphics), PM, SOS.
        ("\u{1B}Pq#0;2;0;0;0#0~~@@vv\u{1B}\\sixel", "sixel"),
        ("\u{1B}P$qm\u{1B}\\decrqss", "decrqss"),
        ("\u{1B}_Ga=T,f=100;AAAA\u{1B}\\kitty", "kitty"),
        ("\u{1B}^private\u{1B}\\pm", "pm"),
        ("\u{1B}Xstart of string\u{1B}\\sos", "sos"),
        ("\u{90}c1 dcs\u{9C}\u{9F}c1 apc\u{9C}\u{9E}c1 pm\u{9C}\u{98}c1 sos\u{9C}done", "done"),
        // Lone and doubled escapes keep the text after them.
        ("a\u{1B}\u{1B}[31mb", "ab"),
        ("a\u{1B}\u{00E9}b", "aéb"),
        ("end\u{1B}", "end"),
        ("csi\u{1B}[31", "csi"),
        // C0, C1, DEL: backspace overwrites, CR returns, BEL rings, SO shifts charset.
        ("abc\u{08}\u{08}\u{08}xyz", "abcxyz"),
        ("visible\rhidden", "visible hidden"),
        ("bell\u{07}\u{07}", "bell"),
        ("\u{0E}shift\u{0F}in", "shiftin"),
        ("del\u{7F}\u{7F}", "del"),
        ("nul\u{0}byte", "nulbyte"),
        ("c1\u{80}\u{84}\u{8D}\u{8E}\u{8F}\u{9A}", "c1"),
        ("next\u{85}line", "next line"),
        ("sep\u{2028}ara\u{2029}tor", "sep ara tor"),
        // Bidi overrides, embeddings, isolates and marks reverse or reorder text.
        ("\u{202E}txet desrever", "txet desrever"),
        ("a\u{202A}b\u{202B}c\u{202C}d\u{202D}e", "abcde"),
        ("\u{2066}x\u{2067}y\u{2068}z\u{2069}", "xyz"),
        ("l\u{200E}r\u{200F}a\u{061C}", "lra"),
        ("invoice_\u{202E}fdp.exe", "invoice_fdp.exe"),
        // Zero-width tricks.
        ("pay\u{200B}pal", "paypal"),
        ("pay\u{200D}pal\u{200C}", "paypal"),
        ("word\u{2060}joiner\u{FEFF}", "wordjoiner"),
        ("\u{FEFF}bom first", "bom first"),
        ("soft\u{AD}hyphen", "softhyphen"),
        ("filler\u{3164}\u{115F}\u{FFA0}", "filler"),
        ("tags\u{E0001}\u{E0069}\u{E0067}\u{E006E}\u{E007F} hidden", "tags hidden"),
        ("non" + scalar(0xFFFE) + "char" + scalar(0xFDD0), "nonchar"),
        // Stacked combining marks (zalgo) are capped; a mark with no base goes.
        ("\u{301}\u{302}start", "start"),
        ("z\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}", "z\u{300}\u{301}\u{302}\u{303}"),
        ("a \u{301}b", "a b"),
    ] as [(String, String)])
    func payloadIsDisarmed(_ payload: String, _ expected: String) {
        let clean = TextSanitizer.clean(payload)
        #expect(clean == expected)
        #expect(!clean.unicodeScalars.contains(where: Self.isForbidden), "forbidden scalar left in \(clean.debugDescription)")
    }

    @Test(arguments: [
        "emoji 👩‍💻 and 👨‍👩‍👧 keep their joiners",
        "flags 🏴󠁧󠁢󠁳󠁣󠁴󠁿 and 🇰🇷 stay",
        "skin tones 👍🏽 and keycaps 1️⃣",
        "Persian می‌خواهم keeps its ZWNJ",
        "Devanagari क्‍ष keeps its ZWJ",
        "Vietnamese Tiếng Việt",
        "CJK 日本語 and Hangul 한국어",
        "Arabic مرحبا and Hebrew שלום read right to left by themselves",
        "math ∑ x² ≤ ∞, arrows → ⇒",
    ])
    func realTextIsLeftAlone(_ text: String) {
        #expect(TextSanitizer.clean(text) == text)
    }

    @Test func invalidBytesBecomeReplacementCharacters() {
        // Overlong encodings, lone continuation bytes, truncated sequences, surrogates, > U+10FFFF.
        let bytes: [UInt8] = [0x61, 0xC0, 0xAF, 0x62, 0x80, 0x63, 0xE2, 0x82, 0x64, 0xED, 0xA0, 0x80, 0x65, 0xF4, 0x90, 0x80, 0x80]
        let clean = TextSanitizer.clean(bytes: bytes)
        #expect(clean.hasPrefix("a\u{FFFD}"))
        #expect(clean.filter { $0 != "\u{FFFD}" } == "abcde")
        // An overlong ESC (C0 9B is not ESC, 0xC1 0x9B is overlong CSI) never decodes to a control.
        let overlong: [UInt8] = [0xC0, 0x9B, 0x33, 0x31, 0x6D, 0x78, 0xC2, 0x9B, 0x33, 0x31, 0x6D, 0x79]
        let cleaned = TextSanitizer.clean(bytes: overlong)
        #expect(!cleaned.unicodeScalars.contains(where: Self.isForbidden))
        #expect(cleaned.hasSuffix("xy"))
    }

    @Test func multilineKeepsLineBreaksButNothingElse() {
        let body = "para one\u{1B}[2J\u{1B}[H\r\n\u{202E}para two\u{2029}\u{85}\n\n\nthird\u{1B}]0;x\u{07}"
        #expect(TextSanitizer.clean(body, mode: .multiline) == "para one\npara two\n\nthird")
    }

    @Test func cleaningTwiceChangesNothing() {
        let payloads = ["\u{1B}[31mred", "e\u{301}\u{302}\u{303}\u{304}\u{305}", "👩‍💻 \u{200D}x", "a\u{1B}(0b"]
        for payload in payloads {
            let once = TextSanitizer.clean(payload)
            #expect(TextSanitizer.clean(once) == once)
        }
    }

    @Test func errorMessagesAreSanitised() {
        let error = FeedError(.http(status: 500), "HTTP 500: \u{1B}]0;pwned\u{07}\u{1B}[2Jboom\u{202E}")
        #expect(error.sanitized().message == "HTTP 500: boom")
        #expect(error.sanitized().kind == error.kind)
    }

    static func isForbidden(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0x200B, 0x2060, 0xFEFF, 0xE0000...0xE007F: true
        default: false
        }
    }
}
