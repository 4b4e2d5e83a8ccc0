/// One thing a source says about an item, in that source's own words: GitHub's stars and
/// language, Reddit's subreddit, Stack Exchange's views and accepted answer, Wikipedia's byte
/// change.
///
/// An item's facts, in order, are its meta line (each `label` joined by ` · `) and, by `name`,
/// the source's own fields in `--json`. The adapter that knows the API writes the label, so
/// every source speaks its own language; only ages are worded when drawn, since they grow.
public struct ItemFact: Sendable, Hashable, Codable {
    /// The value as data, for `--json`.
    public enum Value: Sendable, Hashable, Codable {
        case number(Int)
        case text(String)
        case list([String])
        case flag(Bool)
        /// Unix seconds.
        case time(Int64)
        /// Plain text with its paragraphs (a feed entry's summary and content in `--json`).
        case paragraphs(String)
        /// Media files the item carries (a feed's enclosures, a JSON Feed's attachments).
        case media([Media])
    }

    /// A media file: where it is, what it is, how big the source says it is.
    public struct Media: Sendable, Hashable, Codable {
        public var url: String
        public var type: String?
        /// Bytes, as the source states them.
        public var length: Int64?

        public init(url: String, type: String? = nil, length: Int64? = nil) {
            self.url = url
            self.type = type
            self.length = length
        }
    }

    /// How the fact shows on the meta line.
    public enum Label: Sendable, Hashable, Codable {
        /// Only in `--json` (and the detail, where it says so).
        case hidden
        /// These words, as they are.
        case text(String)
        /// The age of a `.time` value (`3h`), after these words (`updated 3h`).
        case age(prefix: String)
    }

    /// The field name in `--json` (`stars`, `forks`, `subreddit`); the common fields (`author`,
    /// `score`, `comments`, `time`) name facts that the common field already carries.
    public var name: String
    public var value: Value
    public var label: Label

    public init(_ name: String, _ value: Value, label: Label) {
        self.name = name
        self.value = value
        self.label = label
    }
}

extension ItemFact {
    /// The label's words; empty for a hidden fact or an age (worded when drawn).
    public var labelText: String {
        if case let .text(text) = label { text } else { "" }
    }
}

// MARK: - The facts sources share

extension ItemFact {
    /// A count worded with its noun: `1 point`, `12 points`, `★ 12` with `symbol`.
    ///
    /// - Parameters:
    ///   - name: the `--json` field.
    ///   - count: the number.
    ///   - one: the noun for one (`point`); `many` defaults to it with an `s`.
    ///   - symbol: written before the number instead of a noun after it (`★`).
    public static func count(_ name: String, _ count: Int, _ one: String = "", many: String? = nil, symbol: String? = nil) -> ItemFact {
        let shown = symbol.map { "\($0) \(grouped(count))" }
            ?? "\(grouped(count)) \(count == 1 ? one : (many ?? one + "s"))"
        return ItemFact(name, .number(count), label: .text(shown))
    }

    /// Who wrote it, as the source writes names (`alice`, `@alice@host`, `u/alice`).
    public static func author(_ name: String, shown: String? = nil) -> ItemFact {
        ItemFact("author", .text(name), label: .text(shown ?? name))
    }

    /// When it happened, drawn as an age (`3h`, `updated 2d`).
    public static func age(_ seconds: Int64, prefix: String = "", name: String = "time") -> ItemFact {
        ItemFact(name, .time(seconds), label: .age(prefix: prefix))
    }

    /// Words shown as they are, under a `--json` name.
    public static func text(_ name: String, _ value: String, shown: String? = nil) -> ItemFact {
        ItemFact(name, .text(value), label: .text(shown ?? value))
    }

    /// `12345` → `12,345`: counts read at a glance.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return number < 0 ? "−" + out : out
    }
}
