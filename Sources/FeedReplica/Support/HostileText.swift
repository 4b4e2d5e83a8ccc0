/// Text that tries to take over the terminal that shows it, for `feedscroll serve --hostile`.
///
/// Each payload is readable words with escape sequences, controls and invisible characters
/// woven through: a reader that sanitises shows the words; one that does not sets the window
/// title, recolours, moves the cursor, clears the screen, switches modes or reverses text.
/// The words start with `HOSTILE n` so tests can find the rows.
public enum HostileText {
    private static let esc = "\u{1B}"

    /// One payload per attack, in a fixed order.
    public static let titles: [String] = [
        "HOSTILE 0 sets the \(esc)]0;PWNED window title\u{07} title",
        "HOSTILE 1 sets the \(esc)]2;PWNED st title\(esc)\\ with ST",
        "HOSTILE 2 \(esc)[38;2;1;2;3m\(esc)[48;5;201mrecolours\(esc)[5m and blinks\(esc)[8m hidden",
        "HOSTILE 3 moves \(esc)[1;1Hto the top left\(esc)[12;40H the cursor\(esc)7\(esc)[99B",
        "HOSTILE 4 clears \(esc)[2J\(esc)[3J\(esc)[H the screen",
        "HOSTILE 5 reverses \u{202E}txet desrever\u{202C} and isolates \u{2067}rtl\u{2069}",
        "HOSTILE 6 leaves \(esc)[?1049l the alternate screen \(esc)[?1049h",
        "HOSTILE 7 shows \(esc)[?25h the cursor and \(esc)[?1000l\(esc)[?1006l drops the mouse \(esc)[?7l",
        "HOSTILE 8 sends DCS \(esc)P+q544e\(esc)\\ and APC \(esc)_Gf=100;AAAA\(esc)\\ strings",
        "HOSTILE 9 sets a \(esc)[5;10r scroll region \(esc)D\(esc)M\(esc)E",
        "HOSTILE 10 uses C1 \u{9B}31m csi \u{9D}0;PWNED\u{9C} osc",
        "HOSTILE 11 hides zero\u{200B}width \u{2060}joiners\u{FEFF} and tags\u{E0070}\u{E0077}",
        "HOSTILE 12 overwrites abc\u{08}\u{08}\u{08}XYZ with backspaces\u{7F}",
        "HOSTILE 13 breaks\nthe line\rand returns\u{0B}\u{0C}",
        "HOSTILE 14 switches \(esc)(0charset lqqk\(esc)(B and \(esc)#8 aligns",
        "HOSTILE 15 resets \(esc)c the terminal \(esc)[!p softly",
        "HOSTILE 16 rings \u{07}\u{07} the bell and asks \(esc)[6n\(esc)[c for reports",
        "HOSTILE 17 links \(esc)]8;;https://evil.example\(esc)\\here\(esc)]8;;\(esc)\\ and copies \(esc)]52;c;cHduZWQ=\u{07}",
        "HOSTILE 18 piles z\u{300}\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308} marks",
        "HOSTILE 19 sends an unterminated \(esc)]0;PWNED",
    ]

    /// The payload for the item with sequence number `seq`.
    public static func title(_ seq: Int) -> String { titles[seq % titles.count] }

    /// An author that tries to recolour and retitle.
    public static func author(_ seq: Int) -> String {
        "mallory\(seq % 100)\(esc)]2;PWNED\u{07}\(esc)[31m\u{202E}"
    }

    /// A body (HTML, as HN sends it) carrying the same payloads between paragraphs.
    public static func body(_ seq: Int) -> String {
        "<p>\(title(seq + 1))</p><p>\(esc)[2J\(esc)[Hsecond paragraph \u{202E}reversed</p>"
    }
}
