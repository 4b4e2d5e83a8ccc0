/// Titles in many scripts, for `feedscroll serve --scripts`: what a terminal must draw cell for
/// cell as it would draw the same text printed raw (conjuncts and vowel signs, right-to-left
/// letters, wide CJK and Hangul, flags, skin tones, joined emoji, keycaps).
///
/// Each title starts with `SCRIPT n` so tests can find the rows.
public enum ScriptText {
    /// One line per script or sequence, in a fixed order.
    public static let samples: [String] = [
        "नमस्ते दुनिया, हिन्दी में क्षत्रिय",             // Devanagari: viramas, conjuncts, vowel signs
        "হ্যালো বিশ্ব, বাংলা লিপি",                       // Bengali
        "வணக்கம் உலகம், தமிழ் எழுத்து",                   // Tamil: spacing vowel signs
        "สวัสดีชาวโลก ภาษาไทย น้ำ",                      // Thai: marks above and below
        "مرحبا بالعالم، اللغة العربية",                   // Arabic, right to left, drawn in logical order
        "שלום עולם, עִברִית",                              // Hebrew with points
        "你好世界，中文標題と日本語のかな",                 // CJK and kana: two columns each
        "안녕하세요 세계, 한국어",                          // Hangul syllables
        "flags 🇺🇸 🇯🇵 🇧🇷 and 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "skin tones 👍🏽 👋🏿 and 👩🏽\u{200D}💻",
        "families 👨\u{200D}👩\u{200D}👧 and 🏳\u{FE0F}\u{200D}🌈 joined",
        "keycaps 1\u{FE0F}\u{20E3} #\u{FE0F}\u{20E3} and ❤\u{FE0F}",
        "accents cafe\u{301} Ångström naïve",
    ]

    /// The title for the item with sequence number `seq`.
    public static func title(_ seq: Int) -> String {
        "SCRIPT \(seq % samples.count) \(samples[seq % samples.count])"
    }

    /// A story text with every sample as its own paragraph (HN's HTML: `<p>` between).
    public static func body(_ seq: Int) -> String {
        samples.enumerated().map { "SCRIPT \($0.offset) \($0.element)" }.joined(separator: "<p>")
    }
}
